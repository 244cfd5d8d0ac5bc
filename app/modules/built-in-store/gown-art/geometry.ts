/** Geometry of the drawing space: the dress form's torso, the skirts by silhouette, smooth curves. */

import type { Silhouette } from "./types";

export type Point = [number, number];
export const CX = 300;
export const WAIST_Y = 300;
export const FLOOR_Y = 712;
export const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** A smooth curve through the points (Catmull-Rom as cubic Béziers), without the initial move. */
export function smooth(points: Point[]): string {
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

export function torsoHalfWidth(y: number): number {
  for (let i = 0; i < TORSO.length - 1; i++) {
    const [y0, w0] = TORSO[i]!;
    const [y1, w1] = TORSO[i + 1]!;
    if (y >= y0 && y <= y1) return w0 + ((w1 - w0) * (y - y0)) / (y1 - y0);
  }
  return y < TORSO[0]![0] ? TORSO[0]![1] : TORSO[TORSO.length - 1]![1];
}

export interface SkirtShape {
  /** Right-hand edge from the waist down: [y, half-width]. */
  edge: Point[];
  /** How far the middle of the hem falls below its sides (perspective of a round hem). */
  dip: number;
  /** The dress form's pole and base show below a short hem. */
  short: boolean;
}

export const SKIRTS: Record<Silhouette, SkirtShape> = {
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
export const HIGH_LOW_BACK: SkirtShape = {
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

export function skirtPath(shape: SkirtShape, scaleX = 1): string {
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
export function foldPath(shape: SkirtShape, t: number, fromY: number, wobble: number): string {
  const points = shape.edge.filter(([y]) => y >= fromY).map(([y, w], i) => [CX + w * t + Math.sin(i * 1.7 + t * 5) * wobble, y] as Point);
  if (points.length < 2) return "";
  const hem = shape.edge[shape.edge.length - 1]!;
  // End on the curved hem rather than its corners.
  points[points.length - 1] = [points[points.length - 1]![0], hem[0] + shape.dip * (1 - t * t)];
  return `M ${f(points[0]![0])} ${f(points[0]![1])}${smooth(points)}`;
}

export function hemPoints(shape: SkirtShape, count: number): Point[] {
  const [hemY, hemW] = shape.edge[shape.edge.length - 1]!;
  return Array.from({ length: count + 1 }, (_, i) => {
    const t = -1 + (2 * i) / count;
    return [CX + hemW * t, hemY + shape.dip * (1 - t * t)] as Point;
  });
}

/** The torso's right contour between two heights, as [x, y] points. */
export function rightContour(fromY: number, toY: number): Point[] {
  const ys = [fromY, ...TORSO.map(([y]) => y).filter((y) => y > fromY && y < toY), toY];
  return ys.map((y) => [CX + torsoHalfWidth(y), y] as Point);
}

export function mirror(points: Point[]): Point[] {
  return [...points].reverse().map(([x, y]) => [2 * CX - x, y] as Point);
}
