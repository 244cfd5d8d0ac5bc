import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { emailField, hasControlCharacters, nameField, optionalText, phoneField, requiredText } from "~/lib/fields";

const errorsOf = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("nameField (SPEC §5: trimmed, 1-100)", () => {
  it("trims and accepts 1 to 100 characters", () => {
    expect(nameField.parse("  Zoë Łucja  ")).toBe("Zoë Łucja");
    expect(nameField.parse("n".repeat(100))).toBe("n".repeat(100));
  });
  it("answers empty, blank and missing with 'Name is required' only", () => {
    for (const value of ["", "   ", undefined, null]) expect(errorsOf(nameField, value)).toEqual(["Name is required"]);
  });
  it("answers 101 characters with the length message", () => {
    expect(errorsOf(nameField, "n".repeat(101))).toEqual(["Name must be less than 100 characters"]);
  });
  it("refuses control characters, line breaks included", () => {
    for (const value of ["Ada\u0000", "Ada\nLovelace", "Ada\tL", "A\u007F", "A\u0085"]) {
      expect(errorsOf(nameField, value)).toEqual(["Name contains characters that are not allowed"]);
    }
  });
});

describe("emailField (SPEC §5: trimmed, valid, max 255)", () => {
  it("trims a valid address", () => {
    expect(emailField.parse("  bride@example.com ")).toBe("bride@example.com");
  });
  it("answers empty and malformed with 'Invalid email address'", () => {
    for (const value of ["", "  ", "bride", "bride@", "@example.com", "bride@example", "bri de@example.com", undefined]) {
      expect(errorsOf(emailField, value)).toEqual(["Invalid email address"]);
    }
  });
  it("answers an address over 255 characters with the length message", () => {
    expect(errorsOf(emailField, `${"a".repeat(250)}@example.com`)).toEqual(["Email must be less than 255 characters"]);
  });
  it("never takes control characters", () => {
    expect(errorsOf(emailField, "bride\u0000@example.com")).toEqual(["Invalid email address"]);
  });
});

describe("phoneField (SPEC §5: optional, trimmed, max 20)", () => {
  it("reads empty and absent as null, and trims", () => {
    expect(phoneField.parse("")).toBeNull();
    expect(phoneField.parse("   ")).toBeNull();
    expect(phoneField.parse(undefined)).toBeNull();
    expect(phoneField.parse(" +1 912 555 0100 ")).toBe("+1 912 555 0100");
  });
  it("answers 21 characters with 'Phone must be less than 20 characters'", () => {
    expect(errorsOf(phoneField, "1".repeat(21))).toEqual(["Phone must be less than 20 characters"]);
    expect(phoneField.parse("1".repeat(20))).toBe("1".repeat(20));
  });
  it("refuses NUL", () => {
    expect(errorsOf(phoneField, "555\u00000100")).toEqual(["Phone contains characters that are not allowed"]);
  });
});

describe("text builders", () => {
  it("keep line breaks in a multi-line field but not NUL", () => {
    const vision = requiredText({
      required: "Vision is required",
      min: [10, "Please provide at least 10 characters describing your vision"],
      max: [1000, "Vision must be less than 1000 characters"],
      multiline: true,
      invalid: "Vision contains characters that are not allowed",
    });
    expect(vision.parse("Line one\r\nline two\tend")).toBe("Line one\r\nline two\tend");
    expect(errorsOf(vision, "")).toEqual(["Vision is required"]);
    expect(errorsOf(vision, "too short")).toEqual(["Please provide at least 10 characters describing your vision"]);
    expect(errorsOf(vision, "long enough\u0000")).toEqual(["Vision contains characters that are not allowed"]);
  });
  it("an optional field checks its minimum only when filled", () => {
    const venue = optionalText({ min: [3, "Too short"], max: [200, "Venue must be less than 200 characters"], invalid: "Bad" });
    expect(venue.parse("")).toBeNull();
    expect(errorsOf(venue, "ab")).toEqual(["Too short"]);
    expect(errorsOf(venue, "v".repeat(201))).toEqual(["Venue must be less than 200 characters"]);
  });
  it("hasControlCharacters tells single-line from multi-line", () => {
    expect(hasControlCharacters("a\nb")).toBe(true);
    expect(hasControlCharacters("a\nb", { multiline: true })).toBe(false);
    expect(hasControlCharacters("a\u0000b", { multiline: true })).toBe(true);
    expect(hasControlCharacters("plain — text ✓")).toBe(false);
  });
});
