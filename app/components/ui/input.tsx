import { forwardRef, type InputHTMLAttributes } from "react";
import { controlStyles, type ControlLook } from "./control-styles";
import { useFieldControl } from "./field";

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { look?: ControlLook };

/** A text input. Inside a `Field` it takes the field's id and ARIA wiring. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ look = "box", className, ...props }, ref) {
  const field = useFieldControl();
  return <input ref={ref} {...field} {...props} className={controlStyles(look, "h-12", className)} />;
});
