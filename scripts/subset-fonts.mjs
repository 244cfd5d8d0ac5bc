#!/usr/bin/env node
// Cuts the two fonts every page preloads down to what the boutique's own words
// use: ASCII and the typographic punctuation of its copy, at the weights its
// styles ask for. Fontsource's Latin files (48 KB for Inter, 38 KB for Cormorant
// Garamond) become about 22 KB and 23 KB, and those bytes are on every first
// view's critical path: the first paint waits up to 100 ms for a preloaded
// `font-display: optional` font, and they share a slow link with the page's
// scripts. Any other Latin letter (é and ñ are in, ë is not) comes from fontsource's
// file, declared in app.css with the rest of the range, loaded only by a page
// that has one; this script checks that the core and that face's ranges split
// fontsource's Latin range between them. Run by `npm run build` and `npm run dev`; the output is not kept
// in git (app/styles/fonts/ is ignored).
//
//   node scripts/subset-fonts.mjs
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = join(root, "app/styles/fonts");

/** The core faces' characters, and the unicode-range app.css must give them (checked below). */
const CORE_RANGE =
  "U+0020-007E, U+00A0, U+00A9, U+00B7, U+00D7, U+00E9, U+00F1, U+2013-2014, U+2018-2019, U+201C-201D, U+2022, U+2026, U+20AC, U+2122";

function charactersOf(range) {
  let text = "";
  for (const part of range.split(",")) {
    const [from, to = from] = part.trim().replace("U+", "").split("-");
    for (let code = Number.parseInt(from, 16); code <= Number.parseInt(to, 16); code++) text += String.fromCodePoint(code);
  }
  return text;
}

const FONTS = [
  // Inter: body text at 400 (normal), 500 (medium), 600 (semibold) and 700 (bold).
  { from: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2", to: "inter-core.woff2", wght: { min: 400, max: 700 } },
  // Cormorant Garamond: display type, 300 to 700 as fontsource ships it.
  {
    from: "@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2",
    to: "cormorant-garamond-core.woff2",
    wght: { min: 300, max: 700 },
  },
];

// Both families' core faces must claim exactly these characters, or the page would ask the core file for a letter it lacks.
const css = readFileSync(join(root, "app/styles/app.css"), "utf8").replace(/\s+/g, " ");
if (css.split(`unicode-range: ${CORE_RANGE};`).length - 1 !== FONTS.length) {
  throw new Error(`app/styles/app.css must declare each core face with unicode-range: ${CORE_RANGE};`);
}

// The rest of each family's Latin file (fontsource's face, at the core's side in app.css) must claim what fontsource's
// own CSS gives that file minus the core's characters: a character in neither face would be drawn in a fallback font,
// one in both would be asked of whichever the browser picks.
const codePoints = (range) => new Set([...charactersOf(range)].map((character) => character.codePointAt(0)));
const describe = (points) =>
  [...points]
    .slice(0, 12)
    .map((point) => `U+${point.toString(16).toUpperCase().padStart(4, "0")}`)
    .join(", ") + (points.size > 12 ? ", …" : "");
for (const font of FONTS) {
  const [pkg, file] = font.from.split("/files/");
  const fontsourceCss = readFileSync(join(root, "node_modules", pkg, "wght.css"), "utf8").replace(/\s+/g, " ");
  const rangeOf = (text, src) =>
    [...text.matchAll(/@font-face \{([^}]*)\}/g)]
      .map((match) => match[1])
      .find((face) => face.includes(src))
      ?.match(/unicode-range: ?([^;]+);/)?.[1];
  const latin = rangeOf(fontsourceCss, `files/${file}`);
  const rest = rangeOf(css, font.from);
  if (!latin || !rest) throw new Error(`app/styles/app.css and ${pkg}/wght.css must each declare ${file} with a unicode-range`);
  const core = codePoints(CORE_RANGE);
  const wanted = new Set([...codePoints(latin)].filter((point) => !core.has(point)));
  const declared = codePoints(rest);
  const missing = new Set([...wanted].filter((point) => !declared.has(point)));
  const extra = new Set([...declared].filter((point) => !wanted.has(point)));
  if (missing.size || extra.size) {
    throw new Error(
      `app/styles/app.css: the unicode-range of ${file} must be fontsource's Latin range minus the core's` +
        (missing.size ? `; missing ${describe(missing)}` : "") +
        (extra.size ? `; not to claim ${describe(extra)}` : ""),
    );
  }
}

mkdirSync(out, { recursive: true });
const text = charactersOf(CORE_RANGE);
const script = fileURLToPath(import.meta.url);
for (const font of FONTS) {
  const source = join(root, "node_modules", font.from);
  const target = join(out, font.to);
  // Made again only when the source font or this script is newer than what is there.
  if (existsSync(target) && statSync(target).mtimeMs > Math.max(statSync(source).mtimeMs, statSync(script).mtimeMs)) continue;
  const original = readFileSync(source);
  const subset = await subsetFont(original, text, { targetFormat: "woff2", variationAxes: { wght: font.wght } });
  writeFileSync(target, subset);
  console.log(`${font.to}: ${original.length} → ${subset.length} bytes`);
}
