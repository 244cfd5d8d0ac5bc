import { useActionData } from "react-router";
import * as z from "zod/mini";

// Form schemas also run in the browser, where our CSP forbids eval: keep zod
// from compiling parsers with `new Function`.
z.config({ jitless: true });

/**
 * The one way a form is handled (docs/decisions/0007-our-own-form-helper.md):
 * the action parses the posted form with the form's zod schema; the same
 * schema gives the form its input attributes; a failure goes back to the page
 * as field errors plus what the visitor typed, so the page re-renders with
 * both, with or without JavaScript.
 */

/** Messages per field, keyed by the field's name (nested paths joined with dots: `address.city`). */
export type FieldErrors = Record<string, string[]>;

/** What the visitor submitted, as strings, so the form can show it again. Never passwords or files. */
export type SubmittedValues = Record<string, string | string[]>;

export type FormFailure = {
  ok: false;
  fieldErrors: FieldErrors;
  /** A message about the form as a whole (a refine on the object, or set by the action). */
  formError?: string;
  values: SubmittedValues;
};

export type FormResult<T> = { ok: true; data: T } | FormFailure;

export type ParseFormOptions = {
  /** More field names never echoed back (names containing "password" never are). */
  secret?: readonly string[];
};

/** An echoed value longer than this is cut: the page never carries back a huge body (the server caps bodies anyway). */
const ECHO_LIMIT = 10_000;

const isSecret = (name: string, secret: readonly string[] = []) => /password/i.test(name) || secret.includes(name);

/**
 * Turns a form body into the object the schema reads: one value per name, or
 * an array when a name repeats (checkbox groups). A name that is absent stays
 * absent, so `optional()` means "not sent".
 */
export function formDataToObject(formData: FormData | URLSearchParams): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const out: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const [name, value] of formData.entries()) {
    const seen = out[name];
    if (seen === undefined) out[name] = value;
    else out[name] = Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

function echoedValues(formData: FormData | URLSearchParams, options: ParseFormOptions): SubmittedValues {
  const values: SubmittedValues = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value !== "string" || isSecret(name, options.secret)) continue;
    const text = value.slice(0, ECHO_LIMIT);
    const seen = values[name];
    if (seen === undefined) values[name] = text;
    else values[name] = Array.isArray(seen) ? [...seen, text] : [seen, text];
  }
  return values;
}

/** Groups zod's issues by field; an issue about the object itself becomes the form's error. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): { fieldErrors: FieldErrors; formError?: string } {
  const fieldErrors: FieldErrors = {};
  let formError: string | undefined;
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    if (!key) {
      formError ??= issue.message;
      continue;
    }
    const list = (fieldErrors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return formError === undefined ? { fieldErrors } : { fieldErrors, formError };
}

/**
 * Parses a posted form with its schema. `formData` may be null (a body that
 * was not a form at all): every required field then fails with its own
 * message, which the action answers with a 400.
 */
export function parseForm<S extends z.core.$ZodType>(
  schema: S,
  formData: FormData | URLSearchParams | null,
  options: ParseFormOptions = {},
): FormResult<z.output<S>> {
  const body = formData ?? new URLSearchParams();
  const parsed = z.safeParse(schema, formDataToObject(body));
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, ...issuesToErrors(parsed.error.issues), values: echoedValues(body, options) };
}

/** A failure the action makes itself (the database refused, a rule outside the schema), in the same shape. */
export function formFailure(formError: string | undefined, fieldErrors: FieldErrors = {}, values: SubmittedValues = {}): FormFailure {
  return formError === undefined ? { ok: false, fieldErrors, values } : { ok: false, fieldErrors, formError, values };
}

/** The one message to show for a failure in a toast: the form's own, else the first field's. */
export function firstMessage(failure: Pick<FormFailure, "fieldErrors" | "formError">): string | undefined {
  return failure.formError ?? Object.values(failure.fieldErrors).find((messages) => messages.length > 0)?.[0];
}

/** Reads a request's form body, or null when it is not a form (wrong content type, malformed body). */
export async function readFormData(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// In the page

export type FormErrors = {
  fieldErrors: FieldErrors;
  formError?: string;
  values: SubmittedValues;
  /** The messages of one field, or undefined when it has none. */
  errorsOf(name: string): string[] | undefined;
  /** What the visitor typed into one field, to show again (a repeated name gives its first value). */
  valueOf(name: string): string | undefined;
};

function isFailure(value: unknown): value is FormFailure {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { ok?: unknown }).ok === false &&
    typeof (value as { fieldErrors?: unknown }).fieldErrors === "object"
  );
}

