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
import { BRAND_COLORS as C } from "~/modules/built-in-store/gown-art";
import {
  f,
  svg,
  linear,
  sprig,
  rose,
  blossom,
  f4,
  swatchFan,
  lacePattern,
  bouquet,
  veil,
  buttonsBack,
  hangerWithTag,
  frame,
} from "./artwork-parts";
import { brandGownFigure, gownScene, ENGINE_TO_SCENE, type SceneOptions } from "./artwork-gowns";

const OUT = fileURLToPath(new URL("../public/images/brand/", import.meta.url));

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
