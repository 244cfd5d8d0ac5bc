// The brand illustrations' parts (scripts/artwork.ts): SVG helpers, florals and the other scenes' pieces.
import { BRAND_COLORS as C, seededRandom } from "~/modules/built-in-store/gown-art";

export const f = (n: number) => Number(n.toFixed(1));

export function svg(width: number, height: number, title: string, body: string, defs = "") {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img"><title>${title}</title>${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>\n`;
}

export function linear(id: string, stops: [number, string, number?][], x2 = 0, y2 = 1) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a !== undefined ? ` stop-opacity="${a}"` : ""}/>`).join("")}</linearGradient>`;
}

export function radial(id: string, stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5) {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a !== undefined ? ` stop-opacity="${a}"` : ""}/>`).join("")}</radialGradient>`;
}

// --- florals -------------------------------------------------------------------

export function leaf(x: number, y: number, length: number, angle: number, color: string, opacity = 1) {
  const w = length * 0.38;
  return `<path d="M0 0 C ${f(w)} ${f(-length * 0.3)} ${f(w * 0.7)} ${f(-length * 0.8)} 0 ${f(-length)} C ${f(-w * 0.7)} ${f(-length * 0.8)} ${f(-w)} ${f(-length * 0.3)} 0 0 Z" fill="${color}" opacity="${opacity}" transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"/>`;
}

/** A curved stem with paired leaves, like a sprig of olive or eucalyptus. */
export function sprig(x: number, y: number, length: number, angle: number, color: string, leafColor = color, opacity = 1) {
  const parts: string[] = [];
  parts.push(
    `<path d="M0 0 Q ${f(length * 0.18)} ${f(-length * 0.5)} 0 ${f(-length)}" fill="none" stroke="${color}" stroke-width="${f(Math.max(1.2, length / 90))}" stroke-linecap="round"/>`,
  );
  const pairs = 5;
  for (let i = 1; i <= pairs; i++) {
    const t = i / (pairs + 1);
    const py = -length * t;
    const px = length * 0.18 * 2 * t * (1 - t);
    const size = length * (0.26 - t * 0.1);
    parts.push(leaf(px, py, size, -48, leafColor));
    parts.push(leaf(px, py, size, 48, leafColor));
  }
  parts.push(leaf(0, -length, length * 0.16, 0, leafColor));
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})" opacity="${opacity}">${parts.join("")}</g>`;
}

/** A garden rose seen from above: layered petals spiralling in. */
export function rose(x: number, y: number, r: number, light: string, deep: string) {
  const petals: string[] = [];
  const rings = [
    { radius: 1, count: 7, scale: 0.55 },
    { radius: 0.66, count: 6, scale: 0.45 },
    { radius: 0.36, count: 5, scale: 0.34 },
  ];
  rings.forEach((ring, ri) => {
    for (let i = 0; i < ring.count; i++) {
      const a = (i / ring.count) * Math.PI * 2 + ri * 0.5;
      const px = Math.cos(a) * r * ring.radius * 0.55;
      const py = Math.sin(a) * r * ring.radius * 0.55;
      petals.push(
        `<ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(r * ring.scale)}" ry="${f(r * ring.scale * 0.72)}" transform="rotate(${f((a * 180) / Math.PI + 90)} ${f(px)} ${f(py)})" fill="${ri % 2 ? deep : light}" stroke="${deep}" stroke-width="${f(r / 30)}" stroke-opacity="0.5"/>`,
      );
    }
  });
  petals.push(
    `<path d="M ${f(-r * 0.16)} 0 a ${f(r * 0.16)} ${f(r * 0.16)} 0 1 1 ${f(r * 0.2)} ${f(r * 0.1)}" fill="none" stroke="${deep}" stroke-width="${f(r / 18)}" stroke-linecap="round"/>`,
  );
  return `<g transform="translate(${f(x)} ${f(y)})">${petals.join("")}</g>`;
}

