import { describe, expect, it } from "vitest";
import { characterCount, COUNT_SHOWN_FROM } from "~/lib/character-count";
import { fieldAria } from "~/lib/field-aria";

describe("characterCount: a long field's count shows as the limit nears", () => {
  it("stays quiet below 80% of the limit", () => {
    expect(COUNT_SHOWN_FROM).toBe(0.8);
    expect(characterCount(0, 500)).toBeNull();
    expect(characterCount(399, 500)).toBeNull();
    expect(characterCount(79, 100)).toBeNull();
  });

  it("counts from 80% of the limit up to it", () => {
    expect(characterCount(400, 500)).toBe("400 of 500 characters");
    expect(characterCount(412, 500)).toBe("412 of 500 characters");
    expect(characterCount(80, 100)).toBe("80 of 100 characters");
    expect(characterCount(1000, 1000)).toBe("1000 of 1000 characters");
  });

  it("says how many too many past the limit", () => {
    expect(characterCount(1003, 1000)).toBe("1003 of 1000 characters: 3 too many");
    expect(characterCount(101, 100)).toBe("101 of 100 characters: 1 too many");
  });

  it("rounds the threshold up for a limit that does not divide evenly, and shows nothing without a limit", () => {
    // 80% of 7 is 5.6: from 6 on.
    expect(characterCount(5, 7)).toBeNull();
    expect(characterCount(6, 7)).toBe("6 of 7 characters");
    expect(characterCount(10, 0)).toBeNull();
    expect(characterCount(10, Number.NaN)).toBeNull();
  });

  it("is read with its control: the count's id joins aria-describedby, between the description and the error", () => {
    expect(fieldAria({ id: "f", hasDescription: true, hasCount: true, errors: ["Too long"] })["aria-describedby"]).toBe(
      "f-description f-count f-error",
    );
    expect(fieldAria({ id: "f", hasCount: true })["aria-describedby"]).toBe("f-count");
  });
});
