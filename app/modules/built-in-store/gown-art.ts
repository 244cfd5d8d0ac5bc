/**
 * The demo collection's pictures: each gown drawn as an SVG illustration on
 * an atelier dress form, from a short description of its cut, neckline,
 * sleeves, fabric and details. Deterministic: the same spec always draws the
 * same picture, so a URL can be cached for a year.
 *
 * Drawing space is 600 x 750 (4:5, the product-card ratio); the gown hangs
 * on a form centred at x = 300, waist at y = 300, floor at y = 712.
 *
 * This is the site's one gown-drawing engine: the product pictures
 * (`gown-images.server.ts`) use `drawGown`, and the brand illustrations
 * (`scripts/artwork.ts`) place `drawGownFigure` in their own scenes, with
 * `BRAND_COLORS` and `seededRandom` for what surrounds it.
 */

export type Silhouette = "ball-gown" | "a-line" | "mermaid" | "sheath" | "tea-length" | "cocktail" | "high-low";
export type Neckline = "sweetheart" | "v-neck" | "off-shoulder" | "halter" | "strapless" | "one-shoulder" | "square" | "high-neck";
export type Sleeves = "none" | "cap" | "flutter" | "long" | "puff" | "cape";
export type Fabric = "satin" | "tulle" | "lace" | "chiffon" | "sequin" | "crepe" | "velvet";
export type Detail = "belt" | "bow" | "appliques" | "beading" | "ruffles" | "slit" | "train" | "pleats" | "corset" | "buttons";
export type View = "front" | "back" | "detail";

export interface GownSpec {
  silhouette: Silhouette;
  neckline: Neckline;
  sleeves: Sleeves;
  fabric: Fabric;
  details: Detail[];
}

export interface GownPicture {
  spec: GownSpec;
  /** The gown's colour, #rrggbb. */
  color: string;
  view: View;
  /** Varies sparkle and lace placement between gowns. */
  seed: string;
}

export const ART_WIDTH = 1200;
export const ART_HEIGHT = 1500;

// ---------------------------------------------------------------------------
// Colour

/** The boutique's named colours, for the scenes around a gown and the brand artwork. */
export const BRAND_COLORS = {
  ivory: "#fbf8f3",
  paper: "#f6efe3",
  champagne: "#ecdcbc",
  gold: "#c9a96e",
  goldDeep: "#a8864c",
  blush: "#f2ddd5",
  blushDeep: "#dcb3a6",
  sage: "#c9d1bf",
  sageDeep: "#8f9c83",
  charcoal: "#2b2a28",
  charcoalSoft: "#3a3733",
  mist: "#e6e4df",
  emerald: "#2f5d50",
  emeraldLight: "#4f8a78",
  midnight: "#2a3450",
  midnightLight: "#4a5a86",
  rose: "#b96f73",
  roseLight: "#d99a9a",
} as const;

type RGB = [number, number, number];

function hexToRgb(hex: string): RGB {
  const value = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as RGB;
}

function rgbToHex([r, g, b]: RGB): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function mix(a: string, b: string, amount: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * amount) as RGB);
}

function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as RGB;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

interface Palette {
  base: string;
  light: string;
  lighter: string;
  shade: string;
  deep: string;
  line: string;
}

function paletteFor(color: string): Palette {
  const lum = luminance(color);
  // Pale fabrics shade towards a warm taupe rather than grey, as ivory silk does in a lit room.
  const shadowTone = lum > 0.6 ? "#8c7a66" : "#120d12";
  return {
    base: color,
    light: mix(color, "#ffffff", lum > 0.6 ? 0.55 : 0.28),
    lighter: mix(color, "#ffffff", lum > 0.6 ? 0.85 : 0.55),
    shade: mix(color, shadowTone, lum > 0.6 ? 0.22 : 0.35),
    deep: mix(color, shadowTone, lum > 0.6 ? 0.42 : 0.6),
    line: mix(color, shadowTone, lum > 0.6 ? 0.5 : 0.7),
  };
}

interface Backdrop {
  top: string;
  bottom: string;
  arch: string;
  floor: string;
  ornament: string;
}

