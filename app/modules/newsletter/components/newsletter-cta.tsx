import type { MouseEvent } from "react";
import { Button } from "~/components/ui/button";
import { Reveal } from "~/components/ui/reveal";
import { NEWSLETTER_DISCOUNT_PERCENT } from "../constants";

/**
 * The home page's call to action: a button that opens the modal (SPEC §2 "a home
 * page button"). It is the submit button of a GET form to /newsletter, so before
 * or without JavaScript it leads to the sign-up page (and the early-click script
 * leaves it to the browser, decision 0017); once hydrated a plain click opens the
 * modal instead, and a modified click is still left to the browser.
 */
export function NewsletterCta({ onOpen }: { onOpen: () => void }) {
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen();
  };
  return (
    <Reveal
      as="section"
      aria-labelledby="newsletter-cta-heading"
      className="relative isolate overflow-hidden bg-[#1f1d1a] px-6 py-24 text-[#f4efe6] sm:px-8 sm:py-28"
    >
      <div aria-hidden="true" className="absolute inset-6 -z-10 border border-[#d4b57a]/35 sm:inset-10" />
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-xs tracking-[0.2em] text-[#d4b57a] uppercase">The Hive newsletter</p>
        <h2 id="newsletter-cta-heading" className="mt-4 text-4xl leading-tight sm:text-6xl">
          {NEWSLETTER_DISCOUNT_PERCENT}% Off Your First Purchase
        </h2>
        <div aria-hidden="true" className="mx-auto mt-6 h-px w-16 bg-[#d4b57a]" />
        <p className="mt-6 text-lg leading-relaxed text-[#d9d1c3]">
          Be the first to see new arrivals, hear about trunk shows and claim fitting-room events before anyone else.
        </p>
        <form method="get" action="/newsletter" className="mt-10">
          <Button type="submit" variant="gold" onClick={onClick} aria-haspopup="dialog">
            Join the Hive
          </Button>
        </form>
      </div>
    </Reveal>
  );
}
