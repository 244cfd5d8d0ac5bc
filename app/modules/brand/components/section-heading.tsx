import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cx } from "~/lib/class-names";

/**
 * Eyebrow, serif title and a short gold rule: how every brand section opens. The title's lines sit a little apart
 * (`leading-tight`) unless `tight` is false, for a title kept to one line at the font's own spacing.
 */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "center",
  as: Heading = "h2",
  tight = true,
}: {
  id?: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  align?: "center" | "left";
  as?: "h1" | "h2";
  tight?: boolean;
}) {
  const centred = align === "center";
  return (
    <div className={centred ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      <p className="eyebrow">{eyebrow}</p>
      <Heading id={id} className={cx("mt-4 text-4xl sm:text-5xl", tight && "leading-tight", Heading === "h1" && "lg:text-6xl")}>
        {title}
      </Heading>
      <div aria-hidden="true" className={`mt-6 h-px w-16 bg-gold ${centred ? "mx-auto" : ""}`} />
      {children ? <div className="mt-6 text-base leading-relaxed text-muted-foreground sm:text-lg">{children}</div> : null}
    </div>
  );
}

/** The outlined link that closes a brand section, centred under it. */
export function SectionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div className="mt-14 text-center">
      <Button asChild variant="outline">
        <Link to={to}>{children}</Link>
      </Button>
    </div>
  );
}