/** The errors and values in an action's answer (anything that is not a failure reads as "no errors"). */
export function getFormErrors(result: unknown): FormErrors {
  const failure = isFailure(result) ? result : undefined;
  const fieldErrors = failure?.fieldErrors ?? {};
  const values = failure?.values ?? {};
  return {
    fieldErrors,
    formError: failure?.formError,
    values,
    errorsOf: (name) => (fieldErrors[name]?.length ? fieldErrors[name] : undefined),
    valueOf: (name) => {
      const value = values[name];
      return Array.isArray(value) ? value[0] : value;
    },
  };
}

/**
 * The route's own action answer, read as form errors: `useFormErrors()` in a
 * page whose `<Form method="post">` posts to its own route, or
 * `useFormErrors(fetcher.data)` for a fetcher form.
 */
export function useFormErrors(result?: unknown): FormErrors {
  const actionData = useActionData();
  return getFormErrors(result === undefined ? actionData : result);
}

// ---------------------------------------------------------------------------
// One schema for the action and the form's attributes

/** Extra attributes a field's schema carries for its input: `.register(inputHints, { type: "tel", autoComplete: "tel" })`. */
export type InputHints = {
  type?: string;
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal" | "url" | "search";
};

/** Where a field's schema keeps its input hints (what `inputAttributes` adds to the schema's own limits). */
export const inputHints = z.registry<InputHints>();

export type InputAttributes = {
  name: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  type?: string;
  autoComplete?: string;
  inputMode?: InputHints["inputMode"];
};

type StringLimits = { minLength: number | null; maxLength: number | null; format: string | undefined };
type Inspected = { optional: boolean; string?: StringLimits; hints: InputHints };

/** A string schema's length checks and format (an email schema is its own format check). */
function stringLimits(schema: z.core.$ZodType): StringLimits {
  const def = schema._zod.def as { checks?: z.core.$ZodCheck[]; format?: string };
  const limits: StringLimits = { minLength: null, maxLength: null, format: def.format };
  for (const check of def.checks ?? []) {
    const rule = check._zod.def as { check: string; minimum?: number; maximum?: number; format?: string };
    if (rule.check === "min_length" && rule.minimum !== undefined) limits.minLength = Math.max(limits.minLength ?? 0, rule.minimum);
    if (rule.check === "max_length" && rule.maximum !== undefined) limits.maxLength = Math.min(limits.maxLength ?? Infinity, rule.maximum);
    if (rule.check === "string_format") limits.format ??= rule.format;
  }
  return limits;
}

/** Looks through optional, default, nullable and pipe wrappers to the string underneath, collecting hints on the way. */
function inspect(schema: z.core.$ZodType): Inspected {
  let current: z.core.$ZodType | undefined = schema;
  let optional = false;
  let hints: InputHints = {};
  for (let depth = 0; current && depth < 10; depth++) {
    const own = inputHints.get(current);
    if (own) hints = { ...own, ...hints };
    const def: z.core.$ZodTypeDef = current._zod.def;
    if (def.type === "optional" || def.type === "default" || def.type === "nullable") {
      optional = true;
      current = (def as z.core.$ZodOptionalDef).innerType;
    } else if (def.type === "pipe") {
      current = (def as z.core.$ZodPipeDef).in;
    } else if (def.type === "string") {
      return { optional, string: stringLimits(current), hints };
    } else {
      break;
    }
  }
  return { optional, hints };
}

/**
 * The input attributes of one field of an object schema: `required` when the
 * schema refuses an empty value, the string's length limits, `type="email"` for an
 * email format, and any hints registered in `inputHints`. The browser then
 * checks what the action will check (the action still decides).
 */
export function inputAttributes<S extends { shape: Record<string, z.core.$ZodType> }>(
  schema: S,
  name: keyof S["shape"] & string,
): InputAttributes {
  const field = schema.shape[name];
  if (!field) throw new Error(`inputAttributes: the schema has no field "${name}"`);
  const { optional, string, hints } = inspect(field);
  const attributes: InputAttributes = { name };
  const minLength = string?.minLength ?? null;
  const maxLength = string?.maxLength ?? null;
  // Only what the schema refuses when empty: a plain z.string() accepts "" and so must the browser.
  if (!optional && ((minLength !== null && minLength > 0) || string?.format === "email")) attributes.required = true;
  if (minLength !== null && minLength > 1) attributes.minLength = minLength;
  if (maxLength !== null) attributes.maxLength = maxLength;
  if (string?.format === "email") attributes.type = "email";
  if (hints.type) attributes.type = hints.type;
  if (hints.autoComplete) attributes.autoComplete = hints.autoComplete;
  if (hints.inputMode) attributes.inputMode = hints.inputMode;
  return attributes;
}