/** Small five-petal blossoms, for filler and scattered accents. */
export function blossom(x: number, y: number, r: number, petal: string, centre: string) {
  const petals = Array.from({ length: 5 }, (_, i) => {
    const a = (i / 5) * 360;
    return `<ellipse cx="0" cy="${f(-r * 0.55)}" rx="${f(r * 0.38)}" ry="${f(r * 0.55)}" fill="${petal}" transform="rotate(${a})"/>`;
  }).join("");
  return `<g transform="translate(${f(x)} ${f(y)})">${petals}<circle r="${f(r * 0.22)}" fill="${centre}"/></g>`;
}

export const f4 = (n: number) => Number(n.toFixed(4));

// --- other compositions ----------------------------------------------------------

export function swatchFan(cx: number, cy: number, scale: number, colours: string[]) {
  return colours
    .map((colour, i) => {
      const angle = -40 + (80 / (colours.length - 1)) * i;
      return `<g transform="translate(${cx} ${cy}) rotate(${f(angle)}) scale(${scale})"><rect x="-38" y="-300" width="76" height="300" rx="10" fill="${colour}" stroke="#ffffff" stroke-width="3"/><rect x="-38" y="-300" width="76" height="300" rx="10" fill="url(#sheen)"/><circle cx="0" cy="-30" r="7" fill="#ffffff" opacity="0.85"/></g>`;
    })
    .join("");
}

export function lacePattern(width: number, height: number, colour: string, seed: string) {
  const r = seededRandom(seed);
  const parts: string[] = [];
  for (let y = 40; y < height; y += 80) {
    for (let x = ((y / 80) % 2) * 40 + 40; x < width; x += 80) {
      parts.push(blossom(x, y, 20 + r() * 4, colour, C.champagne));
      parts.push(`<circle cx="${x}" cy="${y}" r="34" fill="none" stroke="${colour}" stroke-width="2.5"/>`);
      parts.push(`<circle cx="${x}" cy="${y}" r="40" fill="none" stroke="${colour}" stroke-width="1" stroke-dasharray="3 5"/>`);
      parts.push(`<circle cx="${x + 40}" cy="${y + 40}" r="4" fill="${colour}"/>`);
    }
  }
  return parts.join("");
}

