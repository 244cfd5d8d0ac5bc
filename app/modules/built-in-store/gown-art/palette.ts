/** Colour: the brand's named colours, a gown's palette, the backdrops; and seeded randomness for sparkles and lace. */

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

export function mix(a: string, b: string, amount: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * amount) as RGB);
}

export function luminance(hex: string): number {
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

export function paletteFor(color: string): Palette {
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
export const BACKDROPS_FOR_PALE: Backdrop[] = [
  { top: "#c9cfc0", bottom: "#aab3a0", arch: "#d6dbcd", floor: "#9aa38f", ornament: "#eef0e8" },
  { top: "#cdbfb0", bottom: "#b39f8b", arch: "#dacdbf", floor: "#a18c77", ornament: "#f3ebe0" },
  { top: "#bcc6cf", bottom: "#9eabb8", arch: "#ccd4db", floor: "#8e9ba8", ornament: "#eef2f5" },
  { top: "#d2bdbb", bottom: "#b89e9b", arch: "#decdca", floor: "#a68b88", ornament: "#f6ecea" },
];
export const BACKDROPS_FOR_DARK: Backdrop[] = [
  { top: "#f4ede2", bottom: "#e4d8c5", arch: "#fbf6ee", floor: "#d6c7b0", ornament: "#c9a96e" },
  { top: "#efe9ef", bottom: "#dcd2dc", arch: "#f8f4f8", floor: "#cbbfcb", ornament: "#b39a6a" },
  { top: "#eef0ea", bottom: "#d9ddd2", arch: "#f8f9f5", floor: "#c6cbbd", ornament: "#b79f6d" },
];

// ---------------------------------------------------------------------------
// Seeded randomness (sparkles, lace motifs)

export function hashString(text: string): number {
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
