import type { HTMLAttributes } from "react";
import { cx } from "~/lib/class-names";

/** SPEC §4's three badge looks, and an outlined one for what needs a second look; which status gets which is the caller's business. */
export type BadgeVariant = "default" | "secondary" | "destructive" | "outline";

const variants: Record<BadgeVariant, string> = {
  default: "border-transparent bg-primary text-primary-foreground",
  secondary: "border-border bg-muted text-foreground",
  destructive: "border-transparent bg-destructive text-destructive-foreground",
  outline: "border-destructive bg-transparent text-destructive",
};

export function badgeStyles(variant: BadgeVariant = "default", extra?: string): string {
  return cx(
    "inline-flex items-center rounded-full border px-2.5 py-0.5 text-[0.6875rem] font-medium tracking-[0.12em] whitespace-nowrap uppercase",
    variants[variant],
    extra,
  );
}

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant };

/** A small label: a status, a count, "Sold Out". */
export function Badge({ variant = "default", className, ...props }: BadgeProps) {
  return <span className={badgeStyles(variant, className)} {...props} />;
}
