import * as z from "zod/mini";
import { ADDRESS_TYPES } from "~/db/constants";
import { optionalText, phoneField } from "~/lib/fields";
import { inputHints } from "~/lib/forms";

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

const email = z.pipe(
  z
    .string()
    .check(z.trim(), z.toLowerCase(), z.minLength(1, "Email is required"), z.maxLength(255, "Email must be less than 255 characters")),
  z.email("Invalid email address"),
);
const passwordChecks = [
  z.minLength(1, "Password is required"),
  z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
];
const password = z.string().check(...passwordChecks);

/** A password being chosen (sign-up, reset): at least PASSWORD_MIN, which NewPasswordField says and asks of the browser. */
const newPassword = z.string().check(
  ...passwordChecks,
  z.refine((p: string) => p.length >= PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
);

export const signInSchema = z.object({ email, password });

export const signUpSchema = z.object({
  fullName: z.string().check(z.trim(), z.minLength(1, "Full name is required"), z.maxLength(100, "Name must be less than 100 characters")),
  email,
  password: newPassword,
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(500)),
  password: newPassword,
});

export const twoFactorCodeSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^[0-9A-Za-z-]{6,20}$/, "Enter the 6-digit code from your app, or a backup code")),
  method: z._default(z.enum(["totp", "backup"]), "totp"),
});

export const profileSchema = z.object({
  fullName: z.string().check(z.trim(), z.maxLength(100, "Name must be less than 100 characters")),
  phone: phoneField,
});

const required = (label: string, max: number) =>
  z.string().check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} must be less than ${max} characters`));

export const addressSchema = z.object({
  addressType: z.enum(ADDRESS_TYPES, { error: "Choose shipping or billing" }),
  fullName: required("Full name", 100),
  addressLine1: required("Address line 1", 200),
  addressLine2: optionalText({
    max: [200, "Address line 2 must be less than 200 characters"],
    invalid: "Address line 2 contains characters that are not allowed",
  }),
  city: required("City", 100),
  state: required("State", 100),
  postalCode: required("Postal code", 20),
  country: z._default(
    z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, "Country must be a two-letter code such as US")),
    "US",
  ),
  phone: phoneField,
  isDefault: z.pipe(
    z.transform((v: unknown) => v === "on" || v === "true" || v === true),
    z.boolean(),
  ),
});
export type AddressInput = z.infer<typeof addressSchema>;

/** Turning two-factor on or off, or new backup codes: the account's password first. */
export const confirmPasswordSchema = z.object({
  password: z.string().check(z.minLength(1, "Enter your password"), z.maxLength(PASSWORD_MAX)),
});

/** The first code from the authenticator app, to finish turning two-factor on. */
export const totpEnrolSchema = z.object({
  code: z
    .string()
    .check(z.trim(), z.regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"))
    .register(inputHints, { autoComplete: "one-time-code", inputMode: "numeric" }),
});

/** A passkey named by its id, from the shopper's own list. */
export const passkeyIdSchema = z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) });
