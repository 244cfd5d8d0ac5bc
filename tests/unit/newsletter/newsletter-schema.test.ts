import { assert, describe, expect, it } from "vitest";
import { inputAttributes, parseForm } from "~/lib/forms";
import { newsletterSignupSchema } from "~/modules/newsletter/schema";

const form = (entries: [string, string][]) => {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
};

describe("the newsletter form's schema", () => {
  it("trims a good address and refuses a bad one with SPEC's message, echoing what was typed", () => {
    expect(parseForm(newsletterSignupSchema, form([["email", "  bride@example.com "]]))).toEqual({
      ok: true,
      data: { email: "bride@example.com" },
    });
    expect(parseForm(newsletterSignupSchema, form([["email", "nope"]]))).toEqual({
      ok: false,
      fieldErrors: { email: ["Please enter a valid email address"] },
      values: { email: "nope" },
    });
  });

  it("refuses control characters, which the \\S of SPEC's pattern would let through", () => {
    const result = parseForm(newsletterSignupSchema, form([["email", "bride\u0000@example.com"]]));
    assert(!result.ok, "the address is refused");
    expect(result.fieldErrors.email).toEqual(["Please enter a valid email address"]);
  });

  it("gives the input its attributes from the same schema", () => {
    expect(inputAttributes(newsletterSignupSchema, "email")).toEqual({
      name: "email",
      required: true,
      maxLength: 255,
      type: "email",
      autoComplete: "email",
      inputMode: "email",
    });
  });
});
