import { forwardRef, type TextareaHTMLAttributes } from "react";
import { controlStyles, type ControlLook } from "./control-styles";
import { useFieldControl } from "./field";

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { look?: ControlLook };

/** A multi-line text input. Inside a `Field` it takes the field's id and ARIA wiring. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { look = "box", className, rows = 4, ...props },
  ref,
) {
  const field = useFieldControl();
  return <textarea ref={ref} rows={rows} {...field} {...props} className={controlStyles(look, "min-h-24 py-3", className)} />;
});
