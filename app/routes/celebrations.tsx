import { PartyPopper } from "lucide-react";
import type { Route } from "./+types/celebrations";
import { requestContext, servicesContext } from "~/lib/context.server";
import { collectionPageMeta } from "~/modules/catalogue/catalogue";
import { readCollectionPage } from "~/modules/catalogue/catalogue.server";
import { CollectionBand, CollectionPage } from "~/modules/catalogue/components/collection-page";

export const meta: Route.MetaFunction = ({ matches }) => collectionPageMeta("celebrations", matches);

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
      collection="celebrations"
      data={loaderData}
      before={
        <CollectionBand className="pt-14" label="Our promise">
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
        </CollectionBand>
      }
    />
  );
}
