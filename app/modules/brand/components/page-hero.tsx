import type { ReactNode } from "react";

/** The opening of a brand page: eyebrow, the page's h1, a gold rule and a short lede. */
export function PageHero({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="relative isolate overflow-hidden px-6 pt-20 pb-16 text-center sm:px-8 sm:pt-28 sm:pb-20">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_70%)]" />
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="mx-auto mt-5 max-w-4xl text-5xl leading-[1.05] sm:text-7xl">{title}</h1>
      <div aria-hidden="true" className="mx-auto mt-8 h-px w-20 bg-gold" />
      {children ? <div className="mx-auto mt-8 max-w-2xl text-lg leading-relaxed text-muted-foreground">{children}</div> : null}
    </header>
  );
}
