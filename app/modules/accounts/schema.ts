import { z } from "zod";
import { ADDRESS_TYPES } from "~/db/constants";
import { optionalText, phoneField } from "~/lib/fields";

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(255, "Email must be less than 255 characters")
  .pipe(z.email("Invalid email address"));
const password = z.string().min(1, "Password is required").max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** A password being chosen (sign-up, reset): at least PASSWORD_MIN, which NewPasswordField says and asks of the browser. */
const newPassword = password.refine((p) => p.length >= PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`);

export const signInSchema = z.object({ email, password });

export const signUpSchema = z.object({
  fullName: z.string().trim().min(1, "Full name is required").max(100, "Name must be less than 100 characters"),
  email,
  password: newPassword,
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string().min(1).max(500),
  password: newPassword,
});

export const twoFactorCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{6,20}$/, "Enter the 6-digit code from your app, or a backup code"),
  method: z.enum(["totp", "backup"]).default("totp"),
});

export const profileSchema = z.object({
  fullName: z.string().trim().max(100, "Name must be less than 100 characters"),
  phone: phoneField,
});

const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be less than ${max} characters`);

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
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Country must be a two-letter code such as US")
    .default("US"),
  phone: phoneField,
  isDefault: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});
export type AddressInput = z.infer<typeof addressSchema>;

/** Turning two-factor on or off, or new backup codes: the account's password first. */
export const confirmPasswordSchema = z.object({ password: z.string().min(1, "Enter your password").max(PASSWORD_MAX) });

/** The first code from the authenticator app, to finish turning two-factor on. */
export const totpEnrolSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app")
    .meta({ input: { autoComplete: "one-time-code", inputMode: "numeric" } }),
});

/** A passkey named by its id, from the shopper's own list. */
export const passkeyIdSchema = z.object({ id: z.string().trim().min(1).max(200) });