/** Pale gowns stand against deeper walls, dark gowns against pale ones: the gown always reads. */
const BACKDROPS_FOR_PALE: Backdrop[] = [
  { top: "#c9cfc0", bottom: "#aab3a0", arch: "#d6dbcd", floor: "#9aa38f", ornament: "#eef0e8" },
  { top: "#cdbfb0", bottom: "#b39f8b", arch: "#dacdbf", floor: "#a18c77", ornament: "#f3ebe0" },
  { top: "#bcc6cf", bottom: "#9eabb8", arch: "#ccd4db", floor: "#8e9ba8", ornament: "#eef2f5" },
  { top: "#d2bdbb", bottom: "#b89e9b", arch: "#decdca", floor: "#a68b88", ornament: "#f6ecea" },
];
const BACKDROPS_FOR_DARK: Backdrop[] = [
  { top: "#f4ede2", bottom: "#e4d8c5", arch: "#fbf6ee", floor: "#d6c7b0", ornament: "#c9a96e" },
  { top: "#efe9ef", bottom: "#dcd2dc", arch: "#f8f4f8", floor: "#cbbfcb", ornament: "#b39a6a" },
  { top: "#eef0ea", bottom: "#d9ddd2", arch: "#f8f9f5", floor: "#c6cbbd", ornament: "#b79f6d" },
];

