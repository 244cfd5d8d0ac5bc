// The ARIA wiring of a field: no schema in it, so a field renders without loading zod (lib/forms.ts).
import type { AriaAttributes } from "react";

/** The ids a field's parts carry, derived from the control's id. */
export const fieldIds = (id: string) => ({ description: `${id}-description`, error: `${id}-error`, count: `${id}-count` });

/**
 * The ARIA attributes that tie a control to its description, its character
 * count and its error message. `aria-describedby` lists both (screen readers read it on focus);
 * `aria-errormessage` names the error for those that support it.
 */
export function fieldAria({
  id,
  hasDescription = false,
  hasCount = false,
  errors,
}: {
  id: string;
  hasDescription?: boolean;
  /** The field shows a character count (read with the description). */
  hasCount?: boolean;
  errors?: readonly string[];
}): Pick<AriaAttributes, "aria-invalid" | "aria-describedby" | "aria-errormessage"> {
  const ids = fieldIds(id);
  const invalid = Boolean(errors?.length);
  const describedBy = [hasDescription ? ids.description : null, hasCount ? ids.count : null, invalid ? ids.error : null]
    .filter(Boolean)
    .join(" ");
  return {
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy || undefined,
    "aria-errormessage": invalid ? ids.error : undefined,
  };
}
