import { describe, expect, it } from "vitest";
import { selectedVariantFrom, variantAfterChoosing, variantSearch } from "~/modules/catalogue/catalogue";
import type { Product, ProductVariant } from "~/modules/catalogue/types";

function variant(size: string, color: string, availableForSale = true): ProductVariant {
  return {
    id: `v-${size}-${color}`,
    title: `${size} / ${color}`,
    price: { amount: "100.0", currencyCode: "USD" },
    availableForSale,
    selectedOptions: [
      { name: "Size", value: size },
      { name: "Color", value: color },
    ],
    image: null,
  };
}

// Ivory in S and M, Blush only in M (a combination no variant has: S / Blush).
const gown: Product = {
  id: "p",
  title: "Gown",
  description: "",
  handle: "gown",
  collections: [],
  priceRange: { minVariantPrice: { amount: "100.0", currencyCode: "USD" } },
  images: [],
  variants: [variant("S", "Ivory"), variant("M", "Ivory", false), variant("M", "Blush")],
  options: [
    { name: "Size", values: ["S", "M"] },
    { name: "Color", values: ["Ivory", "Blush"] },
  ],
};
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
