/** Small ornaments: appliquéd flowers, corded lace motifs, sparkles. */

import { f } from "./geometry";

export function flower(x: number, y: number, r: number, fill: string, centre: string, rotate: number): string {
  const petals = Array.from({ length: 5 }, (_, i) => {
    const a = (i * 72 + rotate) * (Math.PI / 180);
    return `<ellipse cx="${f(x + Math.cos(a) * r * 0.55)}" cy="${f(y + Math.sin(a) * r * 0.55)}" rx="${f(r * 0.52)}" ry="${f(r * 0.34)}" transform="rotate(${f((a * 180) / Math.PI)} ${f(x + Math.cos(a) * r * 0.55)} ${f(y + Math.sin(a) * r * 0.55)})" fill="${fill}"/>`;
  }).join("");
  return `<g>${petals}<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.22)}" fill="${centre}"/></g>`;
}

/** A sprig of corded lace: a flower outline with two leaves. */
export function laceMotif(x: number, y: number, r: number, rotate: number, color: string): string {
  const petals = Array.from({ length: 5 }, (_, i) => {
    const a = (i * 72 * Math.PI) / 180;
    const px = Math.cos(a) * r * 0.5;
    const py = Math.sin(a) * r * 0.5;
    return `<ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(r * 0.42)}" ry="${f(r * 0.24)}" transform="rotate(${i * 72} ${f(px)} ${f(py)})"/>`;
  }).join("");
  const leaves = `<path d="M ${f(r * 0.7)} ${f(r * 0.4)} Q ${f(r * 1.5)} ${f(r * 0.2)} ${f(r * 2)} ${f(r * 1.1)} Q ${f(r * 1.2)} ${f(r * 1.2)} ${f(r * 0.7)} ${f(r * 0.4)} Z M ${f(-r * 0.7)} ${f(r * 0.4)} Q ${f(-r * 1.4)} ${f(r * 1.4)} ${f(-r * 0.6)} ${f(r * 2)} Q ${f(-r * 0.3)} ${f(r * 1.2)} ${f(-r * 0.7)} ${f(r * 0.4)} Z"/>`;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rotate)})" fill="none" stroke="${color}" stroke-width="0.9" opacity="0.6">${petals}${leaves}<circle r="${f(r * 0.14)}" fill="${color}"/></g>`;
}

export function sparkle(x: number, y: number, r: number, color: string, opacity: number): string {
  return `<path d="M ${f(x)} ${f(y - r)} Q ${f(x + r * 0.18)} ${f(y - r * 0.18)} ${f(x + r)} ${f(y)} Q ${f(x + r * 0.18)} ${f(y + r * 0.18)} ${f(x)} ${f(y + r)} Q ${f(x - r * 0.18)} ${f(y + r * 0.18)} ${f(x - r)} ${f(y)} Q ${f(x - r * 0.18)} ${f(y - r * 0.18)} ${f(x)} ${f(y - r)} Z" fill="${color}" opacity="${f(opacity)}"/>`;
}
