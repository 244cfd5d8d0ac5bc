/** One picture's layers: the room, and the dress form with the gown on it, back to front. */

import { bodice, sleevePaths } from "./bodice";
import {
  CX,
  FLOOR_Y,
  HIGH_LOW_BACK,
  SKIRTS,
  WAIST_Y,
  f,
  foldPath,
  hemPoints,
  mirror,
  rightContour,
  skirtPath,
  smooth,
  torsoHalfWidth,
} from "./geometry";
import { flower, laceMotif, sparkle } from "./ornament";
import { BACKDROPS_FOR_DARK, BACKDROPS_FOR_PALE, hashString, luminance, mix, paletteFor, seededRandom } from "./palette";
import { ART_HEIGHT, ART_WIDTH, type Detail, type GownPicture } from "./types";

interface GownLayers {
  defs: string;
  /** The room: wall, alcove, floor and the gown's shadow. */
  room: string;
  /** The dress form and the gown on it. */
  figure: string;
}

/** The SVG for one picture of a gown. */
export function drawGown(picture: GownPicture): string {
  const { defs, room, figure } = gownLayers(picture);
  // The detail view frames the bodice and waist, where the handwork is.
  const viewBox = picture.view === "detail" ? "176 126 248 310" : "0 0 600 750";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${ART_WIDTH}" height="${ART_HEIGHT}" preserveAspectRatio="xMidYMid slice"><defs>${defs}</defs>${room}${figure}</svg>`;
}

/**
 * The dress form and the gown, without the room, for a scene drawn by someone
 * else: SVG markup in this engine's 600 x 750 space (scale it to fit), its
 * definitions apart. Ids get `idPrefix`, so several gowns can share one SVG.
 * `density` (0 to 1) thins the scattered lace, tulle and sequins, to keep a
 * static file small; the product pictures draw them all.
 */
