import { Gem, Palette, PartyPopper, Sparkles } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/collection";
import { Button } from "~/components/ui/button";
import { requestContext, servicesContext } from "~/lib/context.server";
import { collectionAt, collectionPageMeta } from "~/modules/catalogue/catalogue";
import { readCollectionPage } from "~/modules/catalogue/catalogue.server";
import { CollectionPage, type CollectionBand } from "~/modules/catalogue/components/collection-page";
import type { CollectionHandle } from "~/modules/catalogue/types";

// The three collection pages (SPEC §2): one module, which routes.ts names once per path. The collection is the one
// whose path the route matched; the pages differ only in COLLECTION_PAGES' words and their band of words (BANDS).

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  const collection = collectionAt(pattern);
  if (!collection) throw data(null, { status: 404 });
  const page = await readCollectionPage(
    context.get(servicesContext).catalogue,
    collection,
    new URL(request.url),
    context.get(requestContext).logger,
  );
  return { collection, ...page };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { collection, showcase } = loaderData;
  return collectionPageMeta(collection, matches, BANDS[collection].showcaseIsSocialImage ? (showcase[0]?.url ?? null) : null);
};

const PROM_HIGHLIGHTS = [
  { icon: Sparkles, title: "Made to Sparkle", text: "Sequins, beading and shimmer that catch every light on the dance floor." },
  { icon: Palette, title: "Colour With Confidence", text: "Jewel tones, soft pastels and classic black — a shade for every story." },
  { icon: Gem, title: "Fitted to Move", text: "Every prom gown is altered in our studio so you can dance all night." },
];

/** Each page's own band of words; the bridal page's first gown is its social picture. */
const BANDS: Record<CollectionHandle, CollectionBand & { showcaseIsSocialImage?: boolean }> = {
  weddings: {
    showcaseIsSocialImage: true,
    placement: "after",
    content: (
      <div className="relative overflow-hidden rounded-[2rem] bg-primary px-8 py-14 text-center text-primary-foreground sm:px-16">
        <p className="text-xs tracking-[0.25em] uppercase opacity-80">Custom design</p>
        <h2 className="mt-4 text-4xl sm:text-5xl">Can&apos;t Find Your Dream Dress?</h2>
        <p className="mx-auto mt-4 max-w-xl opacity-85">
          Tell us your vision and our atelier will design a gown that is yours alone, from the first sketch to the final fitting.
        </p>
        <Button asChild variant="reverse" className="mt-8">
          <Link to="/custom-design">Design Your Dress</Link>
        </Button>
      </div>
    ),
  },
  prom: {
    placement: "before",
    label: "Why our prom gowns",
    content: (
      <ul className="grid gap-6 md:grid-cols-3">
        {PROM_HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-3xl border border-border bg-surface p-8">
            <Icon className="size-6 text-gold-ink" aria-hidden="true" />
            <h2 className="mt-5 text-2xl">{title}</h2>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    ),
  },
  celebrations: {
    placement: "before",
    label: "Our promise",
    content: (
      <div className="flex flex-col items-start gap-6 rounded-3xl border border-border bg-surface p-8 sm:flex-row sm:items-center sm:p-10">
        <PartyPopper className="size-8 shrink-0 text-gold-ink" aria-hidden="true" />
        <div>
          <h2 className="text-3xl">Every Milestone Deserves a Gown</h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            From a black-tie gala to a garden anniversary, our stylists pair you with a dress and tailor it to fit — simple hems start at
            $50.
          </p>
        </div>
      </div>
    ),
  },
};

export default function Collection({ loaderData }: Route.ComponentProps) {
  return <CollectionPage collection={loaderData.collection} data={loaderData} band={BANDS[loaderData.collection]} />;
}
