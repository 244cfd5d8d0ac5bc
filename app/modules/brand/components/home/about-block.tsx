import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Reveal } from "~/components/ui/reveal";
import { BRAND } from "~/lib/brand";
import { ARTWORK } from "../../content/artwork";
import { FramedArtwork } from "../artwork-image";
import { SectionHeading } from "../section-heading";

export function AboutBlock() {
  return (
    <Reveal as="section" aria-labelledby="about-heading" className="px-6 py-24 sm:px-8 sm:py-32">
      <div className="mx-auto grid max-w-6xl items-center gap-14 md:grid-cols-2 lg:gap-24">
        <FramedArtwork art={ARTWORK.atelier} frame="top-left" />
        <div>
          <SectionHeading
            id="about-heading"
            align="left"
            eyebrow="Our story"
            title={`A Little Studio on ${BRAND.street.replace(/^\d+\s+/, "")}`}
          />
          <p className="mt-6 text-lg leading-relaxed text-muted-foreground">
            The Hive began with a simple idea: that finding the dress should feel as joyful as wearing it. We choose every gown by hand, fit
            it in-house, and take the time to hear the story you are dressing for.
          </p>
          <p className="mt-4 leading-relaxed text-muted-foreground">
            Brides, prom-goers and celebrants come to us from across the Lowcountry for the quiet attention of a small atelier, and leave
            with a dress that feels entirely their own.
          </p>
          <Button asChild variant="outline" className="mt-10">
            <Link to="/our-story">Read Our Story</Link>
          </Button>
        </div>
      </div>
    </Reveal>
  );
}
