import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cx } from "~/lib/class-names";

/**
 * A data table. It scrolls sideways inside its own box on a narrow screen
 * instead of widening the page; the box is focusable so keyboard users can
 * scroll it too, and with `aria-label` it is a named region as well.
 */
export function Table({ className, "aria-label": label, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div role={label ? "region" : undefined} aria-label={label} tabIndex={0} className="w-full overflow-x-auto">
      <table aria-label={label} className={cx("w-full caption-bottom border-collapse text-sm", className)} {...props} />
    </div>
  );
}

export function TableCaption({ className, ...props }: HTMLAttributes<HTMLTableCaptionElement>) {
  return <caption className={cx("mt-4 text-sm text-muted-foreground", className)} {...props} />;
}

export function TableHeader({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cx("border-b border-border", className)} {...props} />;
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cx("[&>tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cx("border-b border-border transition-colors hover:bg-muted/60", className)} {...props} />;
}

/** A column heading (`scope="col"` unless told otherwise). */
export function TableHead({ className, scope = "col", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      className={cx("h-11 px-3 text-left align-middle text-xs font-medium tracking-[0.14em] text-muted-foreground uppercase", className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cx("px-3 py-3 align-middle", className)} {...props} />;
}
