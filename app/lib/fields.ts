import * as z from "zod/mini";
// Also sets zod's jitless mode, which every schema that reaches the browser needs.
import { inputHints } from "./forms";

/**
 * Fields several forms share, defined once with the contract's rules and
 * messages (SPEC §5's custom design table: name, email, phone). A form's
 * schema composes them: `z.object({ name: nameField, email: emailField, phone: phoneField })`.
 *
 * Every text field refuses control characters: NUL cannot be stored in
 * PostgreSQL text (the insert would fail as a 5xx), and the others have no
 * business in a name or an address. Single-line fields refuse line breaks
 * and tabs too; multi-line fields keep them.
 */

// Matching control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
/** C0 controls (with tab, CR and LF), DEL and the C1 controls. */
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, but tab, line feed and carriage return are allowed. */
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */

export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value);
}

type TextFieldOptions = {
  /** The message for an empty value; without it the field is optional (empty or absent becomes undefined). */
  required?: string;
  min?: readonly [length: number, message: string];
  max?: readonly [length: number, message: string];
  /** Keep line breaks (a textarea). */
  multiline?: boolean;
  /** The message for control characters. */
  invalid: string;
};

/** A required text field: trimmed, within its lengths, free of control characters. An empty value gets only the `required` message. */
export function requiredText(options: TextFieldOptions & { required: string }) {
  const checks: z.core.$ZodCheck<string>[] = [z.trim(), z.minLength(1, { error: options.required, abort: true })];
  if (options.min && options.min[0] > 1) checks.push(z.minLength(options.min[0], options.min[1]));
  if (options.max) checks.push(z.maxLength(options.max[0], options.max[1]));
  checks.push(z.refine((value: string) => !hasControlCharacters(value, options), options.invalid));
  return z.string({ error: options.required }).check(...checks);
}

/**
 * An optional text field: trimmed, empty or absent reads as null (what is
 * stored, and what clears a stored value), otherwise within its lengths and
 * free of control characters.
 */
export function optionalText(options: Omit<TextFieldOptions, "required">) {
  const min = options.min;
  const checks: z.core.$ZodCheck<string>[] = [z.trim()];
  if (options.max) checks.push(z.maxLength(options.max[0], options.max[1]));
  checks.push(
    z.refine((value: string) => !min || value === "" || value.length >= min[0], min?.[1]),
    z.refine((value: string) => !hasControlCharacters(value, options), options.invalid),
  );
  return z.pipe(
    z.optional(z.string().check(...checks)),
    z.transform((value: string | undefined) => (value ? value : null)),
  );
}

const FIELD_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be less than 100 characters",
  nameInvalid: "Name contains characters that are not allowed",
  emailInvalid: "Invalid email address",
  emailTooLong: "Email must be less than 255 characters",
  phoneTooLong: "Phone must be less than 20 characters",
  phoneInvalid: "Phone contains characters that are not allowed",
} as const;

const NAME_MAX = 100;
const EMAIL_MAX = 255;
const PHONE_MAX = 20;

/** A person's name: trimmed, 1-100 (SPEC §5). */
export const nameField = requiredText({
  required: FIELD_MESSAGES.nameRequired,
  max: [NAME_MAX, FIELD_MESSAGES.nameTooLong],
  invalid: FIELD_MESSAGES.nameInvalid,
}).register(inputHints, { autoComplete: "name" });

/**
 * An email address: trimmed, a valid address, at most 255 (SPEC §5). Empty
 * and malformed both read 'Invalid email address'; control characters never
 * make a valid address.
 */
export const emailField = z
  .pipe(
    z
      .string({ error: FIELD_MESSAGES.emailInvalid })
      .check(z.trim(), z.minLength(1, FIELD_MESSAGES.emailInvalid), z.maxLength(EMAIL_MAX, FIELD_MESSAGES.emailTooLong)),
    z.email(FIELD_MESSAGES.emailInvalid),
  )
  .register(inputHints, { type: "email", autoComplete: "email", inputMode: "email" });

/** An optional phone number: trimmed, at most 20 (SPEC §5); empty becomes null. */
export const phoneField = optionalText({
  max: [PHONE_MAX, FIELD_MESSAGES.phoneTooLong],
  invalid: FIELD_MESSAGES.phoneInvalid,
}).register(inputHints, { type: "tel", autoComplete: "tel", inputMode: "tel" });
