import { describe, expect, it } from "vitest";
import { collectionAt, collectionPageOf, toCardProduct } from "~/modules/catalogue/catalogue";
import { collectionSearch, filterByStyle, parseCollectionQuery, sortProducts } from "~/modules/catalogue/collection-rules";
import type { Product } from "~/modules/catalogue/types";

function product(title: string, price: string, description = ""): Product {
  return {
    id: `gid://test/Product/${title}`,
    title,
    description,
    handle: title.toLowerCase().replace(/\s+/g, "-"),
    collections: ["weddings"],
    priceRange: { minVariantPrice: { amount: price, currencyCode: "USD" } },
    images: [
      { url: `/a/${title}.webp`, altText: null, width: 1200, height: 1500 },
      { url: `/b/${title}.webp`, altText: null, width: 1200, height: 1500 },
    ],
    variants: [
      {
        id: "v1",
        title: "S / Ivory",
        price: { amount: price, currencyCode: "USD" },
        availableForSale: true,
        quantityAvailable: 3,
        selectedOptions: [],
        image: null,
      },
      {
        id: "v2",
        title: "M / Ivory",
        price: { amount: price, currencyCode: "USD" },
        availableForSale: true,
        quantityAvailable: 3,
        selectedOptions: [],
        image: null,
      },
    ],
    options: [{ name: "Size", values: ["S", "M"] }],
  };
}

const magnolia = product("Magnolia Ball Gown", "1249.0", "A formal gown for a cathedral.");
const tybee = product("Tybee Bohemian Lace", "899.5", "Loose and light, for a beach.");
const azalea = product("azalea Modern Sheath", "1249.00", "Clean lines, ROMANTIC back.");
const all = [magnolia, tybee, azalea];
const titles = (list: Product[]) => list.map((p) => p.title);

describe("parseCollectionQuery (filter and sort from the URL)", () => {
  it("defaults to featured and all styles", () => {
    expect(parseCollectionQuery(new URLSearchParams(""))).toEqual({ sort: "featured", style: "all" });
  });

  it("reads every sort option and a style in any case", () => {
    for (const sort of ["featured", "price-low", "price-high", "name-az", "name-za"]) {
      expect(parseCollectionQuery(new URLSearchParams({ sort })).sort).toBe(sort);
    }
    expect(parseCollectionQuery(new URLSearchParams({ style: "BOHEMIAN" })).style).toBe("Bohemian");
    expect(parseCollectionQuery(new URLSearchParams({ style: "outdoor", sort: "name-za" }))).toEqual({ sort: "name-za", style: "Outdoor" });
  });

  it("falls back to the defaults for values it does not know, instead of failing", () => {
    expect(parseCollectionQuery(new URLSearchParams({ sort: "cheapest", style: "gothic" }))).toEqual({ sort: "featured", style: "all" });
    expect(parseCollectionQuery(new URLSearchParams("sort=&style="))).toEqual({ sort: "featured", style: "all" });
  });

  it("writes back only what differs from the defaults", () => {
    expect(collectionSearch({ sort: "featured", style: "all" })).toBe("");
    expect(collectionSearch({ sort: "price-low", style: "Modern" })).toBe("?style=modern&sort=price-low");
    const query = parseCollectionQuery(new URLSearchParams(collectionSearch({ sort: "name-az", style: "Romantic" }).slice(1)));
    expect(query).toEqual({ sort: "name-az", style: "Romantic" });
  });
});

describe("filterByStyle (SPEC §4)", () => {
  it("keeps everything for All Styles", () => {
    expect(filterByStyle(all, "all")).toEqual(all);
  });

  it("keeps products whose title or description holds the style word, any case", () => {
    expect(titles(filterByStyle(all, "Bohemian"))).toEqual(["Tybee Bohemian Lace"]);
    expect(titles(filterByStyle(all, "Formal"))).toEqual(["Magnolia Ball Gown"]);
    expect(titles(filterByStyle(all, "Romantic"))).toEqual(["azalea Modern Sheath"]);
    expect(filterByStyle(all, "Outdoor")).toEqual([]);
  });
});

describe("sortProducts (SPEC §4)", () => {
  it("featured keeps the store's order and never changes the list it was given", () => {
    const given = [...all];
    expect(sortProducts(given, "featured")).toEqual(all);
    sortProducts(given, "price-low");
    expect(given).toEqual(all);
  });

  it("sorts by minimum price, equal prices keeping the store's order", () => {
    expect(titles(sortProducts(all, "price-low"))).toEqual(["Tybee Bohemian Lace", "Magnolia Ball Gown", "azalea Modern Sheath"]);
    expect(titles(sortProducts(all, "price-high"))).toEqual(["Magnolia Ball Gown", "azalea Modern Sheath", "Tybee Bohemian Lace"]);
  });

  it("sorts by name A-Z and Z-A, whatever the case", () => {
    expect(titles(sortProducts(all, "name-az"))).toEqual(["azalea Modern Sheath", "Magnolia Ball Gown", "Tybee Bohemian Lace"]);
    expect(titles(sortProducts(all, "name-za"))).toEqual(["Tybee Bohemian Lace", "Magnolia Ball Gown", "azalea Modern Sheath"]);
  });
});

describe("toCardProduct", () => {
  it("keeps what a card shows and drops the rest", () => {
    const card = toCardProduct(magnolia);
    expect(card).toMatchObject({ id: magnolia.id, title: magnolia.title, handle: magnolia.handle, priceRange: magnolia.priceRange });
    expect(card.description).toBe("");
    expect(card.images).toEqual([magnolia.images[0]]);
    expect(card.variants).toEqual([magnolia.variants[0]]);
    expect(card.options).toEqual([]);
  });
});

describe("a gown's collection page, for its breadcrumb", () => {
  it("is the gown's own collection: a prom gown is under Prom, not Weddings", () => {
    expect(collectionPageOf({ ...product("Starlight Sequin Mermaid Gown", "640"), collections: ["prom"] })).toEqual({
      name: "Prom",
      path: "/prom",
    });
    expect(collectionPageOf({ collections: ["celebrations"] })).toEqual({ name: "Celebrations", path: "/celebrations" });
    expect(collectionPageOf({ collections: ["weddings"] })).toEqual({ name: "Weddings", path: "/weddings" });
  });

  it("is the first of several, and Weddings for a gown in none of the boutique's collections", () => {
    expect(collectionPageOf({ collections: ["celebrations", "prom"] }).path).toBe("/celebrations");
    expect(collectionPageOf({ collections: [] })).toEqual({ name: "Weddings", path: "/weddings" });
  });
});

describe("the collection a collection route serves", () => {
  it("is the one whose path the route's pattern names, with or without its slashes", () => {
    expect(collectionAt("weddings")).toBe("weddings");
    expect(collectionAt("/prom")).toBe("prom");
    expect(collectionAt("/celebrations/")).toBe("celebrations");
  });

  it("is none for any other pattern", () => {
    expect(collectionAt("/product/:handle")).toBeNull();
    expect(collectionAt("/")).toBeNull();
  });
});
