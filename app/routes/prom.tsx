import { Gem, Palette, Sparkles } from "lucide-react";
import type { Route } from "./+types/prom";
import { requestContext, servicesContext } from "~/lib/context.server";
import { collectionPageMeta } from "~/modules/catalogue/catalogue";
import { readCollectionPage } from "~/modules/catalogue/catalogue.server";
import { CollectionBand, CollectionPage } from "~/modules/catalogue/components/collection-page";

export const meta: Route.MetaFunction = ({ matches }) => collectionPageMeta("prom", matches);

export function loader({ request, context }: Route.LoaderArgs) {
  return readCollectionPage(context.get(servicesContext).catalogue, "prom", new URL(request.url), context.get(requestContext).logger);
}

const HIGHLIGHTS = [
  { icon: Sparkles, title: "Made to Sparkle", text: "Sequins, beading and shimmer that catch every light on the dance floor." },
  { icon: Palette, title: "Colour With Confidence", text: "Jewel tones, soft pastels and classic black — a shade for every story." },
  { icon: Gem, title: "Fitted to Move", text: "Every prom gown is altered in our studio so you can dance all night." },
];

export default function Prom({ loaderData }: Route.ComponentProps) {
  return (
    <CollectionPage
      collection="prom"
      data={loaderData}
      before={
        <CollectionBand className="pt-14" label="Why our prom gowns">
          <ul className="grid gap-6 md:grid-cols-3">
            {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-3xl border border-border bg-surface p-8">
                <Icon className="size-6 text-gold-ink" aria-hidden="true" />
                <h2 className="mt-5 text-2xl">{title}</h2>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </CollectionBand>
      }
    />
  );
}
