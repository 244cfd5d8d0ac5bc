import type { ReactNode } from "react";

/** Eyebrow, serif title and a short gold rule: how every brand section opens. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "center",
  as: Heading = "h2",
}: {
  id?: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: "center" | "left";
  as?: "h1" | "h2";
}) {
  const centred = align === "center";
  return (
    <div className={centred ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      <p className="eyebrow">{eyebrow}</p>
      <Heading id={id} className={`mt-4 text-4xl leading-tight sm:text-5xl ${Heading === "h1" ? "lg:text-6xl" : ""}`}>
        {title}
      </Heading>
      <div aria-hidden="true" className={`mt-6 h-px w-16 bg-gold ${centred ? "mx-auto" : ""}`} />
      {children ? <div className="mt-6 text-base leading-relaxed text-muted-foreground sm:text-lg">{children}</div> : null}
    </div>
  );
}
