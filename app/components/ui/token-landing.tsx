import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "./button";

/**
 * The page a link from a mail lands on: one card with an eyebrow, a heading
 * under a gold rule, what happened or what will, and its buttons. Each page
 * says the words; the shape is this one.
 */
export function TokenLanding({ eyebrow, title, children }: { eyebrow: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="relative isolate flex flex-1 items-center justify-center px-6 py-20 sm:py-28">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_65%)]" />
      <div className="w-full max-w-xl border border-border bg-surface px-6 py-14 text-center shadow-[0_30px_80px_-50px_rgba(43,42,40,0.5)] sm:px-14">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-4 text-4xl sm:text-5xl">{title}</h1>
        <div aria-hidden="true" className="mx-auto mt-6 h-px w-16 bg-gold" />
        {children}
      </div>
    </section>
  );
}

/** The card's text: `status` for what has been done, `alert` for what went wrong. */
export function TokenLandingText({ role, children }: { role?: "status" | "alert"; children: ReactNode }) {
  return (
    <p role={role} className="mt-6 leading-relaxed text-muted-foreground">
      {children}
    </p>
  );
}

const ACTIONS = "mt-10 flex flex-col items-center gap-4 sm:flex-row sm:justify-center";

/** Where to go next: the first link filled unless it says otherwise. */
export function TokenLandingLinks({ links }: { links: readonly { to: string; label: string; variant?: "primary" | "outline" }[] }) {
  return (
    <div className={ACTIONS}>
      {links.map((link) => (
        <Button key={link.to} asChild variant={link.variant ?? "primary"} className="w-full sm:w-auto">
          <Link to={link.to}>{link.label}</Link>
        </Button>
      ))}
    </div>
  );
}

/**
 * The question's answer: a form that posts the token back to the page (the
 * link itself only reads), and a way out that changes nothing.
 */
export function TokenLandingConfirm({
  token,
  submit,
  submitting,
  keep,
}: {
  token: string;
  submit: string;
  /** The button's words while the post is on its way. */
  submitting: string;
  keep: { to: string; label: string };
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className={ACTIONS}>
      <input type="hidden" name="token" value={token} />
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {busy ? submitting : submit}
      </Button>
      <Button asChild variant="outline" className="w-full sm:w-auto">
        <Link to={keep.to}>{keep.label}</Link>
      </Button>
    </Form>
  );
}
