import { useSyncExternalStore, type ReactNode } from "react";

/**
 * Small form parts with a label on every field and the error beside it,
 * used until the shared Field/Input primitives are on main. No domain words.
 */
export const inputStyles =
  "mt-2 block h-12 w-full rounded-none border border-border bg-surface px-4 text-base text-foreground placeholder:text-muted-foreground/80 focus:border-gold-ink aria-invalid:border-destructive";
export const textareaStyles =
  "mt-2 block min-h-32 w-full rounded-none border border-border bg-surface px-4 py-3 text-base text-foreground placeholder:text-muted-foreground/80 focus:border-gold-ink aria-invalid:border-destructive";
export const labelStyles = "text-xs font-medium tracking-[0.18em] text-foreground uppercase";

export function FieldShell({
  id,
  label,
  optional,
  error,
  hint,
  children,
  className = "",
}: {
  id: string;
  label: string;
  optional?: boolean;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelStyles}>
        {label}
        {optional ? <span className="ml-2 tracking-normal text-muted-foreground normal-case">(optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-2 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-2 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria props tying an input to its error and hint paragraphs. */
export function describedBy(id: string, error?: string | null, hint?: boolean) {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": ids || undefined,
  };
}

const subscribe = () => () => {};

/** False while rendering on the server and during hydration, true after: for parts that need JavaScript. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
