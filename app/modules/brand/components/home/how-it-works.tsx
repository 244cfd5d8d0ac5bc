import { CalendarHeart, Gem, Scissors } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Reveal } from "~/components/ui/reveal";
import { HOW_IT_WORKS } from "../../content/home";
import { SectionHeading } from "../section-heading";

const ICONS = [CalendarHeart, Gem, Scissors];

export function HowItWorks() {
  return (
    <Reveal
      as="section"
      id="how-it-works"
      aria-labelledby="how-it-works-heading"
      className="scroll-mt-20 bg-surface px-6 py-24 sm:px-8 sm:py-32"
    >
      <SectionHeading id="how-it-works-heading" eyebrow="The Hive experience" title="How It Works">
        Three unhurried steps from the first hello to the last stitch.
      </SectionHeading>
      <ol className="mx-auto mt-16 grid max-w-6xl gap-12 sm:gap-10 md:grid-cols-3">
        {HOW_IT_WORKS.map((step, index) => {
          const Icon = ICONS[index] ?? Gem;
          return (
            <li key={step.title} className="relative text-center">
              <div className="mx-auto flex size-20 items-center justify-center rounded-full border border-gold/70 text-gold-ink">
                <Icon aria-hidden="true" className="size-7" strokeWidth={1.25} />
              </div>
              <p className="mt-6 font-display text-lg text-gold-ink" aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </p>
              <h3 className="mt-1 text-3xl">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mx-auto mt-4 max-w-xs leading-relaxed text-muted-foreground">{step.text}</p>
            </li>
          );
        })}
      </ol>
      <div className="mt-16 text-center">
        <Button asChild>
          <Link to="/fitting-room">Book Your Visit</Link>
        </Button>
      </div>
    </Reveal>
  );
}
