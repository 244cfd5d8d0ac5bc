// The brand gowns (scripts/artwork.ts): which gowns the illustrations show, and the scene each stands in.
import { BRAND_COLORS as C, drawGownFigure, type GownPicture, type GownSpec } from "~/modules/built-in-store/gown-art";
import { svg, linear, radial, sprig, rose, f4 } from "./artwork-parts";

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
export const ENGINE_TO_SCENE = 4 / 3;

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

export interface SceneOptions {
  title: string;
  background: [string, string];
  arch: string;
  archLine: string;
  floral: { stem: string; leaf: string; rose?: [string, string] };
}

/** An 800 x 1000 scene: a wall, an arch, florals at the foot, and the gown `id` on its form. */
export function gownScene(id: string, o: SceneOptions) {
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
