import { Link } from "react-router";
import type { Route } from "./+types/weddings";
import { Button } from "~/components/ui/button";
import { breadcrumbs, pageMeta } from "~/lib/seo";
import { requestContext, servicesContext } from "~/lib/context.server";
import { readCollectionPage } from "~/modules/catalogue/catalogue.server";
import { CollectionPage } from "~/modules/catalogue/components/collection-page";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta({
    matches,
    title: "Wedding Dresses — The Bridal Suite",
    description:
      "Wedding gowns for every kind of celebration: outdoor, formal, bohemian, modern and romantic bridal styles, fitted in our Savannah studio.",
    path: "/weddings",
    image: loaderData?.showcase[0]?.url ?? null,
  }),
  breadcrumbs(matches, [
    { name: "Home", path: "/" },
    { name: "Weddings", path: "/weddings" },
  ]),
];

export function loader({ request, context }: Route.LoaderArgs) {
  return readCollectionPage(context.get(servicesContext).catalogue, "weddings", new URL(request.url), context.get(requestContext).logger);
}

export default function Weddings({ loaderData }: Route.ComponentProps) {
  return (
    <CollectionPage
      eyebrow="Bridal collection"
      title="The Bridal Suite"
      intro="Lace that whispers, satin that glows, silhouettes cut for the way you move. Find the gown you will remember — outdoors under the oaks or beneath a cathedral's vaults."
      data={loaderData}
      showStyles
      after={
        <section className="mx-auto mb-20 w-full max-w-7xl px-6 lg:px-8">
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
        </section>
      }
    />
  );
}
