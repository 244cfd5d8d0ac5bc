import type * as z from "zod/mini";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { inputAttributes } from "~/lib/forms";
import { PASSWORD_MIN } from "../schema";

/**
 * The field of a password being chosen (sign-up, reset): its minimum said under the label and asked of the browser,
 * and offered to the password manager as a new one. Its form's schema names it `password`.
 */
export function NewPasswordField({
  label,
  schema,
  errors,
}: {
  label: string;
  schema: { shape: { password: z.core.$ZodType } };
  errors: readonly string[] | undefined;
}) {
  return (
    <Field label={label} description={`At least ${PASSWORD_MIN} characters`} errors={errors}>
      <Input {...inputAttributes(schema, "password")} type="password" autoComplete="new-password" minLength={PASSWORD_MIN} />
    </Field>
  );
}
