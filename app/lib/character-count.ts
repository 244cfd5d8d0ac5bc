/**
 * When a text field's count of characters shows, and what it says. Quiet
 * until the text nears the field's limit (80% of it), then "412 of 500
 * characters", and past the limit how many too many, so the schema's
 * message on submit is no surprise. The limit is the schema's
 * (`inputAttributes(schema, name).maxLength`): one source.
 */

/** The share of the limit from which the count shows. */
export const COUNT_SHOWN_FROM = 0.8;

/** The count to show for a text of `length` characters in a field of at most `max`; null while it is far from the limit. */
export function characterCount(length: number, max: number): string | null {
  if (!(max > 0) || length < Math.ceil(max * COUNT_SHOWN_FROM)) return null;
  const over = length - max;
  return over > 0 ? `${length} of ${max} characters: ${over} too many` : `${length} of ${max} characters`;
}
