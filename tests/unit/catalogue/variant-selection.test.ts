import { describe, expect, it } from "vitest";
import { selectedVariantFrom, variantAfterChoosing, variantSearch } from "~/modules/catalogue/catalogue";
import { gown, variant } from "./two-option-gown";

const params = (text: string) => new URLSearchParams(text);

describe("selectedVariantFrom (SPEC §4: the choice lives in the URL)", () => {
  it("selects the first variant on load", () => {
    expect(selectedVariantFrom(gown, params(""))?.id).toBe("v-S-Ivory");
  });

  it("selects the variant the URL names, sold out or not", () => {
    expect(selectedVariantFrom(gown, params("Size=M&Color=Blush"))?.id).toBe("v-M-Blush");
    expect(selectedVariantFrom(gown, params("Size=M&Color=Ivory"))?.id).toBe("v-M-Ivory");
  });

  it("keeps the first variant's value for an option the URL does not name", () => {
    expect(selectedVariantFrom(gown, params("Size=M"))?.id).toBe("v-M-Ivory");
  });

  it("falls back to the first variant for a combination no variant has, or nonsense", () => {
    expect(selectedVariantFrom(gown, params("Size=S&Color=Blush"))?.id).toBe("v-S-Ivory");
    expect(selectedVariantFrom(gown, params("Size=XXL"))?.id).toBe("v-S-Ivory");
  });

  it("answers null for a product without variants", () => {
    expect(selectedVariantFrom({ ...gown, variants: [] }, params("Size=S"))).toBeNull();
  });
});

describe("variantAfterChoosing", () => {
  const current = gown.variants[0]!;

  it("changes one option and keeps the others", () => {
    expect(variantAfterChoosing(gown, current, "Size", "M")?.id).toBe("v-M-Ivory");
    expect(variantAfterChoosing(gown, gown.variants[1]!, "Color", "Blush")?.id).toBe("v-M-Blush");
  });

  it("answers null when no variant has the combination, so the selection stays", () => {
    expect(variantAfterChoosing(gown, current, "Color", "Blush")).toBeNull();
  });
});

describe("variantSearch", () => {
  it("writes every option of the variant into the query", () => {
    expect(variantSearch(gown.variants[2]!)).toBe("?Size=M&Color=Blush");
    const search = variantSearch(variant("10 / 12", "Rosé & Gold"));
    expect(
      selectedVariantFrom({ ...gown, variants: [gown.variants[0]!, variant("10 / 12", "Rosé & Gold")] }, params(search.slice(1)))?.id,
    ).toBe("v-10 / 12-Rosé & Gold");
  });
});
