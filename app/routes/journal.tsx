import type { Route } from "./+types/journal";
import { Reveal } from "~/components/ui/reveal";
import { BRAND } from "~/lib/brand";
import { pageMeta } from "~/lib/seo";
import { ArticleMeta } from "~/modules/brand/components/article-meta";
import { ArtworkImage } from "~/modules/brand/components/artwork-image";
import { PageHero } from "~/modules/brand/components/page-hero";
import { JOURNAL_ARTICLES } from "~/modules/brand/brand";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: `The Journal | ${BRAND.fullName}`,
    description:
      "Bridal guides, planning timelines, prom colour stories and gown care from the stylists and seamstresses of The Hive Bridal & Formal in Savannah.",
    path: "/journal",
    image: JOURNAL_ARTICLES[0]?.image.src,
  });

/** SPEC §2 Journal: four static articles, each with title, category, excerpt and date; none opens a detail page. */
export default function Journal() {
  const [lead, ...rest] = JOURNAL_ARTICLES;
  return (
    <>
      <PageHero eyebrow="The journal" title="Notes from the Fitting Room">
        Guides, timelines and quiet advice from our stylists and seamstresses, for every kind of occasion.
      </PageHero>
      <div className="px-6 pb-24 sm:px-8 sm:pb-32">
        {lead ? (
          <article
            aria-labelledby={`${lead.slug}-title`}
            className="mx-auto grid max-w-6xl items-center gap-10 border-b border-border pb-20 md:grid-cols-[1.2fr_1fr] lg:gap-16"
          >
            <ArtworkImage art={lead.image} priority className="h-auto w-full" />
            <div>
              <ArticleMeta category={lead.category} date={lead.date} />
              <h2 id={`${lead.slug}-title`} className="mt-4 text-4xl leading-tight sm:text-5xl">
                {lead.title}
              </h2>
              <p className="mt-5 text-lg leading-relaxed text-muted-foreground">{lead.excerpt}</p>
            </div>
          </article>
        ) : null}
        <ul className="mx-auto mt-20 grid max-w-6xl gap-14 md:grid-cols-3">
          {rest.map((article) => (
            <Reveal as="li" key={article.slug}>
              <article aria-labelledby={`${article.slug}-title`}>
                <ArtworkImage art={article.image} className="h-auto w-full" />
                <ArticleMeta category={article.category} date={article.date} className="mt-6" />
                <h2 id={`${article.slug}-title`} className="mt-3 text-3xl leading-snug">
                  {article.title}
                </h2>
                <p className="mt-3 leading-relaxed text-muted-foreground">{article.excerpt}</p>
              </article>
            </Reveal>
          ))}
        </ul>
      </div>
    </>
  );
}
