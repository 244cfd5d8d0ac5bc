import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/format";
import { fromCents, moneyFromCents, toCents } from "~/lib/money";

describe("money in whole cents", () => {
  it("reads the Storefront API's decimal strings", () => {
    expect(toCents("1249.0")).toBe(124_900);
    expect(toCents("1249")).toBe(124_900);
    expect(toCents("189.5")).toBe(18_950);
    expect(toCents("24.99")).toBe(2_499);
    expect(toCents(" 0.05 ")).toBe(5);
    expect(toCents("-3.10")).toBe(-310);
  });

  it("cuts digits past the cent instead of rounding through floating point", () => {
    expect(toCents("0.999")).toBe(99);
  });

  it("refuses what is not an amount", () => {
    for (const bad of ["", "abc", "1,249.00", "1e3", "$5", "."]) expect(() => toCents(bad)).toThrow(RangeError);
  });

  it("writes the Storefront API's format back", () => {
    expect(fromCents(124_900)).toBe("1249.0");
    expect(fromCents(18_950)).toBe("189.5");
    expect(fromCents(2_499)).toBe("24.99");
    expect(fromCents(5)).toBe("0.05");
    expect(fromCents(0)).toBe("0.0");
  });

  it("round-trips, and sums add up exactly where floating point would not", () => {
    for (const amount of ["0.1", "0.2", "1249.0", "24.99", "0.05"]) expect(fromCents(toCents(amount))).toBe(amount);
    expect(fromCents(toCents("0.1") + toCents("0.2"))).toBe("0.3");
    expect(moneyFromCents(3 * toCents("329.0"), "USD")).toEqual({ amount: "987.0", currencyCode: "USD" });
  });

  it("formats as SPEC §9 says: currency code, dollar sign, two decimals", () => {
    expect(formatPrice({ amount: "1249.0", currencyCode: "USD" })).toBe("USD $1,249.00");
    expect(formatPrice(moneyFromCents(5, "CAD"))).toBe("CAD $0.05");
    expect(() => formatPrice({ amount: "", currencyCode: "USD" })).toThrow(TypeError);
  });
});
