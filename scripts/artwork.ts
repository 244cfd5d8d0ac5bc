/**
 * The boutique's illustrations: gowns, florals and fabric drawn as SVG from
 * a few shapes, so every image on the site is our own, crisp at any size and
 * a few kilobytes. Deterministic: running it again writes the same files.
 *
 * Every gown is drawn by the site's one gown engine
 * (`app/modules/built-in-store/gown-art.ts`, which also draws the demo
 * collection's product pictures); this script sets the scenes around them,
 * with the engine's palette and seeded random.
 *
 *   npx tsx scripts/artwork.ts   (writes public/images/brand/*.svg)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BRAND_COLORS as C, drawGownFigure, seededRandom, type GownPicture, type GownSpec } from "~/modules/built-in-store/gown-art";

const OUT = fileURLToPath(new URL("../public/images/brand/", import.meta.url));

const f = (n: number) => Number(n.toFixed(1));

function svg(width: number, height: number, title: string, body: string, defs = "") {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img"><title>${title}</title>${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>\n`;
}

function linear(id: string, stops: [number, string, number?][], x2 = 0, y2 = 1) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a !== undefined ? ` stop-opacity="${a}"` : ""}/>`).join("")}</linearGradient>`;
}

function radial(id: string, stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5) {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a !== undefined ? ` stop-opacity="${a}"` : ""}/>`).join("")}</radialGradient>`;
}

// --- florals -------------------------------------------------------------------

function leaf(x: number, y: number, length: number, angle: number, color: string, opacity = 1) {
  const w = length * 0.38;
  return `<path d="M0 0 C ${f(w)} ${f(-length * 0.3)} ${f(w * 0.7)} ${f(-length * 0.8)} 0 ${f(-length)} C ${f(-w * 0.7)} ${f(-length * 0.8)} ${f(-w)} ${f(-length * 0.3)} 0 0 Z" fill="${color}" opacity="${opacity}" transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"/>`;
}

/** A curved stem with paired leaves, like a sprig of olive or eucalyptus. */
function sprig(x: number, y: number, length: number, angle: number, color: string, leafColor = color, opacity = 1) {
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
function rose(x: number, y: number, r: number, light: string, deep: string) {
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
function blossom(x: number, y: number, r: number, petal: string, centre: string) {
  const petals = Array.from({ length: 5 }, (_, i) => {
    const a = (i / 5) * 360;
    return `<ellipse cx="0" cy="${f(-r * 0.55)}" rx="${f(r * 0.38)}" ry="${f(r * 0.55)}" fill="${petal}" transform="rotate(${a})"/>`;
  }).join("");
  return `<g transform="translate(${f(x)} ${f(y)})">${petals}<circle r="${f(r * 0.22)}" fill="${centre}"/></g>`;
}

// --- gowns ---------------------------------------------------------------------

export interface BrandGown {
  spec: GownSpec;
  /** The gown's colour, #rrggbb. */
  color: string;
}

/**
 * Lace, tulle and sequins are scattered more thinly than on a product picture,
 * which is a raster: these files are served as SVG and must stay small.
 */
export const BRAND_GOWN_DENSITY = 0.1;

/** The engine draws in 600 x 750; the scenes here are 800 x 1000. */
const ENGINE_TO_SCENE = 4 / 3;

const IVORY_SILK = "#fffaf2";

/** Every gown in the brand artwork, by the id its drawing carries. */
export const BRAND_GOWNS: Record<string, BrandGown> = {
  magnolia: {
    spec: { silhouette: "a-line", neckline: "sweetheart", sleeves: "none", fabric: "lace", details: ["belt"] },
    color: IVORY_SILK,
  },
  forsyth: {
    spec: { silhouette: "ball-gown", neckline: "off-shoulder", sleeves: "none", fabric: "satin", details: ["belt"] },
    color: "#f6ead3",
  },
  tybee: { spec: { silhouette: "mermaid", neckline: "v-neck", sleeves: "none", fabric: "lace", details: [] }, color: "#fffdf8" },
  oglethorpe: { spec: { silhouette: "sheath", neckline: "square", sleeves: "none", fabric: "crepe", details: [] }, color: "#fbf6ec" },
  jonesstreet: {
    spec: { silhouette: "a-line", neckline: "off-shoulder", sleeves: "none", fabric: "satin", details: ["train", "belt"] },
    color: "#f8e6df",
  },
  hero: {
    spec: { silhouette: "ball-gown", neckline: "sweetheart", sleeves: "none", fabric: "lace", details: ["belt"] },
    color: IVORY_SILK,
  },
  emerald: {
    spec: { silhouette: "tea-length", neckline: "v-neck", sleeves: "none", fabric: "chiffon", details: ["belt"] },
    color: C.emeraldLight,
  },
  midnight: {
    spec: { silhouette: "a-line", neckline: "sweetheart", sleeves: "none", fabric: "tulle", details: ["belt"] },
    color: C.midnightLight,
  },
  atelier: { spec: { silhouette: "sheath", neckline: "v-neck", sleeves: "none", fabric: "lace", details: [] }, color: IVORY_SILK },
  sil0: { spec: { silhouette: "a-line", neckline: "sweetheart", sleeves: "none", fabric: "lace", details: [] }, color: IVORY_SILK },
  sil1: { spec: { silhouette: "ball-gown", neckline: "sweetheart", sleeves: "none", fabric: "satin", details: [] }, color: IVORY_SILK },
  sil2: { spec: { silhouette: "mermaid", neckline: "sweetheart", sleeves: "none", fabric: "lace", details: [] }, color: IVORY_SILK },
};

/** What the engine is asked to draw for a brand gown: always from the front, seeded by its id. */
export function brandGownPicture(id: string): GownPicture {
  const gown = BRAND_GOWNS[id];
  if (!gown) throw new Error(`No brand gown "${id}"`);
  return { spec: gown.spec, color: gown.color, view: "front", seed: `brand-${id}` };
}

/** A brand gown on its dress form, in the engine's own 600 x 750 space. */
export function brandGownFigure(id: string): { defs: string; body: string } {
  return drawGownFigure(brandGownPicture(id), { idPrefix: id, density: BRAND_GOWN_DENSITY });
}

interface SceneOptions {
  title: string;
  background: [string, string];
  arch: string;
  archLine: string;
  floral: { stem: string; leaf: string; rose?: [string, string] };
}

/** An 800 x 1000 scene: a wall, an arch, florals at the foot, and the gown `id` on its form. */
function gownScene(id: string, o: SceneOptions) {
  const g = brandGownFigure(id);
  const defs = [
    linear(`${id}-bg`, [
      [0, o.background[0]],
      [1, o.background[1]],
    ]),
    radial(
      `${id}-glow`,
      [
        [0, "#ffffff", 0.55],
        [1, "#ffffff", 0],
      ],
      0.5,
      0.35,
      0.6,
    ),
    g.defs,
  ].join("");
  const body = [
    `<rect width="800" height="1000" fill="url(#${id}-bg)"/>`,
    `<path d="M150 1000 V 400 A 250 250 0 0 1 650 400 V 1000 Z" fill="${o.arch}"/>`,
    `<path d="M172 1000 V 404 A 228 228 0 0 1 628 404 V 1000" fill="none" stroke="${o.archLine}" stroke-width="2"/>`,
    `<rect width="800" height="1000" fill="url(#${id}-glow)"/>`,
    `<ellipse cx="400" cy="950" rx="250" ry="22" fill="#000" opacity="0.08"/>`,
    sprig(110, 1000, 330, 14, o.floral.stem, o.floral.leaf, 0.9),
    sprig(64, 1000, 240, -6, o.floral.stem, o.floral.leaf, 0.7),
    sprig(690, 1000, 300, -16, o.floral.stem, o.floral.leaf, 0.9),
    sprig(742, 1000, 220, 8, o.floral.stem, o.floral.leaf, 0.7),
    `<g transform="scale(${f4(ENGINE_TO_SCENE)})">${g.body}</g>`,
    // Roses in front of the hem, as if set at the gown's feet.
    o.floral.rose ? rose(128, 905, 46, o.floral.rose[0], o.floral.rose[1]) + rose(680, 930, 38, o.floral.rose[0], o.floral.rose[1]) : "",
  ].join("");
  return svg(800, 1000, o.title, body, defs);
}

const f4 = (n: number) => Number(n.toFixed(4));

// --- other compositions ----------------------------------------------------------

function swatchFan(cx: number, cy: number, scale: number, colours: string[]) {
  return colours
    .map((colour, i) => {
      const angle = -40 + (80 / (colours.length - 1)) * i;
      return `<g transform="translate(${cx} ${cy}) rotate(${f(angle)}) scale(${scale})"><rect x="-38" y="-300" width="76" height="300" rx="10" fill="${colour}" stroke="#ffffff" stroke-width="3"/><rect x="-38" y="-300" width="76" height="300" rx="10" fill="url(#sheen)"/><circle cx="0" cy="-30" r="7" fill="#ffffff" opacity="0.85"/></g>`;
    })
    .join("");
}

function lacePattern(width: number, height: number, colour: string, seed: string) {
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

function bouquet(cx: number, cy: number, scale: number, palette: { light: string; deep: string; stem: string; leaf: string }) {
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

function veil(width: number, height: number) {
  return `<path d="M${width / 2} 120 C ${width / 2 - 60} 260 ${width / 2 - 210} 520 ${width / 2 - 250} ${height - 40} Q ${width / 2} ${height + 10} ${width / 2 + 250} ${height - 40} C ${width / 2 + 210} 520 ${width / 2 + 60} 260 ${width / 2} 120 Z" fill="url(#tulle)" stroke="${C.gold}" stroke-width="1.5"/>
<path d="M${width / 2} 120 C ${width / 2 - 20} 300 ${width / 2 - 120} 520 ${width / 2 - 150} ${height - 30} M${width / 2} 120 C ${width / 2 + 20} 300 ${width / 2 + 120} 520 ${width / 2 + 150} ${height - 30} M${width / 2} 120 L ${width / 2} ${height - 20}" fill="none" stroke="${C.gold}" stroke-width="1" opacity="0.6"/>
<ellipse cx="${width / 2}" cy="118" rx="46" ry="12" fill="${C.gold}"/>${[-30, -15, 0, 15, 30].map((dx) => `<circle cx="${width / 2 + dx}" cy="112" r="5" fill="${C.ivory}"/>`).join("")}`;
}

function buttonsBack(width: number, height: number, fabric: string, shade: string) {
  const buttons = Array.from(
    { length: 14 },
    (_, i) =>
      `<circle cx="${width / 2}" cy="${110 + i * 34}" r="9" fill="${C.ivory}" stroke="${shade}" stroke-width="2"/><circle cx="${width / 2 - 2}" cy="${108 + i * 34}" r="3" fill="#ffffff"/>`,
  ).join("");
  return `<path d="M${width / 2 - 220} 0 C ${width / 2 - 160} 200 ${width / 2 - 150} 420 ${width / 2 - 260} ${height} L ${width / 2 + 260} ${height} C ${width / 2 + 150} 420 ${width / 2 + 160} 200 ${width / 2 + 220} 0 Z" fill="url(#sheen-fabric)"/>
<path d="M${width / 2} 0 L${width / 2} ${height}" stroke="${shade}" stroke-width="3"/>
<path d="M${width / 2 - 120} 0 Q ${width / 2 - 90} 300 ${width / 2 - 160} ${height} M${width / 2 + 120} 0 Q ${width / 2 + 90} 300 ${width / 2 + 160} ${height}" stroke="${shade}" stroke-width="2" fill="none" opacity="0.6"/>${buttons}${fabric ? "" : ""}`;
}

function hangerWithTag() {
  return `<path d="M400 150 C400 120 430 110 440 130 C448 146 430 160 416 166 L400 176" fill="none" stroke="${C.goldDeep}" stroke-width="6" stroke-linecap="round"/>
<path d="M400 176 L210 300 Q200 310 214 312 L586 312 Q600 310 590 300 Z" fill="none" stroke="${C.goldDeep}" stroke-width="7" stroke-linejoin="round"/>
<path d="M520 312 L548 380" stroke="${C.goldDeep}" stroke-width="2"/>
<g transform="translate(548 380) rotate(-14)"><path d="M-34 0 L34 0 L34 110 L-34 110 Z M-34 0 L0 -22 L34 0" fill="${C.ivory}" stroke="${C.goldDeep}" stroke-width="2"/><circle cx="0" cy="-6" r="5" fill="${C.goldDeep}"/><path d="M-20 40 H20 M-20 58 H20 M-20 76 H10" stroke="${C.gold}" stroke-width="4" stroke-linecap="round"/></g>`;
}

function frame(width: number, height: number, colour: string) {
  return `<rect x="24" y="24" width="${width - 48}" height="${height - 48}" fill="none" stroke="${colour}" stroke-width="1.5"/>`;
}
// --- the files ---------------------------------------------------------------------

/** Every illustration, by file name. */
export function renderArtwork(): Record<string, string> {
  const files: Record<string, string> = {};

  const bridal: [file: string, gown: string, SceneOptions][] = [
    [
      "gown-magnolia",
      "magnolia",
      {
        title: "The Magnolia: an ivory A-line gown with a lace sweetheart bodice",
        background: [C.ivory, C.paper],
        arch: C.blush,
        archLine: C.gold,
        floral: { stem: C.sageDeep, leaf: C.sage, rose: [C.ivory, C.blushDeep] },
      },
    ],
    [
      "gown-forsyth",
      "forsyth",
      {
        title: "The Forsyth: a champagne ball gown with off-shoulder sleeves",
        background: [C.paper, C.champagne],
        arch: "#f8f1e4",
        archLine: C.goldDeep,
        floral: { stem: C.goldDeep, leaf: C.gold, rose: [C.ivory, C.champagne] },
      },
    ],
    [
      "gown-tybee",
      "tybee",
      {
        title: "The Tybee: an ivory mermaid gown with a scalloped lace hem",
        background: ["#eef0ea", C.sage],
        arch: "#f7f6f1",
        archLine: C.sageDeep,
        floral: { stem: C.sageDeep, leaf: "#aeb9a2", rose: [C.ivory, C.mist] },
      },
    ],
    [
      "gown-oglethorpe",
      "oglethorpe",
      {
        title: "The Oglethorpe: a sleek column gown in ivory crepe on a charcoal backdrop",
        background: [C.charcoalSoft, C.charcoal],
        arch: "#45413b",
        archLine: C.gold,
        floral: { stem: C.gold, leaf: "#8a7448" },
      },
    ],
    [
      "gown-jones-street",
      "jonesstreet",
      {
        title: "The Jones Street: a blush A-line gown with a cathedral train",
        background: [C.ivory, C.blush],
        arch: "#fbf3ef",
        archLine: C.blushDeep,
        floral: { stem: C.sageDeep, leaf: C.sage, rose: [C.blush, C.rose] },
      },
    ],
  ];
  for (const [file, id, options] of bridal) files[`${file}.svg`] = gownScene(id, options);

  // Hero: a ballgown in an arch, florals at its feet.
  files["hero-gown.svg"] = gownScene("hero", {
    title: "An ivory ball gown with a lace bodice, framed by an arch and garden roses",
    background: [C.ivory, C.paper],
    arch: C.champagne,
    archLine: C.goldDeep,
    floral: { stem: C.sageDeep, leaf: C.sage, rose: [C.ivory, C.blushDeep] },
  });

  // Prom and celebration gowns for the journal and the gallery.
  files["gown-emerald.svg"] = gownScene("emerald", {
    title: "An emerald tea-length party dress on a dress form",
    background: [C.paper, C.champagne],
    arch: "#f9f3e8",
    archLine: C.goldDeep,
    floral: { stem: C.goldDeep, leaf: C.gold },
  });
  files["gown-midnight.svg"] = gownScene("midnight", {
    title: "A midnight-blue prom gown with a sweetheart neckline",
    background: [C.blush, C.blushDeep],
    arch: "#f7e9e4",
    archLine: C.rose,
    floral: { stem: C.rose, leaf: C.roseLight },
  });

  // The atelier, for the about block: a gown being fitted, a tape measure draped over the form.
  {
    const scene = gownScene("atelier", {
      title: "A gown in progress on a dressmaker's form, a tape measure draped across it",
      background: [C.paper, C.champagne],
      arch: C.ivory,
      archLine: C.gold,
      floral: { stem: C.goldDeep, leaf: C.gold },
    });
    const ticks = Array.from({ length: 26 }, (_, i) => {
      const t = i / 25;
      const x = 296 + t * 224;
      const y = 250 + Math.sin(t * Math.PI) * 140 + t * 60;
      return `<circle cx="${f(x)}" cy="${f(y)}" r="1.8" fill="${C.charcoal}"/>`;
    }).join("");
    const tape = `<path d="M296 250 C340 420 470 440 520 310" fill="none" stroke="#e9c977" stroke-width="14" stroke-linecap="round"/>${ticks}<g transform="translate(600 820) rotate(-30)"><circle cx="-26" cy="0" r="18" fill="none" stroke="${C.charcoal}" stroke-width="6"/><circle cx="26" cy="0" r="18" fill="none" stroke="${C.charcoal}" stroke-width="6"/><path d="M-12 -10 L60 -90 M12 -10 L-60 -90" stroke="${C.charcoalSoft}" stroke-width="7" stroke-linecap="round"/></g><g transform="translate(150 840)"><ellipse cx="0" cy="0" rx="36" ry="14" fill="${C.goldDeep}"/><rect x="-30" y="-50" width="60" height="50" fill="${C.blushDeep}"/><ellipse cx="0" cy="-50" rx="36" ry="14" fill="${C.gold}"/><path d="M30 -20 Q80 0 120 70" stroke="${C.blushDeep}" stroke-width="2" fill="none"/></g>`;
    files["atelier.svg"] = scene.replace("</svg>", `${tape}</svg>`);
  }

  // Square posts for the social gallery.
  const sheen = linear(
    "sheen",
    [
      [0, "#ffffff", 0.35],
      [0.5, "#ffffff", 0],
      [1, "#000000", 0.08],
    ],
    1,
    0,
  );
  files["post-bouquet.svg"] = svg(
    600,
    600,
    "A bridal bouquet of ivory and blush garden roses tied with a gold ribbon",
    `<rect width="600" height="600" fill="${C.blush}"/>${bouquet(300, 360, 0.78, { light: C.ivory, deep: C.blushDeep, stem: C.sageDeep, leaf: C.sage })}${frame(600, 600, C.ivory)}`,
  );
  files["post-lace.svg"] = svg(
    600,
    600,
    "Close-up of ivory floral lace on champagne silk",
    `<rect width="600" height="600" fill="${C.champagne}"/>${lacePattern(600, 600, C.ivory, "post-lace")}${frame(600, 600, C.goldDeep)}`,
  );
  files["post-buttons.svg"] = svg(
    600,
    600,
    "The back of a satin gown, a row of covered buttons down the spine",
    `<rect width="600" height="600" fill="${C.paper}"/>${buttonsBack(600, 600, "", "#cdbb98")}${frame(600, 600, C.gold)}`,
    linear(
      "sheen-fabric",
      [
        [0, "#e6d7bb"],
        [0.4, "#fffaf2"],
        [0.6, "#fffaf2"],
        [1, "#e6d7bb"],
      ],
      1,
      0,
    ),
  );
  const tulle = linear("tulle", [
    [0, "#ffffff", 0.95],
    [1, "#f3ead9", 0.7],
  ]);
  files["post-veil.svg"] = svg(
    600,
    600,
    "A cathedral veil with a pearl comb against a charcoal wall",
    `<rect width="600" height="600" fill="${C.charcoal}"/>${veil(600, 600)}${frame(600, 600, C.gold)}`,
    tulle,
  );
  files["post-swatches.svg"] = svg(
    600,
    600,
    "A fan of fabric swatches in ivory, champagne, blush, sage, emerald and midnight",
    `<rect width="600" height="600" fill="${C.ivory}"/>${swatchFan(300, 470, 0.95, [C.ivory, C.champagne, C.blush, C.sage, C.emeraldLight, C.midnightLight])}${frame(600, 600, C.gold)}`,
    sheen,
  );
  files["post-florals.svg"] = svg(
    600,
    600,
    "Sprigs of olive and eucalyptus scattered with small ivory blossoms",
    `<rect width="600" height="600" fill="${C.sage}"/>${sprig(120, 600, 420, 20, C.sageDeep, "#eef0ea", 0.9)}${sprig(300, 620, 480, -4, C.sageDeep, C.ivory, 0.95)}${sprig(480, 600, 400, -22, C.sageDeep, "#eef0ea", 0.9)}${[
      [150, 160],
      [420, 130],
      [300, 240],
      [500, 300],
      [100, 330],
    ]
      .map(([x, y]) => blossom(x!, y!, 22, C.ivory, C.gold))
      .join("")}${frame(600, 600, C.ivory)}`,
  );

  // Journal covers, landscape.
  files["journal-silhouettes.svg"] = svg(
    1200,
    800,
    "Three bridal silhouettes side by side: A-line, ball gown and mermaid",
    `<rect width="1200" height="800" fill="${C.paper}"/>${(
      [
        ["sil0", 20, C.blush],
        ["sil1", 360, C.champagne],
        ["sil2", 700, C.sage],
      ] as const
    )
      .map(([id, x, arch]) => {
        const g = brandGownFigure(id);
        // Each arch is the 800 x 1000 scene's at 0.6, far enough apart that a ball gown's hem clears its neighbours.
        return `<defs>${g.defs}</defs><g transform="translate(${x} 140) scale(0.6)"><path d="M150 1000 V 400 A 250 250 0 0 1 650 400 V 1000 Z" fill="${arch}"/><g transform="scale(${f4(ENGINE_TO_SCENE)})">${g.body}</g></g>`;
      })
      .join("")}${frame(1200, 800, C.gold)}`,
  );
  files["journal-timeline.svg"] = svg(
    1200,
    800,
    "A planner open on a table beside a veil, a pen and a sprig of olive",
    `<rect width="1200" height="800" fill="${C.blush}"/><g transform="translate(200 150) rotate(-4)"><rect width="560" height="500" rx="14" fill="${C.ivory}" stroke="${C.blushDeep}" stroke-width="3"/><path d="M280 0 V500" stroke="${C.blushDeep}" stroke-width="2"/>${Array.from(
      { length: 5 },
      (_, row) =>
        Array.from(
          { length: 3 },
          (_, col) =>
            `<rect x="${24 + col * 80}" y="${90 + row * 78}" width="64" height="60" rx="6" fill="${(row * 3 + col) % 7 === 4 ? C.gold : C.paper}" stroke="${C.blushDeep}" stroke-width="1.2"/>`,
        ).join(""),
    ).join(
      "",
    )}<path d="M24 52 H200" stroke="${C.goldDeep}" stroke-width="6" stroke-linecap="round"/>${Array.from({ length: 9 }, (_, i) => `<path d="M314 ${70 + i * 44} H${500 - (i % 3) * 40}" stroke="${C.blushDeep}" stroke-width="4" stroke-linecap="round" opacity="0.6"/>`).join("")}<circle cx="330" cy="70" r="10" fill="none" stroke="${C.goldDeep}" stroke-width="3"/><path d="M324 70 l5 5 l9 -11" stroke="${C.goldDeep}" stroke-width="3" fill="none"/></g><g transform="translate(820 640) rotate(-60)"><rect x="-8" y="-200" width="16" height="220" rx="8" fill="${C.charcoal}"/><path d="M-8 20 L0 46 L8 20 Z" fill="${C.gold}"/></g>${sprig(980, 800, 420, -18, C.sageDeep, C.sage, 0.95)}<g transform="translate(870 60) scale(0.9)">${veil(400, 420)}</g>${frame(1200, 800, C.ivory)}`,
    tulle,
  );
  files["journal-palette.svg"] = svg(
    1200,
    800,
    "A fan of prom fabric swatches in emerald, midnight, rose and champagne",
    `<rect width="1200" height="800" fill="${C.charcoal}"/>${swatchFan(600, 700, 1.7, [C.emeraldLight, C.midnightLight, C.rose, C.roseLight, C.champagne, C.gold, C.ivory])}${[
      [140, 140],
      [1060, 180],
      [200, 560],
      [1000, 560],
    ]
      .map(([x, y]) => blossom(x!, y!, 26, C.gold, C.charcoal))
      .join("")}${frame(1200, 800, C.gold)}`,
    sheen,
  );
  files["journal-keepsake.svg"] = svg(
    1200,
    800,
    "A keepsake box wrapped in tissue, holding a folded gown and dried roses",
    `<rect width="1200" height="800" fill="${C.sage}"/><g transform="translate(300 250)"><path d="M0 120 L600 120 L560 460 L40 460 Z" fill="${C.ivory}" stroke="${C.sageDeep}" stroke-width="3"/><path d="M0 120 L80 40 L520 40 L600 120" fill="${C.paper}" stroke="${C.sageDeep}" stroke-width="3"/><path d="M60 120 C160 60 260 150 320 90 C380 40 470 130 540 110" fill="none" stroke="${C.champagne}" stroke-width="26" stroke-linecap="round"/><path d="M110 200 H490 M130 260 H470" stroke="${C.champagne}" stroke-width="3"/><path d="M300 120 V460" stroke="${C.gold}" stroke-width="16"/><path d="M40 300 H560" stroke="${C.gold}" stroke-width="16"/><path d="M300 300 C250 240 210 260 230 300 C210 340 250 360 300 300 C350 240 390 260 370 300 C390 340 350 360 300 300 Z" fill="${C.goldDeep}"/></g>${rose(260, 660, 56, C.blush, C.rose)}${rose(960, 640, 50, C.blush, C.rose)}${sprig(180, 800, 300, 24, C.sageDeep, "#eef0ea", 0.9)}${sprig(1040, 800, 320, -20, C.sageDeep, "#eef0ea", 0.9)}${frame(1200, 800, C.ivory)}`,
  );

  // The home page's 'coming soon' state: a gold hanger waiting for its gown.
  files["coming-soon.svg"] = svg(
    800,
    600,
    "An empty gold hanger with a blank tag, waiting for its gown",
    `<rect width="800" height="600" fill="${C.paper}"/><path d="M120 600 V 270 A 280 200 0 0 1 680 270 V 600" fill="${C.ivory}" stroke="${C.gold}" stroke-width="2"/>${hangerWithTag()}${sprig(120, 600, 260, 16, C.sageDeep, C.sage, 0.85)}${sprig(690, 600, 240, -16, C.sageDeep, C.sage, 0.85)}${blossom(220, 470, 20, C.blush, C.gold)}${blossom(580, 500, 18, C.blush, C.gold)}`,
  );

  return files;
}

function writeArtwork() {
  const files = renderArtwork();
  mkdirSync(OUT, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(`${OUT}${name}`, content);
  }
  console.log(
    `wrote ${Object.keys(files).length} files to public/images/brand/ (${Object.values(files).reduce((n, c) => n + c.length, 0)} bytes)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writeArtwork();
