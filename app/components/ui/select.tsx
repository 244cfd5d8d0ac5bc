import { forwardRef, type SelectHTMLAttributes } from "react";
import { controlStyles, type ControlLook } from "./control-styles";
import { useFieldControl } from "./field";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  look?: ControlLook;
  /** The choices; or pass `<option>` children. */
  options?: readonly SelectOption[];
  /** A first, empty choice ("Choose a time"), which a `required` select refuses. */
  placeholder?: string;
};

/**
 * A native `<select>`, styled: it posts with a plain form before JavaScript,
 * and phones show their own picker. Inside a `Field` it takes the field's id
 * and ARIA wiring.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { look = "box", className, options, placeholder, children, ...props },
  ref,
) {
  const field = useFieldControl();
  return (
    <span className="relative block">
      <select ref={ref} {...field} {...props} className={controlStyles(look, "h-12 appearance-none pr-10", className)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      >
        <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </span>
  );
});
