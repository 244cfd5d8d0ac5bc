import { Feather, Gem, HeartHandshake } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/our-story";
import { Button } from "~/components/ui/button";
import { Reveal } from "~/components/ui/reveal";
import { BRAND } from "~/lib/brand";
import { pageMeta } from "~/lib/seo";
import { FramedArtwork } from "~/modules/brand/components/artwork-image";
import { PageHero } from "~/modules/brand/components/page-hero";
import { SectionHeading } from "~/modules/brand/components/section-heading";
import { ARTWORK } from "~/modules/brand/brand";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: `Our Story | ${BRAND.fullName}, ${BRAND.city}`,
    description: `How a small studio on ${BRAND.street.replace(/^\d+\s+/, "")} became ${BRAND.city}'s home for bridal, prom and celebration gowns: a letter from our founder and the three things we believe.`,
    path: "/our-story",
    image: ARTWORK.atelier.src,
  });

const BELIEFS = [
  {
    icon: HeartHandshake,
    title: "Every story deserves to be heard",
    text: "Before we pull a single gown, we ask about you: the venue, the music, the people who will be in the room. The right dress starts with listening.",
  },
  {
    icon: Gem,
    title: "Craft over hurry",
    text: "We choose fewer gowns and fit each one by hand in our own studio. A hem, a bustle or a reshaped bodice is done by the same hands that will see you on the day.",
  },
  {
    icon: Feather,
    title: "Beauty at every size and budget",
    text: "Elegance is not a size or a price. Our collections run from sample sales to custom couture, and every bride, prom-goer and guest is welcomed the same way.",
  },
];

export default function OurStory() {
  return (
    <>
      <PageHero eyebrow="Our story" title="Made for the Moments You Will Remember">
        A small atelier in the heart of {BRAND.city}, dressing brides, prom-goers and celebrants one unhurried appointment at a time.
      </PageHero>

      <section aria-labelledby="letter-heading" className="px-6 pb-24 sm:px-8 sm:pb-32">
        <div className="mx-auto grid max-w-6xl items-start gap-14 md:grid-cols-[0.9fr_1.1fr] lg:gap-24">
          <FramedArtwork art={ARTWORK.atelier} frame="bottom-right" priority className="md:sticky md:top-28" />
          <article className="max-w-prose">
            <p className="eyebrow">A letter from our founder</p>
            <h2 id="letter-heading" className="mt-4 text-4xl leading-tight sm:text-5xl">
              Dear friend,
            </h2>
            <div className="mt-8 space-y-6 text-lg leading-relaxed text-muted-foreground">
              <p>
                The Hive began at my grandmother&rsquo;s kitchen table, with a borrowed sewing machine, a box of pins and a neighbour who
                needed her wedding dress taken in by Saturday. I still remember the way she turned in front of the hallway mirror, and how
                quiet the room went.
              </p>
              <p>
                That quiet is what we work for. Years later, our studio on {BRAND.street.replace(/^\d+\s+/, "")} is a little larger and the
                gowns a little grander, but the idea is the same: finding the dress should feel as joyful as wearing it. We keep our
                collections small so that every gown is one we love, and we do our fittings in-house so that it fits the way it should.
              </p>
              <p>
                We named ourselves after the hive because nothing beautiful is made alone. Our stylists, seamstresses and designers work
                side by side, and so do you and we: you bring the story, we bring the thread.
              </p>
              <p>
                Whether you are walking down an aisle, into a prom or across a room full of people you love, we would be honoured to help
                you get ready.
              </p>
            </div>
            <p className="mt-10 font-display text-3xl text-foreground">With love from {BRAND.city},</p>
            <p className="mt-2 text-sm tracking-[0.2em] text-gold-ink uppercase">The founder of {BRAND.fullName}</p>
          </article>
        </div>
      </section>

      <Reveal as="section" aria-labelledby="beliefs-heading" className="bg-surface px-6 py-24 sm:px-8 sm:py-32">
        <SectionHeading id="beliefs-heading" eyebrow="What we believe" title="Three Things We Hold Dear" tight={false} />
        <ul className="mx-auto mt-16 grid max-w-6xl gap-12 md:grid-cols-3">
          {BELIEFS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="text-center">
              <div className="mx-auto flex size-16 items-center justify-center rounded-full border border-gold/70 text-gold-ink">
                <Icon aria-hidden="true" className="size-6" strokeWidth={1.25} />
              </div>
              <h3 className="mt-6 text-3xl">{title}</h3>
              <p className="mx-auto mt-4 max-w-xs leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </Reveal>

      <Reveal as="section" aria-labelledby="custom-heading" className="px-6 py-24 text-center sm:px-8 sm:py-32">
        <p className="eyebrow">Custom design</p>
        <h2 id="custom-heading" className="mx-auto mt-4 max-w-3xl text-4xl leading-tight sm:text-5xl">
          A Dress as Unique as Your Story
        </h2>
        <div aria-hidden="true" className="mx-auto mt-6 h-px w-16 bg-gold" />
        <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">
          Share your vision and our design team will be in touch within 24 hours to start sketching it with you.
        </p>
        <Button asChild className="mt-10">
          <Link to="/custom-design">Start Your Custom Design</Link>
        </Button>
      </Reveal>
    </>
  );
}
