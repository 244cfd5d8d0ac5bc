import { createContext, useContext, useId, type ReactNode } from "react";
import { cx } from "~/lib/class-names";
import { useToastShowing } from "~/lib/toast";
import { characterCount } from "~/lib/character-count";
import { fieldAria, fieldIds } from "~/lib/field-aria";

type FieldControl = ReturnType<typeof fieldAria> & { id: string };

const FieldContext = createContext<FieldControl | null>(null);

/**
 * The id and ARIA attributes of the control inside the nearest `Field`, or
 * nothing outside one. `Input`, `Textarea` and `Select` read it themselves;
 * a custom control spreads it: `<MyPicker {...useFieldControl()} />`.
 */
export function useFieldControl(): Partial<FieldControl> {
  return useContext(FieldContext) ?? {};
}

export type FieldProps = {
  label: ReactNode;
  /** Help shown under the control and read with it. */
  description?: ReactNode;
  /** The field's messages from the action (`errorsOf(name)`), or from the browser's own check. */
  errors?: readonly string[];
  /** The control's id; one is made up when not given. */
  id?: string;
  /** Keep the label for screen readers only (the field is labelled by what surrounds it visually). */
  hideLabel?: boolean;
  /** Adds a quiet '(optional)' after the label. */
  optional?: boolean;
  /**
   * A count of characters that shows as the text nears its limit ("412 of
   * 500 characters"), read with the control and announced politely as it
   * changes. `max` is the schema's limit (`inputAttributes(...).maxLength`).
   */
  count?: { length: number; max: number | undefined };
  className?: string;
  children: ReactNode;
};

/**
 * A label, a control, an optional description and the field's errors, tied
 * together: the label's `for`, and on the control `aria-describedby`,
 * `aria-invalid` and `aria-errormessage`.
 */
export function Field({ label, description, errors, id, hideLabel = false, optional = false, count, className, children }: FieldProps) {
  const madeUp = useId();
  const controlId = id ?? madeUp;
  const ids = fieldIds(controlId);
  const control: FieldControl = {
    id: controlId,
    ...fieldAria({ id: controlId, hasDescription: Boolean(description), hasCount: Boolean(count?.max), errors }),
  };
  return (
    <div className={cx("grid gap-2", className)}>
      <label htmlFor={controlId} className={hideLabel ? "sr-only" : "text-xs tracking-[0.18em] text-muted-foreground uppercase"}>
        {label}
        {optional ? <span className="ml-2 tracking-normal normal-case">(optional)</span> : null}
      </label>
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {description ? (
        <p id={ids.description} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {count?.max ? (
        // Always on the page, so a screen reader is listening when the words come.
        // Empty, it takes no room (the negative margin cancels the grid's gap) but stays in the accessibility tree.
        <p
          id={ids.count}
          aria-live="polite"
          className={cx("text-sm tabular-nums empty:-mt-2", count.length > count.max ? "text-destructive" : "text-muted-foreground")}
        >
          {characterCount(count.length, count.max)}
        </p>
      ) : null}
      <FieldError id={ids.error} errors={errors} />
    </div>
  );
}

/** A field's messages, one a line; nothing when there are none. A message a toast is saying waits for it to go. */
export function FieldError({ id, errors, className }: { id: string; errors?: readonly string[]; className?: string }) {
  const toastShowing = useToastShowing();
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className={cx("text-sm text-destructive", className)}>
      {errors
        .filter((message) => !toastShowing(message))
        .map((message) => (
          <span key={message} className="block">
            {message}
          </span>
        ))}
    </p>
  );
}

/** A line about the whole form, left out while a toast says the same words (written once it has gone). */
function FormLine({ role, children, className }: { role: "alert" | "status"; children?: ReactNode; className?: string }) {
  const toastShowing = useToastShowing();
  if (!children || (typeof children === "string" && toastShowing(children))) return null;
  return (
    <p role={role} className={className}>
      {children}
    </p>
  );
}

/** A message about the whole form (the action's `formError`), announced when it appears. */
export function FormMessage({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <FormLine role="alert" className={cx("border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive", className)}>
      {children}
    </FormLine>
  );
}

/** A good outcome said beside the form (a saved profile, a sent link). */
export function FormNotice({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <FormLine role="status" className={className}>
      {children}
    </FormLine>
  );
}
