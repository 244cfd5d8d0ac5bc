import { formatDay } from "~/lib/format";
import { cx } from "~/lib/class-names";

/** A journal article's category and date, in small gold capitals. */
export function ArticleMeta({ category, date, className }: { category: string; date: string; className?: string }) {
  return (
    <p className={cx("text-xs tracking-[0.2em] text-gold-ink uppercase", className)}>
      {category} <span aria-hidden="true">·</span> <time dateTime={date}>{formatDay(date)}</time>
    </p>
  );
}
