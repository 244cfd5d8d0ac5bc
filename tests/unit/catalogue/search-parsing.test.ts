import { describe, expect, it } from "vitest";
import { parseSearchQuery } from "~/modules/built-in-store/built-in-store.server";
import { matchesSearch, normaliseSearchTerm, searchPhrase } from "~/modules/catalogue/catalogue.server";
import { SEARCH_MAX_LENGTH } from "~/modules/catalogue/types";

describe("the shopper's search term (SPEC §5)", () => {
  it("needs 2 characters after trimming, squeezes spaces and caps the length", () => {
    expect(normaliseSearchTerm("")).toBeNull();
    expect(normaliseSearchTerm("  a  ")).toBeNull();
    expect(normaliseSearchTerm(" la ")).toBe("la");
    expect(normaliseSearchTerm("  lace \t  gown ")).toBe("lace gown");
    expect(normaliseSearchTerm("x".repeat(500))).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it("becomes one quoted Shopify phrase, quotes and backslashes escaped", () => {
    expect(searchPhrase("lace gown")).toBe('"lace gown"');
    expect(searchPhrase('12" train')).toBe('"12\\" train"');
    expect(searchPhrase("a\\b")).toBe('"a\\\\b"');
  });

  it("matches the title or the description, in any case", () => {
    const gown = { title: "Magnolia Lace Ball Gown", description: "Chantilly LACE over satin." };
    expect(matchesSearch(gown, "magnolia")).toBe(true);
    expect(matchesSearch(gown, "chantilly lace")).toBe(true);
    expect(matchesSearch(gown, "velvet")).toBe(false);
    expect(matchesSearch(gown, "lace ball")).toBe(true);
  });
});

describe("the built-in store's search syntax", () => {
  it("reads plain words and quoted phrases", () => {
    expect(parseSearchQuery("lace gown")).toEqual(["lace", "gown"]);
    expect(parseSearchQuery('"lace gown" ivory')).toEqual(["lace gown", "ivory"]);
    expect(parseSearchQuery("'ball gown'")).toEqual(["ball gown"]);
  });

  it("undoes the escapes searchPhrase adds", () => {
    expect(parseSearchQuery(searchPhrase('12" train'))).toEqual(['12" train']);
    expect(parseSearchQuery(searchPhrase("a\\b"))).toEqual(["a\\b"]);
  });

  it("ignores AND and a trailing *, and empty phrases", () => {
    expect(parseSearchQuery("lace AND gown*")).toEqual(["lace", "gown"]);
    expect(parseSearchQuery('"  " lace')).toEqual(["lace"]);
    expect(parseSearchQuery("   ")).toEqual([]);
  });

  it("refuses what it does not support, with a message for the caller", () => {
    expect(() => parseSearchQuery('"open')).toThrow("quote that is never closed");
    expect(() => parseSearchQuery("title:lace")).toThrow("field filters and groups are not supported");
    expect(() => parseSearchQuery("(lace)")).toThrow("field filters and groups are not supported");
    expect(() => parseSearchQuery("lace OR satin")).toThrow("OR, NOT and - are not supported");
    expect(() => parseSearchQuery("-satin")).toThrow("OR, NOT and - are not supported");
  });
});
