/** SPEC §3 size chart, in inches. */
export const SIZE_CHART = [
  { size: "XS", us: "0-2", bust: [31, 32], waist: [24, 25], hips: [34, 35] },
  { size: "S", us: "4-6", bust: [33, 34], waist: [26, 27], hips: [36, 37] },
  { size: "M", us: "8-10", bust: [35, 36], waist: [28, 29], hips: [38, 39] },
  { size: "L", us: "12-14", bust: [37, 39], waist: [30, 32], hips: [40, 42] },
  { size: "XL", us: "16-18", bust: [40, 42], waist: [33, 35], hips: [43, 45] },
  { size: "XXL", us: "20-22", bust: [43, 45], waist: [36, 38], hips: [46, 48] },
] as const;

export type Measure = "bust" | "waist" | "hips";
export type SizeAdvice =
  | { kind: "size"; size: string; message: string }
  | { kind: "between"; smaller: string; larger: string; size: string; message: string }
  | { kind: "off-chart"; message: string };

/** Where one measurement falls: an index, between two indexes, or off the chart. */
function place(measure: Measure, value: number): { at: number } | { between: [number, number] } | { off: "below" | "above" } {
  const rows = SIZE_CHART;
  for (let i = 0; i < rows.length; i++) {
    const [min, max] = rows[i]![measure];
    if (value >= min && value <= max) return { at: i };
    if (i > 0 && value > rows[i - 1]![measure][1] && value < min) return { between: [i - 1, i] };
  }
  return value < rows[0]![measure][0] ? { off: "below" } : { off: "above" };
}

/**
 * The chart's size for bust, waist and hips. A gown is chosen for the
 * largest measurement (it can be taken in, not let out), so between two
 * sizes the larger is advised.
 */
export function findSize(input: Record<Measure, number>): SizeAdvice {
  const places = (["bust", "waist", "hips"] as const).map((m) => place(m, input[m]));
  if (places.some((p) => "off" in p)) {
    return {
      kind: "off-chart",
      message:
        "Your measurements fall outside our size chart. Book a fitting and our atelier will find or make a gown to your measurements.",
    };
  }
  const exact = places.flatMap((p) => ("at" in p ? [p.at] : []));
  const larger = places.flatMap((p) => ("between" in p ? [p.between[1]] : []));
  const pick = Math.max(...exact, ...larger);
  const size = SIZE_CHART[pick]!.size;
  const distinct = new Set([...exact, ...places.flatMap((p) => ("between" in p ? p.between : []))]);
  if (distinct.size === 1) return { kind: "size", size, message: `Your size is ${size} (US ${SIZE_CHART[pick]!.us}).` };
  const smallest = Math.min(...distinct);
  const smaller = SIZE_CHART[smallest]!.size;
  return {
    kind: "between",
    smaller,
    larger: size,
    size,
    message: `You are between ${smaller} and ${size}. We suggest ${size} (US ${SIZE_CHART[pick]!.us}); our seamstresses will tailor it to fit.`,
  };
}
