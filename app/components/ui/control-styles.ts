import { cx } from "~/lib/class-names";

/** "box": a bordered box (forms with several fields); "line": a single rule underneath (the boutique's one-field forms). */
export type ControlLook = "box" | "line";

const looks: Record<ControlLook, string> = {
  box: "rounded-md border border-foreground/25 bg-surface px-3 focus:border-gold-ink",
  line: "rounded-none border-0 border-b border-foreground/40 bg-transparent px-0 focus:border-gold-ink",
};

const base =
  "block w-full text-base text-foreground placeholder:text-muted-foreground/70 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive";

/** The classes of a form control (input, textarea, select) in one of the two looks. */
export function controlStyles(look: ControlLook, ...extra: Array<string | undefined>): string {
  return cx(base, looks[look], ...extra);
}