// ---------------------------------------------------------------------------
// Seeded randomness (sparkles, lace motifs)

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Numbers in [0, 1) that are the same for the same seed on every run. */
export function seededRandom(seed: string): () => number {
  let state = hashString(seed) || 1;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------
// Geometry

type Point = [number, number];
const CX = 300;
const WAIST_Y = 300;
const FLOOR_Y = 712;
const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** A smooth curve through the points (Catmull-Rom as cubic Béziers), without the initial move. */
function smooth(points: Point[]): string {
  let d = "";
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? points[i]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[i + 2] ?? p2;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C ${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}

/** Half-widths of the dress form's torso at heights from the neck down. */
const TORSO: Point[] = [
  [150, 21],
  [162, 52],
  [172, 72],
  [188, 74],
  [206, 67],
  [236, 64],
  [266, 55],
  [300, 46],
  [340, 58],
  [380, 70],
  [420, 68],
];

function torsoHalfWidth(y: number): number {
  for (let i = 0; i < TORSO.length - 1; i++) {
    const [y0, w0] = TORSO[i]!;
    const [y1, w1] = TORSO[i + 1]!;
    if (y >= y0 && y <= y1) return w0 + ((w1 - w0) * (y - y0)) / (y1 - y0);
  }
  return y < TORSO[0]![0] ? TORSO[0]![1] : TORSO[TORSO.length - 1]![1];
}

interface SkirtShape {
  /** Right-hand edge from the waist down: [y, half-width]. */
  edge: Point[];
  /** How far the middle of the hem falls below its sides (perspective of a round hem). */
  dip: number;
  /** The dress form's pole and base show below a short hem. */
  short: boolean;
}

const SKIRTS: Record<Silhouette, SkirtShape> = {
  "ball-gown": {
    edge: [
      [300, 46],
      [326, 76],
      [372, 136],
      [440, 186],
      [530, 222],
      [620, 246],
      [700, 258],
    ],
    dip: 16,
    short: false,
  },
  "a-line": {
    edge: [
      [300, 46],
      [350, 70],
      [430, 104],
      [520, 138],
      [610, 166],
      [702, 188],
    ],
    dip: 11,
    short: false,
  },
  mermaid: {
    edge: [
      [300, 46],
      [345, 63],
      [405, 71],
      [470, 64],
      [528, 58],
      [572, 74],
      [626, 124],
      [676, 172],
      [704, 196],
    ],
    dip: 9,
    short: false,
  },
  sheath: {
    edge: [
      [300, 46],
      [350, 62],
      [405, 71],
      [480, 69],
      [580, 73],
      [704, 90],
    ],
    dip: 6,
    short: false,
  },
  "tea-length": {
    edge: [
      [300, 46],
      [345, 78],
      [410, 122],
      [490, 156],
      [586, 178],
    ],
    dip: 11,
    short: true,
  },
  cocktail: {
    edge: [
      [300, 46],
      [328, 74],
      [372, 110],
      [422, 132],
      [468, 142],
    ],
    dip: 9,
    short: true,
  },
  "high-low": {
    edge: [
      [300, 46],
      [338, 80],
      [396, 114],
      [456, 136],
      [498, 144],
    ],
    dip: 7,
    short: true,
  },
};

/** The long back panel behind a high-low skirt. */
const HIGH_LOW_BACK: SkirtShape = {
  edge: [
    [300, 46],
    [360, 96],
    [460, 156],
    [580, 196],
    [700, 218],
  ],
  dip: -10,
  short: false,
};

function skirtPath(shape: SkirtShape, scaleX = 1): string {
  const right = shape.edge.map(([y, w]) => [CX + w * scaleX, y] as Point);
  const left = [...shape.edge].reverse().map(([y, w]) => [CX - w * scaleX, y] as Point);
  const hem = shape.edge[shape.edge.length - 1]!;
  const [hemY, hemW] = hem;
  return (
    `M ${f(right[0]![0])} ${f(right[0]![1])}` +
    smooth(right) +
    ` Q ${f(CX)} ${f(hemY + shape.dip * 2)} ${f(CX - hemW * scaleX)} ${f(hemY)}` +
    smooth(left) +
    " Z"
  );
}

/** A fold line at fraction `t` of the way from the centre (0) to the edge (±1), starting at `fromY`. */
function foldPath(shape: SkirtShape, t: number, fromY: number, wobble: number): string {
  const points = shape.edge.filter(([y]) => y >= fromY).map(([y, w], i) => [CX + w * t + Math.sin(i * 1.7 + t * 5) * wobble, y] as Point);
  if (points.length < 2) return "";
  const hem = shape.edge[shape.edge.length - 1]!;
  // End on the curved hem rather than its corners.
  points[points.length - 1] = [points[points.length - 1]![0], hem[0] + shape.dip * (1 - t * t)];
  return `M ${f(points[0]![0])} ${f(points[0]![1])}${smooth(points)}`;
}

function hemPoints(shape: SkirtShape, count: number): Point[] {
  const [hemY, hemW] = shape.edge[shape.edge.length - 1]!;
  return Array.from({ length: count + 1 }, (_, i) => {
    const t = -1 + (2 * i) / count;
    return [CX + hemW * t, hemY + shape.dip * (1 - t * t)] as Point;
  });
}

// ---------------------------------------------------------------------------
// Bodice and neckline

interface BodiceShape {
  path: string;
  /** Extra pieces drawn over the bodice: straps, bands. */
  extras: string[];
  /** Sheer panels (illusion necklines). */
  sheer: string[];
  /** Where the neckline's lowest point sits, for beading and the detail crop. */
  topY: number;
}

/** The torso's right contour between two heights, as [x, y] points. */
function rightContour(fromY: number, toY: number): Point[] {
  const ys = [fromY, ...TORSO.map(([y]) => y).filter((y) => y > fromY && y < toY), toY];
  return ys.map((y) => [CX + torsoHalfWidth(y), y] as Point);
}

function mirror(points: Point[]): Point[] {
  return [...points].reverse().map(([x, y]) => [2 * CX - x, y] as Point);
}

/** Closes a bodice from a neckline drawn left to right: down the right side, across the waist, up the left. */
function bodiceFromNeckline(neckline: string, sideTopY: number): string {
  const right = rightContour(sideTopY, WAIST_Y);
  const left = mirror(right);
  const waistDip = 8;
  return (
    `M ${f(left[left.length - 1]![0])} ${f(sideTopY)} ${neckline}` +
    smooth(right) +
    ` Q ${f(CX)} ${f(WAIST_Y + waistDip * 2)} ${f(left[0]![0])} ${f(WAIST_Y)}` +
    smooth(left) +
    " Z"
  );
}

function bodice(neckline: Neckline, view: View): BodiceShape {
  const side = 214; // where a strapless bodice meets the side seam
  const sw = torsoHalfWidth(side);
  if (view === "back") {
    // From behind most gowns show an open back; straps and bands keep their line.
    const top = ` C ${f(CX - sw + 18)} ${f(side - 10)} ${f(CX - 30)} ${f(side - 6)} ${f(CX)} ${f(side - 4)} C ${f(CX + 30)} ${f(side - 6)} ${f(CX + sw - 18)} ${f(side - 10)} ${f(CX + sw)} ${f(side)}`;
    const extras: string[] = [];
    if (neckline === "off-shoulder") extras.push(offShoulderBand());
    if (neckline === "halter" || neckline === "high-neck")
      extras.push(`M ${f(CX - 12)} 150 L ${f(CX + 12)} 150 L ${f(CX + 9)} 214 L ${f(CX - 9)} 214 Z`);
    if (neckline === "v-neck" || neckline === "square") extras.push(strap(-1), strap(1));
    if (neckline === "one-shoulder") extras.push(oneShoulderStrap());
    return { path: bodiceFromNeckline(top, side), extras, sheer: neckline === "high-neck" ? [illusionYoke()] : [], topY: side };
  }
  switch (neckline) {
    case "strapless": {
      const top = ` C ${f(CX - sw + 20)} ${f(side - 6)} ${f(CX - 40)} ${f(side - 4)} ${f(CX)} ${f(side - 2)} C ${f(CX + 40)} ${f(side - 4)} ${f(CX + sw - 20)} ${f(side - 6)} ${f(CX + sw)} ${f(side)}`;
      return { path: bodiceFromNeckline(top, side), extras: [], sheer: [], topY: side };
    }
    case "sweetheart":
    case "high-neck": {
      const top =
        ` C ${f(CX - sw + 6)} ${f(side - 14)} ${f(CX - 46)} ${f(side - 20)} ${f(CX - 26)} ${f(side - 12)}` +
        ` C ${f(CX - 12)} ${f(side - 6)} ${f(CX - 4)} ${f(side + 8)} ${f(CX)} ${f(side + 18)}` +
        ` C ${f(CX + 4)} ${f(side + 8)} ${f(CX + 12)} ${f(side - 6)} ${f(CX + 26)} ${f(side - 12)}` +
        ` C ${f(CX + 46)} ${f(side - 20)} ${f(CX + sw - 6)} ${f(side - 14)} ${f(CX + sw)} ${f(side)}`;
      return { path: bodiceFromNeckline(top, side), extras: [], sheer: neckline === "high-neck" ? [illusionYoke()] : [], topY: side + 18 };
    }
    case "v-neck": {
      const armpit = 206;
      const aw = torsoHalfWidth(armpit);
      const top =
        ` C ${f(CX - aw + 4)} 190 ${f(CX - 52)} 176 ${f(CX - 50)} 162` +
        ` L ${f(CX - 30)} 160 C ${f(CX - 22)} 200 ${f(CX - 8)} 240 ${f(CX)} 264` +
        ` C ${f(CX + 8)} 240 ${f(CX + 22)} 200 ${f(CX + 30)} 160 L ${f(CX + 50)} 162` +
        ` C ${f(CX + 52)} 176 ${f(CX + aw - 4)} 190 ${f(CX + aw)} ${armpit}`;
      return { path: bodiceFromNeckline(top, armpit), extras: [], sheer: [], topY: 264 };
    }
    case "square": {
      const armpit = 206;
      const aw = torsoHalfWidth(armpit);
      const top =
        ` C ${f(CX - aw + 4)} 192 ${f(CX - 50)} 178 ${f(CX - 48)} 162 L ${f(CX - 32)} 162 L ${f(CX - 34)} 222` +
        ` Q ${f(CX)} 226 ${f(CX + 34)} 222 L ${f(CX + 32)} 162 L ${f(CX + 48)} 162 C ${f(CX + 50)} 178 ${f(CX + aw - 4)} 192 ${f(CX + aw)} ${armpit}`;
      return { path: bodiceFromNeckline(top, armpit), extras: [], sheer: [], topY: 224 };
    }
    case "halter": {
      const top =
        ` C ${f(CX - sw + 10)} ${f(side - 20)} ${f(CX - 30)} 184 ${f(CX - 16)} 152` +
        ` L ${f(CX - 8)} 152 C ${f(CX - 10)} 190 ${f(CX - 6)} 220 ${f(CX)} 236` +
        ` C ${f(CX + 6)} 220 ${f(CX + 10)} 190 ${f(CX + 8)} 152 L ${f(CX + 16)} 152` +
        ` C ${f(CX + 30)} 184 ${f(CX + sw - 10)} ${f(side - 20)} ${f(CX + sw)} ${f(side)}`;
      return {
        path: bodiceFromNeckline(top, side),
        extras: [`M ${f(CX - 22)} 146 Q ${f(CX)} 140 ${f(CX + 22)} 146 L ${f(CX + 20)} 156 Q ${f(CX)} 150 ${f(CX - 20)} 156 Z`],
        sheer: [],
        topY: 236,
      };
    }
    case "off-shoulder": {
      const band = 204;
      const bw = torsoHalfWidth(band);
      const top = ` C ${f(CX - bw + 20)} ${f(band + 8)} ${f(CX - 30)} ${f(band + 14)} ${f(CX)} ${f(band + 16)} C ${f(CX + 30)} ${f(band + 14)} ${f(CX + bw - 20)} ${f(band + 8)} ${f(CX + bw)} ${f(band)}`;
      return { path: bodiceFromNeckline(top, band), extras: [offShoulderBand()], sheer: [], topY: band + 16 };
    }
    case "one-shoulder": {
      const low = 220;
      const lw = torsoHalfWidth(low);
      const top = ` L ${f(CX - 62)} 168 C ${f(CX - 50)} 162 ${f(CX - 38)} 160 ${f(CX - 30)} 164 C ${f(CX)} 190 ${f(CX + 30)} 206 ${f(CX + lw)} ${low}`;
      const path = bodiceFromNeckline(top, low).replace(
        /^M [\d.]+ [\d.]+/,
        `M ${f(CX - torsoHalfWidth(low))} ${low} L ${f(CX - torsoHalfWidth(196))} 196`,
      );
      return { path, extras: [oneShoulderStrap()], sheer: [], topY: 200 };
    }
  }
}

function strap(sideSign: -1 | 1): string {
  const x = CX + sideSign * 40;
  return `M ${f(x - 9)} 158 L ${f(x + 9)} 158 L ${f(x + 10 * sideSign + 8)} 214 L ${f(x + 10 * sideSign - 8)} 214 Z`;
}

function offShoulderBand(): string {
  // A soft band that wraps the upper arms, wider than the shoulders.
  return (
    `M ${f(CX - 96)} 198 C ${f(CX - 60)} 186 ${f(CX + 60)} 186 ${f(CX + 96)} 198` +
    ` C ${f(CX + 100)} 210 ${f(CX + 98)} 220 ${f(CX + 92)} 226` +
    ` C ${f(CX + 60)} 214 ${f(CX - 60)} 214 ${f(CX - 92)} 226` +
    ` C ${f(CX - 98)} 220 ${f(CX - 100)} 210 ${f(CX - 96)} 198 Z`
  );
}

function oneShoulderStrap(): string {
  return `M ${f(CX - 74)} 172 C ${f(CX - 66)} 160 ${f(CX - 44)} 154 ${f(CX - 30)} 160 L ${f(CX - 26)} 172 C ${f(CX - 40)} 168 ${f(CX - 58)} 172 ${f(CX - 66)} 184 Z`;
}

function illusionYoke(): string {
  return `M ${f(CX - 20)} 150 C ${f(CX - 40)} 158 ${f(CX - 70)} 164 ${f(CX - 74)} 176 L ${f(CX - 66)} 214 L ${f(CX + 66)} 214 L ${f(CX + 74)} 176 C ${f(CX + 70)} 164 ${f(CX + 40)} 158 ${f(CX + 20)} 150 Z`;
}

// ---------------------------------------------------------------------------
// Sleeves

function sleevePaths(sleeves: Sleeves): { solid: string[]; sheer: string[]; behind: string[]; gathers?: string[] } {
  const sides: (-1 | 1)[] = [-1, 1];
  const at = (s: -1 | 1, x: number) => f(CX + s * x);
  switch (sleeves) {
    case "none":
      return { solid: [], sheer: [], behind: [] };
    case "cap":
      return {
        solid: sides.map(
          (s) =>
            `M ${at(s, 52)} 160 C ${at(s, 72)} 158 ${at(s, 88)} 172 ${at(s, 90)} 196 C ${at(s, 82)} 200 ${at(s, 74)} 200 ${at(s, 66)} 202 C ${at(s, 70)} 186 ${at(s, 64)} 172 ${at(s, 52)} 168 Z`,
        ),
        sheer: [],
        behind: [],
      };
    case "puff":
      return {
        solid: sides.map(
          (s) =>
            `M ${at(s, 50)} 162 C ${at(s, 64)} 148 ${at(s, 92)} 150 ${at(s, 100)} 170 C ${at(s, 106)} 186 ${at(s, 100)} 204 ${at(s, 86)} 210 C ${at(s, 80)} 200 ${at(s, 72)} 190 ${at(s, 64)} 186 C ${at(s, 62)} 176 ${at(s, 58)} 168 ${at(s, 50)} 166 Z`,
        ),
        sheer: [],
        behind: [],
        gathers: sides.flatMap((s) => [
          `M ${at(s, 62)} 160 Q ${at(s, 76)} 178 ${at(s, 80)} 200`,
          `M ${at(s, 74)} 156 Q ${at(s, 88)} 176 ${at(s, 92)} 198`,
        ]),
      };
    case "flutter":
      return {
        solid: [],
        sheer: sides.map(
          (s) =>
            `M ${at(s, 48)} 162 C ${at(s, 70)} 156 ${at(s, 92)} 170 ${at(s, 104)} 200 C ${at(s, 110)} 214 ${at(s, 112)} 226 ${at(s, 106)} 238 Q ${at(s, 98)} 228 ${at(s, 92)} 240 Q ${at(s, 84)} 230 ${at(s, 76)} 238 Q ${at(s, 72)} 222 ${at(s, 66)} 206 C ${at(s, 62)} 190 ${at(s, 58)} 174 ${at(s, 48)} 168 Z`,
        ),
        behind: [],
      };
    case "long":
      return {
        solid: [],
        sheer: sides.map(
          (s) =>
            `M ${at(s, 56)} 164 C ${at(s, 78)} 160 ${at(s, 90)} 174 ${at(s, 92)} 196 C ${at(s, 96)} 260 ${at(s, 104)} 340 ${at(s, 108)} 420 L ${at(s, 86)} 424 C ${at(s, 82)} 350 ${at(s, 74)} 270 ${at(s, 68)} 206 Z`,
        ),
        behind: [],
      };
    case "cape":
      // Drawn in drawGown, where the length of the gown is known.
      return { solid: [], sheer: [], behind: [] };
  }
}

// ---------------------------------------------------------------------------
// Ornament

function flower(x: number, y: number, r: number, fill: string, centre: string, rotate: number): string {
  const petals = Array.from({ length: 5 }, (_, i) => {
    const a = (i * 72 + rotate) * (Math.PI / 180);
    return `<ellipse cx="${f(x + Math.cos(a) * r * 0.55)}" cy="${f(y + Math.sin(a) * r * 0.55)}" rx="${f(r * 0.52)}" ry="${f(r * 0.34)}" transform="rotate(${f((a * 180) / Math.PI)} ${f(x + Math.cos(a) * r * 0.55)} ${f(y + Math.sin(a) * r * 0.55)})" fill="${fill}"/>`;
  }).join("");
  return `<g>${petals}<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.22)}" fill="${centre}"/></g>`;
}

/** A sprig of corded lace: a flower outline with two leaves. */
function laceMotif(x: number, y: number, r: number, rotate: number, color: string): string {
  const petals = Array.from({ length: 5 }, (_, i) => {
    const a = (i * 72 * Math.PI) / 180;
    const px = Math.cos(a) * r * 0.5;
    const py = Math.sin(a) * r * 0.5;
    return `<ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(r * 0.42)}" ry="${f(r * 0.24)}" transform="rotate(${i * 72} ${f(px)} ${f(py)})"/>`;
  }).join("");
  const leaves = `<path d="M ${f(r * 0.7)} ${f(r * 0.4)} Q ${f(r * 1.5)} ${f(r * 0.2)} ${f(r * 2)} ${f(r * 1.1)} Q ${f(r * 1.2)} ${f(r * 1.2)} ${f(r * 0.7)} ${f(r * 0.4)} Z M ${f(-r * 0.7)} ${f(r * 0.4)} Q ${f(-r * 1.4)} ${f(r * 1.4)} ${f(-r * 0.6)} ${f(r * 2)} Q ${f(-r * 0.3)} ${f(r * 1.2)} ${f(-r * 0.7)} ${f(r * 0.4)} Z"/>`;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rotate)})" fill="none" stroke="${color}" stroke-width="0.9" opacity="0.6">${petals}${leaves}<circle r="${f(r * 0.14)}" fill="${color}"/></g>`;
}

function sparkle(x: number, y: number, r: number, color: string, opacity: number): string {
  return `<path d="M ${f(x)} ${f(y - r)} Q ${f(x + r * 0.18)} ${f(y - r * 0.18)} ${f(x + r)} ${f(y)} Q ${f(x + r * 0.18)} ${f(y + r * 0.18)} ${f(x)} ${f(y + r)} Q ${f(x - r * 0.18)} ${f(y + r * 0.18)} ${f(x - r)} ${f(y)} Q ${f(x - r * 0.18)} ${f(y - r * 0.18)} ${f(x)} ${f(y - r)} Z" fill="${color}" opacity="${f(opacity)}"/>`;
}

// ---------------------------------------------------------------------------

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