export function drawGownFigure(
  picture: GownPicture,
  { idPrefix, density = 1 }: { idPrefix: string; density?: number },
): { defs: string; body: string } {
  const { defs, figure } = gownLayers(picture, density);
  const prefix = (markup: string) =>
    markup.replace(/\bid="([\w-]+)"/g, `id="${idPrefix}-$1"`).replace(/url\(#([\w-]+)\)/g, `url(#${idPrefix}-$1)`);
  return { defs: prefix(defs), body: prefix(figure) };
}

function gownLayers({ spec, color, view, seed }: GownPicture, density = 1): GownLayers {
  const scatter = (count: number) => Math.round(count * density);
  const rand = seededRandom(`${seed}:${view}`);
  const p = paletteFor(color);
  const pale = luminance(color) > 0.45;
  const backdrops = pale ? BACKDROPS_FOR_PALE : BACKDROPS_FOR_DARK;
  const bg = backdrops[hashString(seed) % backdrops.length]!;
  const skirt = SKIRTS[spec.silhouette];
  const [hemY, hemW] = skirt.edge[skirt.edge.length - 1]!;
  const has = (d: Detail) => spec.details.includes(d);
  const sheerOpacity = spec.fabric === "lace" ? 0.5 : 0.42;
  const formFill = "#efe5d3";
  const formEdge = "#c4b295";

  const defs: string[] = [];
  const back: string[] = [];
  const body: string[] = [];
  const front: string[] = [];

  defs.push(
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg.top}"/><stop offset="1" stop-color="${bg.bottom}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.38" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.38"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000000" stop-opacity="0.28"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>`,
    // Across the body: shadowed sides, a lit middle; satin and velvet get a sharper sheen.
    `<linearGradient id="cloth" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.deep}"/><stop offset="0.18" stop-color="${p.shade}"/><stop offset="0.42" stop-color="${spec.fabric === "satin" || spec.fabric === "velvet" ? p.light : p.base}"/><stop offset="0.55" stop-color="${p.base}"/><stop offset="0.8" stop-color="${p.shade}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient>`,
    `<linearGradient id="fall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="0.7" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="${pale ? 0.1 : 0.22}"/></linearGradient>`,
    `<linearGradient id="form" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d9ccb6"/><stop offset="0.45" stop-color="${formFill}"/><stop offset="1" stop-color="#d4c5ad"/></linearGradient>`,
    `<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="3"/></filter>`,
    `<filter id="softer" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter>`,
  );

  // The room: wall, a shallow arched alcove, a little ornament, the floor.
  const scene: string[] = [
    `<rect width="600" height="750" fill="url(#wall)"/>`,
    `<path d="M 96 712 L 96 250 C 96 110 196 48 300 48 C 404 48 504 110 504 250 L 504 712 Z" fill="${bg.arch}" opacity="0.75"/>`,
    `<path d="M 96 712 L 96 250 C 96 110 196 48 300 48 C 404 48 504 110 504 250 L 504 712" fill="none" stroke="${bg.ornament}" stroke-width="1.5" opacity="0.7"/>`,
    `<rect width="600" height="750" fill="url(#glow)"/>`,
    `<rect y="${FLOOR_Y}" width="600" height="${750 - FLOOR_Y}" fill="${bg.floor}"/>`,
    `<rect y="${FLOOR_Y}" width="600" height="2" fill="#000000" opacity="0.08"/>`,
  ];
  for (let i = 0; i < 7; i++) {
    const y = 90 + i * 26;
    scene.push(
      sparkle(52 + (i % 2) * 10, y, 3 + (i % 3), bg.ornament, 0.35),
      sparkle(548 - (i % 2) * 10, y + 12, 3 + ((i + 1) % 3), bg.ornament, 0.35),
    );
  }
  scene.push(`<ellipse cx="${CX}" cy="${FLOOR_Y + 4}" rx="${f(Math.max(hemW, 120) + 40)}" ry="16" fill="url(#shadow)"/>`);

  // The dress form: its stand shows below a short hem, its neck above every neckline.
  if (skirt.short) {
    back.push(
      `<rect x="${CX - 5}" y="${f(hemY - 10)}" width="10" height="${f(FLOOR_Y - 14 - hemY + 10)}" rx="3" fill="#6b5a48"/>`,
      `<rect x="${CX - 3}" y="${f(hemY - 10)}" width="2" height="${f(FLOOR_Y - 14 - hemY + 10)}" fill="#ffffff" opacity="0.25"/>`,
      `<path d="M ${CX - 70} ${FLOOR_Y - 2} Q ${CX} ${FLOOR_Y - 26} ${CX + 70} ${FLOOR_Y - 2} L ${CX + 64} ${FLOOR_Y + 2} Q ${CX} ${FLOOR_Y - 16} ${CX - 64} ${FLOOR_Y + 2} Z" fill="#5b4b3b"/>`,
      `<circle cx="${CX}" cy="${FLOOR_Y - 16}" r="7" fill="#b8955a"/>`,
    );
  }
  const formRight = rightContour(150, 420);
  const formOutline = `M ${f(CX + 21)} 150${smooth(formRight)} Q ${CX} 436 ${f(CX - torsoHalfWidth(420))} 420${smooth(mirror(formRight))} Z`;
  back.push(
    `<path d="M ${CX - 17} 112 L ${CX + 17} 112 L ${CX + 21} 152 L ${CX - 21} 152 Z" fill="url(#form)" stroke="${formEdge}" stroke-width="1.2"/>`,
    `<ellipse cx="${CX}" cy="112" rx="24" ry="7" fill="#7a6450"/>`,
    `<ellipse cx="${CX}" cy="110" rx="22" ry="5" fill="#9a8066"/>`,
    `<path d="M ${CX - 4} 110 L ${CX - 3} 94 L ${CX + 3} 94 L ${CX + 4} 110 Z" fill="#b8955a"/>`,
    `<circle cx="${CX}" cy="92" r="6" fill="#c9a96e"/>`,
    `<circle cx="${CX - 2}" cy="90" r="2" fill="#ffffff" opacity="0.6"/>`,
    `<path d="${formOutline}" fill="url(#form)" stroke="${formEdge}" stroke-width="1.2"/>`,
    `<path d="M ${CX} 156 L ${CX} 300" stroke="${formEdge}" stroke-width="1" opacity="0.5"/>`,
  );

  // Behind the body: a cape, a train, the long back of a high-low skirt.
  const sleeves = sleevePaths(spec.sleeves);
  if (spec.sleeves === "cape") {
    // A sheer cape falls from the shoulders behind the gown, a little wider than its hem and just short of the floor.
    const w = Math.min(hemW + 36, 200);
    const bottom = Math.min(hemY, FLOOR_Y) - 24;
    const cape = `M ${f(CX - 72)} 168 C ${f(CX - 110)} 260 ${f(CX - w + 10)} ${f(bottom - 220)} ${f(CX - w)} ${f(bottom)} Q ${f(CX - w / 2)} ${f(bottom + 14)} ${f(CX)} ${f(bottom + 6)} Q ${f(CX + w / 2)} ${f(bottom + 14)} ${f(CX + w)} ${f(bottom)} C ${f(CX + w - 10)} ${f(bottom - 220)} ${f(CX + 110)} 260 ${f(CX + 72)} 168 Z`;
    back.push(
      `<path d="${cape}" fill="${p.light}" opacity="0.38"/>`,
      `<path d="${cape}" fill="none" stroke="${p.shade}" stroke-width="1.2" opacity="0.45"/>`,
    );
    for (const t of [-0.6, -0.25, 0.25, 0.6]) {
      back.push(
        `<path d="M ${f(CX + t * 90)} 200 Q ${f(CX + t * (w - 10))} ${f(bottom - 200)} ${f(CX + t * w * 1.02)} ${f(bottom + 4)}" fill="none" stroke="${p.shade}" stroke-width="4" opacity="0.18" filter="url(#soft)"/>`,
      );
    }
  }
  for (const d of sleeves.behind)
    back.push(
      `<path d="${d}" fill="${p.light}" opacity="0.4"/>`,
      `<path d="${d}" fill="none" stroke="${p.shade}" stroke-width="1.2" opacity="0.5"/>`,
    );
  if (spec.silhouette === "high-low") {
    back.push(
      `<path d="${skirtPath(HIGH_LOW_BACK)}" fill="url(#cloth)"/>`,
      `<path d="${skirtPath(HIGH_LOW_BACK)}" fill="${p.deep}" opacity="0.16"/>`,
      `<path d="${skirtPath(HIGH_LOW_BACK)}" fill="url(#fall)"/>`,
    );
    for (const t of [-0.7, -0.35, 0.35, 0.7])
      back.push(`<path d="${foldPath(HIGH_LOW_BACK, t, 420, 3)}" fill="none" stroke="${p.deep}" stroke-width="3" opacity="0.35"/>`);
  }
  if (has("train")) {
    const train =
      view === "back"
        ? `M ${f(CX - hemW * 0.7)} ${f(hemY - 120)} C ${f(CX - hemW - 40)} ${f(hemY - 30)} ${f(CX - hemW - 60)} ${f(FLOOR_Y + 14)} ${f(CX - 40)} ${f(FLOOR_Y + 24)} L ${f(CX + 40)} ${f(FLOOR_Y + 24)} C ${f(CX + hemW + 60)} ${f(FLOOR_Y + 14)} ${f(CX + hemW + 40)} ${f(hemY - 30)} ${f(CX + hemW * 0.7)} ${f(hemY - 120)} Z`
        : `M ${f(CX + hemW * 0.3)} ${f(hemY - 140)} C ${f(CX + hemW + 30)} ${f(hemY - 60)} ${f(CX + hemW + 70)} ${f(FLOOR_Y - 4)} ${f(Math.min(590, CX + hemW + 86))} ${f(FLOOR_Y + 20)} Q ${f(CX + hemW * 0.6)} ${f(FLOOR_Y + 28)} ${f(CX)} ${f(FLOOR_Y + 16)} Z`;
    back.push(`<path d="${train}" fill="${p.shade}"/>`, `<path d="${train}" fill="${p.deep}" opacity="0.25" filter="url(#soft)"/>`);
  }

  // The skirt.
  const skirtD = skirtPath(skirt);
  defs.push(`<clipPath id="skirt-clip"><path d="${skirtD}"/></clipPath>`);
  body.push(`<path d="${skirtD}" fill="url(#cloth)"/>`);
  const foldStart = spec.silhouette === "mermaid" ? 540 : spec.silhouette === "sheath" ? 420 : WAIST_Y + 8;
  const foldCount = spec.silhouette === "ball-gown" ? 9 : spec.silhouette === "sheath" ? 4 : 7;
  const folds: string[] = [];
  for (let i = 0; i < foldCount; i++) {
    const t = -0.86 + (1.72 * i) / (foldCount - 1) + (rand() - 0.5) * 0.08;
    const dark = foldPath(skirt, t, foldStart, 4);
    const lit = foldPath(skirt, t + 0.06, foldStart, 4);
    const sharp = spec.fabric === "satin" || spec.fabric === "velvet";
    folds.push(
      `<path d="${dark}" fill="none" stroke="${p.deep}" stroke-width="${sharp ? 7 : 9}" opacity="${sharp ? 0.32 : 0.22}" filter="url(#soft)"/>`,
      `<path d="${lit}" fill="none" stroke="${p.lighter}" stroke-width="${sharp ? 4 : 6}" opacity="${sharp ? 0.5 : 0.25}" filter="url(#soft)"/>`,
    );
  }
  if (has("pleats")) {
    for (let i = 0; i < 17; i++) {
      const t = -0.94 + (1.88 * i) / 16;
      folds.push(`<path d="${foldPath(skirt, t, WAIST_Y + 6, 0)}" fill="none" stroke="${p.deep}" stroke-width="1.6" opacity="0.35"/>`);
    }
  }
  body.push(`<g clip-path="url(#skirt-clip)">${folds.join("")}<rect width="600" height="750" fill="url(#fall)"/></g>`);

  // Tulle and chiffon: a sheer outer layer a little wider than the skirt, hazy at the hem.
  if (spec.fabric === "tulle" || spec.fabric === "chiffon") {
    const overlay = skirtPath(skirt, 1.04);
    body.push(`<path d="${overlay}" fill="${p.lighter}" opacity="${spec.fabric === "tulle" ? 0.28 : 0.18}"/>`);
    if (spec.fabric === "tulle") {
      const dots: string[] = [];
      for (let i = 0; i < scatter(260); i++) {
        const t = rand() * 2 - 1;
        const y = WAIST_Y + 20 + rand() * (hemY - WAIST_Y - 20);
        const edge = skirt.edge.find(([ey]) => ey >= y)?.[1] ?? hemW;
        dots.push(
          `<circle cx="${f(CX + t * edge * 0.95)}" cy="${f(y)}" r="${f(0.8 + rand() * 1.2)}" fill="${p.lighter}" opacity="${f(0.25 + rand() * 0.35)}"/>`,
        );
      }
      body.push(`<g clip-path="url(#skirt-clip)">${dots.join("")}</g>`);
    }
  }

  // Ruffled tiers.
  if (has("ruffles")) {
    const tiers = 3;
    for (let k = 1; k <= tiers; k++) {
      const y = WAIST_Y + ((hemY - WAIST_Y) * k) / (tiers + 0.6);
      const edge = skirt.edge.find(([ey]) => ey >= y)?.[1] ?? hemW;
      const n = 10 + k * 2;
      let d = `M ${f(CX - edge)} ${f(y)}`;
      for (let i = 0; i < n; i++) {
        const x0 = CX - edge + (2 * edge * i) / n;
        const x1 = CX - edge + (2 * edge * (i + 1)) / n;
        d += ` Q ${f((x0 + x1) / 2)} ${f(y + 16)} ${f(x1)} ${f(y)}`;
      }
      body.push(
        `<g clip-path="url(#skirt-clip)"><path d="${d}" fill="none" stroke="${p.deep}" stroke-width="5" opacity="0.3" filter="url(#soft)"/><path d="${d}" fill="none" stroke="${p.lighter}" stroke-width="2" opacity="0.6" transform="translate(0 -3)"/></g>`,
      );
    }
  }

  // A thigh-high slit, and the hem line.
  if (has("slit") && view !== "back") {
    const x = CX + hemW * 0.42;
    body.push(
      `<path d="M ${f(x)} ${f(hemY + skirt.dip * 0.8)} C ${f(x - 6)} ${f(hemY - 80)} ${f(x - 14)} ${f(hemY - 160)} ${f(x - 20)} ${f(Math.max(WAIST_Y + 140, hemY - 230))}" fill="none" stroke="${p.deep}" stroke-width="3" opacity="0.55"/>`,
      `<path d="M ${f(x + 2)} ${f(hemY + skirt.dip * 0.8)} C ${f(x - 2)} ${f(hemY - 80)} ${f(x - 10)} ${f(hemY - 160)} ${f(x - 16)} ${f(Math.max(WAIST_Y + 140, hemY - 230))}" fill="none" stroke="${p.lighter}" stroke-width="1.5" opacity="0.5"/>`,
    );
  }
  if (spec.fabric === "lace") {
    const scallops = hemPoints(skirt, 28);
    let d = `M ${f(scallops[0]![0])} ${f(scallops[0]![1])}`;
    for (let i = 1; i < scallops.length; i++) {
      const [x0, y0] = scallops[i - 1]!;
      const [x1, y1] = scallops[i]!;
      d += ` Q ${f((x0 + x1) / 2)} ${f((y0 + y1) / 2 + 7)} ${f(x1)} ${f(y1)}`;
    }
    body.push(`<path d="${d}" fill="none" stroke="${p.lighter}" stroke-width="2.2" opacity="0.9"/>`);
  }

  // The bodice, sleeves, straps.
  const b = bodice(spec.neckline, view);
  defs.push(
    `<clipPath id="bodice-clip"><path d="${b.path}"/></clipPath>`,
    `<linearGradient id="bodice" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.deep}"/><stop offset="0.25" stop-color="${p.base}"/><stop offset="0.45" stop-color="${p.light}"/><stop offset="0.7" stop-color="${p.base}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient>`,
  );
  for (const d of b.sheer) body.push(`<path d="${d}" fill="${p.lighter}" opacity="${sheerOpacity}"/>`);
  body.push(`<path d="${b.path}" fill="url(#bodice)"/>`);
  const bodiceDetail: string[] = [];
  // Seams that shape the bodice over the bust.
  bodiceDetail.push(
    `<path d="M ${CX - 30} ${b.topY + 6} Q ${CX - 26} 270 ${CX - 22} ${WAIST_Y + 4}" fill="none" stroke="${p.deep}" stroke-width="2" opacity="0.3"/>`,
    `<path d="M ${CX + 30} ${b.topY + 6} Q ${CX + 26} 270 ${CX + 22} ${WAIST_Y + 4}" fill="none" stroke="${p.deep}" stroke-width="2" opacity="0.3"/>`,
  );
  if (has("corset")) {
    for (const x of [-44, -26, -10, 10, 26, 44])
      bodiceDetail.push(
        `<path d="M ${CX + x} ${b.topY} L ${CX + x * 0.85} ${WAIST_Y + 6}" stroke="${p.deep}" stroke-width="1.6" opacity="0.45"/>`,
      );
  }
  body.push(`<g clip-path="url(#bodice-clip)">${bodiceDetail.join("")}</g>`);
  body.push(`<path d="${b.path}" fill="none" stroke="${p.line}" stroke-width="1.2" opacity="0.55"/>`);
  for (const d of b.extras)
    body.push(`<path d="${d}" fill="url(#bodice)"/>`, `<path d="${d}" fill="none" stroke="${p.line}" stroke-width="1" opacity="0.5"/>`);
  for (const d of sleeves.solid)
    body.push(`<path d="${d}" fill="url(#bodice)"/>`, `<path d="${d}" fill="none" stroke="${p.line}" stroke-width="1" opacity="0.5"/>`);
  for (const d of sleeves.gathers ?? []) body.push(`<path d="${d}" fill="none" stroke="${p.deep}" stroke-width="1.6" opacity="0.35"/>`);
  for (const d of sleeves.sheer)
    body.push(
      `<path d="${d}" fill="${p.lighter}" opacity="${sheerOpacity}"/>`,
      `<path d="${d}" fill="none" stroke="${p.light}" stroke-width="1.2" opacity="0.7"/>`,
    );
  if (spec.sleeves === "long") {
    for (const s of [-1, 1])
      body.push(
        `<path d="M ${f(CX + s * 84)} 414 Q ${f(CX + s * 90)} 424 ${f(CX + s * 96)} 416 Q ${f(CX + s * 102)} 426 ${f(CX + s * 110)} 414" fill="none" stroke="${p.lighter}" stroke-width="2" opacity="0.9"/>`,
      );
  }

  // Fabric texture over bodice and skirt.
  const texture: string[] = [];
  if (spec.fabric === "lace") {
    for (let i = 0; i < scatter(120); i++) {
      const y = b.topY + rand() * (hemY - b.topY);
      const half = y < WAIST_Y ? torsoHalfWidth(y) : (skirt.edge.find(([ey]) => ey >= y)?.[1] ?? hemW);
      const x = CX + (rand() * 2 - 1) * half * 0.92;
      // Lace thins towards the hem, as on an appliquéd gown.
      if (y > WAIST_Y && rand() < (y - WAIST_Y) / (hemY - WAIST_Y)) continue;
      texture.push(laceMotif(x, y, 6 + rand() * 6, rand() * 360, p.lighter));
    }
  }
  if (spec.fabric === "sequin" || has("beading")) {
    const count = scatter(spec.fabric === "sequin" ? 900 : 140);
    const bottom = spec.fabric === "sequin" ? hemY : WAIST_Y + 10;
    for (let i = 0; i < count; i++) {
      const y = b.topY + rand() * (bottom - b.topY);
      const half = y < WAIST_Y ? torsoHalfWidth(y) : (skirt.edge.find(([ey]) => ey >= y)?.[1] ?? hemW);
      const x = CX + (rand() * 2 - 1) * half;
      const bright = rand();
      texture.push(
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(1 + rand() * 1.6)}" fill="${bright > 0.7 ? "#ffffff" : p.lighter}" opacity="${f(0.25 + bright * 0.6)}"/>`,
      );
    }
    for (let i = 0; i < scatter(spec.fabric === "sequin" ? 26 : 8); i++) {
      const y = b.topY + rand() * (bottom - b.topY);
      const half = y < WAIST_Y ? torsoHalfWidth(y) : (skirt.edge.find(([ey]) => ey >= y)?.[1] ?? hemW);
      texture.push(sparkle(CX + (rand() * 2 - 1) * half * 0.9, y, 4 + rand() * 6, "#ffffff", 0.85));
    }
  }
  if (spec.fabric === "velvet") {
    texture.push(`<path d="${skirtD}" fill="none" stroke="${p.lighter}" stroke-width="10" opacity="0.12" filter="url(#softer)"/>`);
  }
  if (texture.length)
    body.push(`<g clip-path="url(#skirt-clip)">${texture.join("")}</g><g clip-path="url(#bodice-clip)">${texture.join("")}</g>`);

  // Appliquéd flowers, gathered on the bodice and falling down one side of the skirt.
  if (has("appliques")) {
    const petal = pale ? "#ffffff" : p.lighter;
    const centre = pale ? "#e8d3a8" : "#f3e3bf";
    for (let i = 0; i < 26; i++) {
      const onSkirt = i > 9;
      const y = onSkirt ? WAIST_Y + 10 + Math.pow(rand(), 1.6) * (hemY - WAIST_Y - 40) : b.topY + 6 + rand() * (WAIST_Y - b.topY - 6);
      const half = y < WAIST_Y ? torsoHalfWidth(y) * 0.8 : (skirt.edge.find(([ey]) => ey >= y)?.[1] ?? hemW) * 0.9;
      const x = onSkirt ? CX - half * (0.2 + rand() * 0.75) : CX + (rand() * 2 - 1) * half;
      front.push(flower(x, y, 5 + rand() * (onSkirt ? 8 : 5), petal, centre, rand() * 72));
    }
  }

  // Waist: a sash or jewelled belt, maybe a bow.
  if (has("belt")) {
    const belt = `M ${f(CX - torsoHalfWidth(290))} 290 Q ${CX} 298 ${f(CX + torsoHalfWidth(290))} 290 L ${f(CX + torsoHalfWidth(306))} 306 Q ${CX} 316 ${f(CX - torsoHalfWidth(306))} 306 Z`;
    const metal = pale ? "#c9a96e" : p.lighter;
    front.push(
      `<path d="${belt}" fill="${metal}"/>`,
      `<path d="${belt}" fill="none" stroke="${mix(metal, "#000000", 0.3)}" stroke-width="1"/>`,
    );
    for (let x = -36; x <= 36; x += 8)
      front.push(`<circle cx="${CX + x}" cy="${f(300 + 3 - Math.abs(x) * 0.02)}" r="2.2" fill="#ffffff" opacity="0.85"/>`);
  }
  if (has("bow")) {
    const bx = view === "back" ? CX : CX + 34;
    const by = 300;
    front.push(
      `<path d="M ${bx} ${by} C ${bx - 30} ${by - 26} ${bx - 44} ${by + 2} ${bx - 36} ${by + 12} C ${bx - 28} ${by + 20} ${bx - 10} ${by + 8} ${bx} ${by} Z" fill="${p.shade}"/>`,
      `<path d="M ${bx} ${by} C ${bx + 30} ${by - 26} ${bx + 44} ${by + 2} ${bx + 36} ${by + 12} C ${bx + 28} ${by + 20} ${bx + 10} ${by + 8} ${bx} ${by} Z" fill="${p.shade}"/>`,
      `<path d="M ${bx - 4} ${by + 4} C ${bx - 16} ${by + 60} ${bx - 22} ${by + 120} ${bx - 30} ${by + 170} L ${bx - 18} ${by + 168} C ${bx - 10} ${by + 120} ${bx - 4} ${by + 60} ${bx + 2} ${by + 6} Z" fill="${p.shade}"/>`,
      `<path d="M ${bx + 4} ${by + 4} C ${bx + 14} ${by + 60} ${bx + 22} ${by + 110} ${bx + 26} ${by + 150} L ${bx + 38} ${by + 146} C ${bx + 30} ${by + 110} ${bx + 16} ${by + 60} ${bx + 6} ${by + 4} Z" fill="${p.shade}"/>`,
      `<ellipse cx="${bx}" cy="${by + 2}" rx="7" ry="8" fill="${p.base}" stroke="${p.deep}" stroke-width="1"/>`,
    );
  }

  // From behind: an open back or a lace-up, and a column of covered buttons.
  if (view === "back") {
    if (has("corset")) {
      let lace = "";
      for (let y = 226; y < 296; y += 12) lace += `M ${CX - 10} ${y} L ${CX + 10} ${y + 12} M ${CX + 10} ${y} L ${CX - 10} ${y + 12} `;
      front.push(
        `<path d="M ${CX - 12} 220 L ${CX - 12} 302 M ${CX + 12} 220 L ${CX + 12} 302" stroke="${p.deep}" stroke-width="2"/>`,
        `<path d="${lace}" stroke="${pale ? "#c9a96e" : p.lighter}" stroke-width="1.6" fill="none"/>`,
      );
    } else {
      const open = `M ${CX - 46} 214 C ${CX - 30} 240 ${CX - 12} 262 ${CX} 280 C ${CX + 12} 262 ${CX + 30} 240 ${CX + 46} 214 Z`;
      front.push(
        `<path d="${open}" fill="url(#form)"/>`,
        `<path d="M ${CX - 46} 214 C ${CX - 30} 240 ${CX - 12} 262 ${CX} 280 C ${CX + 12} 262 ${CX + 30} 240 ${CX + 46} 214" fill="none" stroke="${p.line}" stroke-width="1.4" opacity="0.6"/>`,
      );
    }
    const buttonsTo = Math.min(hemY - 40, spec.details.includes("buttons") ? 520 : 380);
    for (let y = 290; y < buttonsTo; y += 11)
      front.push(`<circle cx="${CX}" cy="${y}" r="3.2" fill="${p.light}" stroke="${p.deep}" stroke-width="0.8"/>`);
  }

  return {
    defs: defs.join(""),
    room: scene.join(""),
    figure: `<g>${back.join("")}</g><g>${body.join("")}</g><g>${front.join("")}</g>`,
  };
}
