import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { drawGown, drawGownFigure } from "~/modules/built-in-store/gown-art";
import { renderArtwork } from "../../../scripts/artwork";
import { BRAND_GOWN_DENSITY, BRAND_GOWNS, brandGownPicture } from "../../../scripts/artwork-gowns";

const BRAND_DIR = new URL("../../../public/images/brand/", import.meta.url);

describe("the brand artwork", () => {
  const files = renderArtwork();
  const all = Object.values(files).join("");

  it("draws every gown with the gown engine, each one in some illustration", () => {
    for (const id of Object.keys(BRAND_GOWNS)) {
      const figure = drawGownFigure(brandGownPicture(id), { idPrefix: id, density: BRAND_GOWN_DENSITY });
      expect(all.includes(figure.body), id).toBe(true);
      expect(all.includes(figure.defs), id).toBe(true);
    }
    // The engine's figure is what the product pictures are made of too: the same gown, the same seed.
    const picture = brandGownPicture("magnolia");
    const figure = drawGownFigure(picture, { idPrefix: "x" }).body.replaceAll('id="x-', 'id="').replaceAll("url(#x-", "url(#");
    expect(drawGown(picture)).toContain(figure);
  });

  it("gives each gown its own ids, so several gowns can share one SVG", () => {
    const silhouettes = files["journal-silhouettes.svg"]!;
    const ids = [...silhouettes.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, ref] of silhouettes.matchAll(/url\(#([^)]+)\)/g)) expect(ids, ref).toContain(ref);
  });

  it("is deterministic, and the committed files are what the script writes", () => {
    expect(renderArtwork()).toEqual(files);
    for (const [name, svg] of Object.entries(files)) expect(readFileSync(new URL(name, BRAND_DIR), "utf8"), name).toBe(svg);
  });

  it("keeps every file small", () => {
    for (const [name, svg] of Object.entries(files)) expect(svg.length, name).toBeLessThan(60_000);
  });
});
