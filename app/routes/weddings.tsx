import { Link } from "react-router";
import type { Route } from "./+types/weddings";
import { Button } from "~/components/ui/button";
import { requestContext, servicesContext } from "~/lib/context.server";
import { collectionPageMeta } from "~/modules/catalogue/catalogue";
import { readCollectionPage } from "~/modules/catalogue/catalogue.server";
import { CollectionBand, CollectionPage } from "~/modules/catalogue/components/collection-page";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  collectionPageMeta("weddings", matches, loaderData?.showcase[0]?.url ?? null);

export function loader({ request, context }: Route.LoaderArgs) {
  return readCollectionPage(context.get(servicesContext).catalogue, "weddings", new URL(request.url), context.get(requestContext).logger);
}

export default function Weddings({ loaderData }: Route.ComponentProps) {
  return (
    <CollectionPage
      collection="weddings"
      data={loaderData}
      after={
        <CollectionBand className="mb-20">
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
        </CollectionBand>
      }
    />
  );
}
