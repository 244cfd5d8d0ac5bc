import { useId } from "react";

const inputClass =
  "mt-2 block min-h-11 w-full rounded-md border border-border bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 aria-[invalid=true]:border-destructive [&[readonly]]:bg-muted [&[readonly]]:text-muted-foreground";

/** A labelled input with its error and hint tied to it for screen readers. */
export function TextField({
  label,
  name,
  error,
  hint,
  className = "",
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: string; hint?: string }) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-xs tracking-[0.18em] text-muted-foreground uppercase">
        {label}
      </label>
      <input id={id} name={name} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField({
  label,
  name,
  options,
  ...select
}: React.SelectHTMLAttributes<HTMLSelectElement> & { label: string; name: string; options: readonly { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-xs tracking-[0.18em] text-muted-foreground uppercase">
        {label}
      </label>
      <select id={id} name={name} className={inputClass} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A message the server sent back with the form, read out when it appears. */
export function FormAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      {message}
    </p>
  );
}

/** Links that act as tabs: they work before JavaScript loads, and say which one is chosen. */
export function LinkTabs<T extends string>({
  label,
  tabs,
  current,
  hrefFor,
}: {
  label: string;
  tabs: readonly { id: T; label: string }[];
  current: T;
  hrefFor: (id: T) => string;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-border">
      {tabs.map((tab) => (
        <a
          key={tab.id}
          role="tab"
          id={`tab-${tab.id}`}
          aria-selected={tab.id === current}
          aria-controls={`panel-${tab.id}`}
          href={hrefFor(tab.id)}
          className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-4 text-xs tracking-[0.15em] uppercase ${tab.id === current ? "border-gold text-foreground" : "border-transparent text-muted-foreground hover:text-foreground"}`}
        >
          {tab.label}
        </a>
      ))}
    </div>
  );
}
