import { assert, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { emailField, nameField, phoneField } from "~/lib/fields";
import { fieldAria } from "~/lib/field-aria";
import { formDataToObject, getFormErrors, inputAttributes, parseForm } from "~/lib/forms";

const contact = z.object({ name: nameField, email: emailField, phone: phoneField });

function form(entries: Record<string, string | string[] | Blob>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(entries)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return body;
}

describe("parseForm", () => {
  it("returns the schema's output for a good form: trimmed, an empty optional field as undefined", () => {
    const result = parseForm(contact, form({ name: "  Ada Lovelace ", email: " ada@example.com ", phone: "" }));
    expect(result).toEqual({ ok: true, data: { name: "Ada Lovelace", email: "ada@example.com", phone: null } });
  });

  it("groups the messages by field and gives back what was typed", () => {
    const result = parseForm(contact, form({ name: "", email: "not-an-address", phone: "0".repeat(21) }));
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        name: ["Name is required"],
        email: ["Invalid email address"],
        phone: ["Phone must be less than 20 characters"],
      },
      values: { name: "", email: "not-an-address", phone: "0".repeat(21) },
    });
  });

  it("answers a missing field with the field's own message, not zod's", () => {
    const result = parseForm(contact, form({}));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual({ name: ["Name is required"], email: ["Invalid email address"] });
    expect(result.values).toEqual({});
  });

  it("treats a body that was not a form (null) as an empty form", () => {
    const result = parseForm(contact, null);
    assert(!result.ok, "an empty form is refused");
    expect(Object.keys(result.fieldErrors).sort()).toEqual(["email", "name"]);
  });

  it("never echoes passwords, named secrets or files", () => {
    const schema = z.object({
      email: emailField,
      password: z.string().check(z.minLength(6, "short")),
      code: z.string().check(z.minLength(6, "code")),
    });
    const result = parseForm(schema, form({ email: "x", password: "abc", newPassword: "abc", code: "12", upload: new Blob(["data"]) }), {
      secret: ["code"],
    });
    assert(!result.ok, "the form is refused");
    expect(result.values).toEqual({ email: "x" });
  });

  it("cuts a huge echoed value", () => {
    const result = parseForm(contact, form({ name: "n".repeat(50_000), email: "x" }));
    if (result.ok) throw new Error("expected a failure");
    expect((result.values.name as string).length).toBe(10_000);
  });

  it("puts an issue about the whole object in formError", () => {
    const schema = z
      .object({ password: z.string(), confirm: z.string() })
      .check(z.refine((value: { password: string; confirm: string }) => value.password === value.confirm, "Passwords do not match"));
    const result = parseForm(schema, form({ password: "a", confirm: "b" }));
    expect(result).toEqual({ ok: false, fieldErrors: {}, formError: "Passwords do not match", values: { confirm: "b" } });
  });

  it("names nested and repeated fields", () => {
    const schema = z.object({ sizes: z.array(z.enum(["2", "4"], "Pick a size")) });
    expect(formDataToObject(form({ sizes: ["2", "4"] }))).toEqual({ sizes: ["2", "4"] });
    const result = parseForm(schema, form({ sizes: ["2", "9"] }));
    if (result.ok) throw new Error("expected a failure");
    expect(result.fieldErrors).toEqual({ "sizes.1": ["Pick a size"] });
    expect(result.values).toEqual({ sizes: ["2", "9"] });
  });
});

describe("getFormErrors and fieldAria", () => {
  it("reads a failure, and reads anything else as no errors", () => {
    const failure = parseForm(contact, form({ name: "", email: "a@b.co" }));
    const errors = getFormErrors(failure);
    expect(errors.errorsOf("name")).toEqual(["Name is required"]);
    expect(errors.errorsOf("email")).toBeUndefined();
    expect(errors.valueOf("email")).toBe("a@b.co");
    for (const other of [undefined, null, { ok: true }, { ok: false, error: "x" }, "text"]) {
      const none = getFormErrors(other);
      expect(none.fieldErrors).toEqual({});
      expect(none.errorsOf("name")).toBeUndefined();
      expect(none.valueOf("name")).toBeUndefined();
    }
  });

  it("ties a control to its description and error", () => {
    expect(fieldAria({ id: "f" })).toEqual({});
    expect(JSON.parse(JSON.stringify(fieldAria({ id: "f", hasDescription: true })))).toEqual({ "aria-describedby": "f-description" });
    expect(fieldAria({ id: "f", hasDescription: true, errors: ["Bad"] })).toEqual({
      "aria-invalid": true,
      "aria-describedby": "f-description f-error",
      "aria-errormessage": "f-error",
    });
    expect(fieldAria({ id: "f", errors: [] })["aria-invalid"]).toBeUndefined();
  });
});

describe("inputAttributes", () => {
  it("derives required, lengths and type from the schema the action uses", () => {
    expect(inputAttributes(contact, "name")).toEqual({ name: "name", required: true, maxLength: 100, autoComplete: "name" });
    expect(inputAttributes(contact, "email")).toEqual({
      name: "email",
      required: true,
      maxLength: 255,
      type: "email",
      autoComplete: "email",
      inputMode: "email",
    });
    expect(inputAttributes(contact, "phone")).toEqual({ name: "phone", maxLength: 20, type: "tel", autoComplete: "tel", inputMode: "tel" });
  });

  it("gives minLength above 1, leaves a plain string optional for the browser, and knows zod's email format", () => {
    const schema = z.object({
      vision: z.string().check(z.trim(), z.minLength(10, "short"), z.maxLength(1000, "long")),
      note: z.string(),
      contact: z.email("bad"),
      count: z.number(),
    });
    expect(inputAttributes(schema, "vision")).toEqual({ name: "vision", required: true, minLength: 10, maxLength: 1000 });
    expect(inputAttributes(schema, "note")).toEqual({ name: "note" });
    expect(inputAttributes(schema, "contact")).toEqual({ name: "contact", required: true, type: "email" });
    expect(inputAttributes(schema, "count")).toEqual({ name: "count" });
  });

  it("refuses a name the schema does not have", () => {
    expect(() => inputAttributes(contact, "nope" as "name")).toThrow(/no field "nope"/);
  });
});