export function bouquet(cx: number, cy: number, scale: number, palette: { light: string; deep: string; stem: string; leaf: string }) {
  const parts: string[] = [];
  parts.push(`<g transform="translate(${cx} ${cy}) scale(${scale})">`);
  for (const [angle, length] of [
    [-40, 300],
    [-20, 340],
    [0, 360],
    [22, 330],
    [44, 290],
    [-60, 250],
    [62, 250],
  ] as const) {
    parts.push(sprig(0, 40, length, angle, palette.stem, palette.leaf, 0.9));
  }
  // Stems gathered with a ribbon.
  parts.push(`<path d="M-26 40 L-10 250 M0 40 L0 260 M26 40 L10 250" stroke="${palette.stem}" stroke-width="7" stroke-linecap="round"/>`);
  parts.push(
    `<path d="M-30 150 Q0 170 30 150 L34 176 Q0 196 -34 176 Z" fill="${C.gold}"/><path d="M0 168 C-30 200 -50 240 -44 270 M0 168 C26 206 40 246 30 276" stroke="${C.gold}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  );
  for (const [x, y, r] of [
    [-70, -120, 52],
    [40, -150, 58],
    [-10, -40, 62],
    [95, -50, 48],
    [-110, -20, 44],
    [-40, -210, 44],
    [70, -240, 40],
  ] as const) {
    parts.push(rose(x, y, r, palette.light, palette.deep));
  }
  for (const [x, y] of [
    [-140, -110],
    [140, -150],
    [10, -280],
    [-100, -250],
    [130, 10],
  ] as const) {
    parts.push(blossom(x, y, 18, C.ivory, C.gold));
  }
  parts.push("</g>");
  return parts.join("");
}

export function veil(width: number, height: number) {
  return `<path d="M${width / 2} 120 C ${width / 2 - 60} 260 ${width / 2 - 210} 520 ${width / 2 - 250} ${height - 40} Q ${width / 2} ${height + 10} ${width / 2 + 250} ${height - 40} C ${width / 2 + 210} 520 ${width / 2 + 60} 260 ${width / 2} 120 Z" fill="url(#tulle)" stroke="${C.gold}" stroke-width="1.5"/>
<path d="M${width / 2} 120 C ${width / 2 - 20} 300 ${width / 2 - 120} 520 ${width / 2 - 150} ${height - 30} M${width / 2} 120 C ${width / 2 + 20} 300 ${width / 2 + 120} 520 ${width / 2 + 150} ${height - 30} M${width / 2} 120 L ${width / 2} ${height - 20}" fill="none" stroke="${C.gold}" stroke-width="1" opacity="0.6"/>
<ellipse cx="${width / 2}" cy="118" rx="46" ry="12" fill="${C.gold}"/>${[-30, -15, 0, 15, 30].map((dx) => `<circle cx="${width / 2 + dx}" cy="112" r="5" fill="${C.ivory}"/>`).join("")}`;
}

export function buttonsBack(width: number, height: number, fabric: string, shade: string) {
  const buttons = Array.from(
    { length: 14 },
    (_, i) =>
      `<circle cx="${width / 2}" cy="${110 + i * 34}" r="9" fill="${C.ivory}" stroke="${shade}" stroke-width="2"/><circle cx="${width / 2 - 2}" cy="${108 + i * 34}" r="3" fill="#ffffff"/>`,
  ).join("");
  return `<path d="M${width / 2 - 220} 0 C ${width / 2 - 160} 200 ${width / 2 - 150} 420 ${width / 2 - 260} ${height} L ${width / 2 + 260} ${height} C ${width / 2 + 150} 420 ${width / 2 + 160} 200 ${width / 2 + 220} 0 Z" fill="url(#sheen-fabric)"/>
<path d="M${width / 2} 0 L${width / 2} ${height}" stroke="${shade}" stroke-width="3"/>
<path d="M${width / 2 - 120} 0 Q ${width / 2 - 90} 300 ${width / 2 - 160} ${height} M${width / 2 + 120} 0 Q ${width / 2 + 90} 300 ${width / 2 + 160} ${height}" stroke="${shade}" stroke-width="2" fill="none" opacity="0.6"/>${buttons}${fabric ? "" : ""}`;
}

export function hangerWithTag() {
  return `<path d="M400 150 C400 120 430 110 440 130 C448 146 430 160 416 166 L400 176" fill="none" stroke="${C.goldDeep}" stroke-width="6" stroke-linecap="round"/>
<path d="M400 176 L210 300 Q200 310 214 312 L586 312 Q600 310 590 300 Z" fill="none" stroke="${C.goldDeep}" stroke-width="7" stroke-linejoin="round"/>
<path d="M520 312 L548 380" stroke="${C.goldDeep}" stroke-width="2"/>
<g transform="translate(548 380) rotate(-14)"><path d="M-34 0 L34 0 L34 110 L-34 110 Z M-34 0 L0 -22 L34 0" fill="${C.ivory}" stroke="${C.goldDeep}" stroke-width="2"/><circle cx="0" cy="-6" r="5" fill="${C.goldDeep}"/><path d="M-20 40 H20 M-20 58 H20 M-20 76 H10" stroke="${C.gold}" stroke-width="4" stroke-linecap="round"/></g>`;
}

export function frame(width: number, height: number, colour: string) {
  return `<rect x="24" y="24" width="${width - 48}" height="${height - 48}" fill="none" stroke="${colour}" stroke-width="1.5"/>`;
}
