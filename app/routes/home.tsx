import type { Route } from "./+types/home";
import { BRAND } from "~/lib/brand";
import { servicesContext } from "~/lib/context.server";
import { pageMeta } from "~/lib/seo";
import { canonicalUrl } from "~/lib/seo.server";
import { AboutBlock } from "~/modules/brand/components/home/about-block";
import { BridalCarousel } from "~/modules/brand/components/home/bridal-carousel";
import { HomeHero } from "~/modules/brand/components/home/home-hero";
import { HowItWorks } from "~/modules/brand/components/home/how-it-works";
import { JournalTeaser } from "~/modules/brand/components/home/journal-teaser";
import { MostLovedDresses, type MostLovedProduct } from "~/modules/brand/components/home/most-loved-dresses";
import { SocialGallery } from "~/modules/brand/components/home/social-gallery";
import { ARTWORK } from "~/modules/brand/content/artwork";
import { NewsletterCta } from "~/modules/newsletter/components/newsletter-cta";
import { useNewsletterModal } from "~/modules/newsletter/components/newsletter-modal";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `${BRAND.fullName} | Wedding, Prom & Celebration Dresses in ${BRAND.city}, ${BRAND.region}`,
    description: `${BRAND.tagline}. Bridal gowns, prom dresses, custom design and in-house alterations at our ${BRAND.city} studio.`,
    canonical: loaderData?.canonical,
    image: ARTWORK.heroGown.src,
  });

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  // wired to listProducts({ first: 6 }) when the catalogue lands (SPEC §9: fetch 6, show 3)
  const mostLoved: MostLovedProduct[] = [];
  return { mostLoved, canonical: canonicalUrl(env, "/") };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { openModal, modal } = useNewsletterModal();
  return (
    <>
      <HomeHero />
      <HowItWorks />
      <MostLovedDresses products={loaderData.mostLoved} />
      <BridalCarousel />
      <AboutBlock />
      <JournalTeaser />
      <NewsletterCta onOpen={openModal} />
      <SocialGallery />
      {modal}
    </>
  );
}
