import { Link } from "react-router";
import { Reveal } from "~/components/ui/reveal";
import { JOURNAL_ARTICLES } from "../../content/journal";
import { ArticleMeta } from "../article-meta";
import { ArtworkImage } from "../artwork-image";
import { SectionHeading, SectionLink } from "../section-heading";

/** SPEC §2: two articles from the journal, each leading to /journal. */
export function JournalTeaser() {
  const articles = JOURNAL_ARTICLES.slice(0, 2);
  return (
    <Reveal as="section" aria-labelledby="journal-teaser-heading" className="bg-surface px-6 py-24 sm:px-8 sm:py-32">
      <SectionHeading id="journal-teaser-heading" eyebrow="From the journal" title="Notes from the Fitting Room" />
      <ul className="mx-auto mt-16 grid max-w-6xl gap-12 md:grid-cols-2">
        {articles.map((article) => (
          <li key={article.slug}>
            <Link to="/journal" className="group block focus-visible:outline-offset-8">
              <div className="overflow-hidden">
                <ArtworkImage art={article.image} className="h-auto w-full transition-transform duration-700 group-hover:scale-[1.03]" />
              </div>
              <ArticleMeta category={article.category} date={article.date} className="mt-6" />
              <h3 className="mt-3 text-3xl leading-snug transition-colors group-hover:text-gold-ink">{article.title}</h3>
              <p className="mt-3 leading-relaxed text-muted-foreground">{article.excerpt}</p>
            </Link>
          </li>
        ))}
      </ul>
      <SectionLink to="/journal">Read the Journal</SectionLink>
    </Reveal>
  );
}
