import type { Route } from "./+types/home";
import { BRAND } from "~/lib/brand";
import { requestContext, servicesContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { AboutBlock } from "~/modules/brand/components/home/about-block";
import { BridalCarousel } from "~/modules/brand/components/home/bridal-carousel";
import { HomeHero } from "~/modules/brand/components/home/home-hero";
import { HowItWorks } from "~/modules/brand/components/home/how-it-works";
import { JournalTeaser } from "~/modules/brand/components/home/journal-teaser";
import { MostLovedDresses, type MostLovedProduct } from "~/modules/brand/components/home/most-loved-dresses";
import { toCardProduct } from "~/modules/catalogue/catalogue";
import { StorefrontNoticeToast } from "~/modules/catalogue/components/storefront-notice";
import type { StorefrontNotice } from "~/modules/catalogue/types";
import { SocialGallery } from "~/modules/brand/components/home/social-gallery";
import { ARTWORK } from "~/modules/brand/brand";
import { NewsletterCta } from "~/modules/newsletter/components/newsletter-cta";
import { useNewsletterModal } from "~/modules/newsletter/components/newsletter-modal";
import { HydrateSeparately } from "~/components/ui/hydrate-separately";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: `${BRAND.fullName} | Wedding, Prom & Celebration Dresses in ${BRAND.city}, ${BRAND.region}`,
    description: `${BRAND.tagline}. Bridal gowns, prom dresses, custom design and in-house alterations at our ${BRAND.city} studio.`,
    path: "/",
    image: ARTWORK.heroGown.src,
  });

export async function loader({ context }: Route.LoaderArgs) {
  // SPEC §9: the home page fetches 6 products and shows the first 3. A
  // storefront failure is logged and the section shows its 'coming soon' state.
  let mostLoved: MostLovedProduct[] = [];
  let notice: StorefrontNotice | null = null;
  try {
    const list = await context.get(servicesContext).catalogue.listProducts({ first: 6 });
    mostLoved = list.products.map(toCardProduct);
    notice = list.notice ?? null;
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "home products failed to load");
  }
  return { mostLoved, notice };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { openModal, modal } = useNewsletterModal();
  return (
    <>
      <HomeHero />
      {/* Each section below the first screen is hydrated on its own (HydrateSeparately): a few short tasks instead of one long one. */}
      <HydrateSeparately>
        <HowItWorks />
      </HydrateSeparately>
      <StorefrontNoticeToast notice={loaderData.notice} />
      <HydrateSeparately>
        <MostLovedDresses products={loaderData.mostLoved} />
      </HydrateSeparately>
      <HydrateSeparately>
        <BridalCarousel />
      </HydrateSeparately>
      <HydrateSeparately>
        <AboutBlock />
        <JournalTeaser />
      </HydrateSeparately>
      <HydrateSeparately>
        <NewsletterCta onOpen={openModal} />
        <SocialGallery />
      </HydrateSeparately>
      {modal}
    </>
  );
}
