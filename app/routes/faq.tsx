import { ChevronDown } from "lucide-react";
import { Accordion } from "radix-ui";
import { Link } from "react-router";
import type { Route } from "./+types/faq";
import { Button } from "~/components/ui/button";
import { Reveal } from "~/components/ui/reveal";
import { BRAND } from "~/lib/brand";
import { InlineScript } from "~/lib/nonce";
import { pageMeta } from "~/lib/seo";
import { PageHero } from "~/modules/brand/components/page-hero";
import { SectionHeading } from "~/modules/brand/components/section-heading";
import { FAQ_CATEGORIES } from "~/modules/brand/brand";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: `Frequently Asked Questions | ${BRAND.fullName}`,
    description:
      "Shipping times, returns, custom design timelines, alteration prices, appointments and gown care at The Hive Bridal & Formal in Savannah, answered.",
    path: "/faq",
  });

/** schema.org FAQPage, from the same words the page shows. `<` is escaped so no answer can close the script. */
function faqStructuredData(): string {
  const json = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: FAQ_CATEGORIES.flatMap((category) =>
      category.items.map((item) => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: item.answer },
      })),
    ),
  };
  return JSON.stringify(json).replace(/</g, "\\u003c");
}

const EXPLORE = [
  {
    title: "Collections",
    links: [
      { to: "/weddings", label: "Wedding Dresses" },
      { to: "/prom", label: "Prom Dresses" },
      { to: "/celebrations", label: "Celebration Dresses" },
    ],
  },
  {
    title: "Experiences",
    links: [
      { to: "/custom-design", label: "Custom Design" },
      { to: "/fitting-room", label: "The Fitting Room" },
      { to: "/our-story", label: "Our Story" },
      { to: "/journal", label: "The Journal" },
    ],
  },
];

export default function Faq() {
  return (
    <>
      <InlineScript type="application/ld+json" code={faqStructuredData()} />
      <PageHero eyebrow="Questions & answers" title="Frequently Asked Questions">
        Everything brides, prom-goers and their families ask us most, from shipping and returns to fittings and gown care.
      </PageHero>

      <nav aria-label="FAQ categories" className="px-6 sm:px-8">
        <ul className="mx-auto flex max-w-4xl flex-wrap justify-center gap-2">
          {FAQ_CATEGORIES.map((category) => (
            <li key={category.id}>
              <Button asChild variant="choice">
                <a href={`#${category.id}`}>{category.title}</a>
              </Button>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mx-auto max-w-3xl space-y-20 px-6 py-20 sm:px-8 sm:py-24">
        {FAQ_CATEGORIES.map((category) => (
          <section key={category.id} id={category.id} aria-labelledby={`${category.id}-heading`} className="scroll-mt-24">
            <h2 id={`${category.id}-heading`} className="text-4xl">
              {category.title}
            </h2>
            <div aria-hidden="true" className="mt-5 h-px w-12 bg-gold" />
            {/* One open at a time, closable, the first open on arrival (SPEC §2). */}
            <Accordion.Root type="single" collapsible defaultValue={`${category.id}-0`} className="mt-6 border-t border-border">
              {category.items.map((item, index) => (
                <Accordion.Item key={item.question} value={`${category.id}-${index}`} className="border-b border-border">
                  <Accordion.Header>
                    <Accordion.Trigger className="group flex min-h-16 w-full items-center justify-between gap-6 py-5 text-left font-sans text-lg transition-colors hover:text-gold-ink">
                      {item.question}
                      <ChevronDown
                        aria-hidden="true"
                        className="size-5 shrink-0 text-gold-ink transition-transform duration-300 group-data-[state=open]:rotate-180"
                      />
                    </Accordion.Trigger>
                  </Accordion.Header>
                  {/* Mounted while closed (hidden), so every answer is in the HTML for search and find-in-page. */}
                  <Accordion.Content forceMount className="pb-6 leading-relaxed text-muted-foreground data-[state=closed]:hidden">
                    {item.answer}
                  </Accordion.Content>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          </section>
        ))}
      </div>

      <Reveal as="section" aria-labelledby="faq-contact-heading" className="bg-surface px-6 py-20 text-center sm:px-8 sm:py-24">
        <SectionHeading id="faq-contact-heading" eyebrow="Still wondering?" title="We Would Love to Hear from You" tight={false} />
        <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">
          Tell our design team what you have in mind, or come and see us in the studio.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild className="w-full max-w-xs sm:w-auto">
            <Link to="/custom-design">Contact Our Design Team</Link>
          </Button>
          <Button asChild variant="outline" className="w-full max-w-xs sm:w-auto">
            <Link to="/fitting-room">Book a Fitting</Link>
          </Button>
        </div>
      </Reveal>

      <nav aria-label="Explore The Hive" className="border-t border-border px-6 py-16 sm:px-8">
        <div className="mx-auto grid max-w-4xl gap-10 sm:grid-cols-2">
          {EXPLORE.map((group) => (
            <div key={group.title} className="text-center sm:text-left">
              <h2 className="eyebrow font-sans">{group.title}</h2>
              <ul className="mt-5 space-y-3">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="font-display text-2xl transition-colors hover:text-gold-ink">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>
    </>
  );
}
