import { PartyPopper } from "lucide-react";
import type { Route } from "./+types/celebrations";
import { breadcrumbs, pageMeta } from "~/lib/seo";
import { requestContext, servicesContext } from "~/lib/context.server";
import { readCollectionPage } from "~/modules/catalogue/catalogue.server";
import { CollectionPage } from "~/modules/catalogue/components/collection-page";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    matches,
    title: "Celebration Dresses — Galas, Anniversaries & More",
    description: "Evening and celebration gowns for galas, anniversaries, birthdays and every milestone worth dressing for.",
    path: "/celebrations",
  }),
  breadcrumbs(matches, [
    { name: "Home", path: "/" },
    { name: "Celebrations", path: "/celebrations" },
  ]),
];

export function loader({ request, context }: Route.LoaderArgs) {
  return readCollectionPage(
    context.get(servicesContext).catalogue,
    "celebrations",
    new URL(request.url),
    context.get(requestContext).logger,
  );
}

export default function Celebrations({ loaderData }: Route.ComponentProps) {
  return (
    <CollectionPage
      eyebrow="Evening & occasion"
      title="Celebrations"
      intro="Galas, anniversaries, milestone birthdays and the mother of the bride: gowns for the evenings you will talk about for years."
      data={loaderData}
      showStyles={false}
      before={
        <section className="mx-auto w-full max-w-7xl px-6 pt-14 lg:px-8" aria-label="Our promise">
          <div className="flex flex-col items-start gap-6 rounded-3xl border border-border bg-surface p-8 sm:flex-row sm:items-center sm:p-10">
            <PartyPopper className="size-8 shrink-0 text-gold-ink" aria-hidden="true" />
            <div>
              <h2 className="text-3xl">Every Milestone Deserves a Gown</h2>
              <p className="mt-2 max-w-2xl text-muted-foreground">
                From a black-tie gala to a garden anniversary, our stylists pair you with a dress and tailor it to fit — simple hems start
                at $50.
              </p>
            </div>
          </div>
        </section>
      }
    />
  );
}
