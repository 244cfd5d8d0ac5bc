import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Reveal } from "~/components/ui/reveal";
import { formatDay } from "~/lib/format";
import { JOURNAL_ARTICLES } from "../../content/journal";
import { SectionHeading } from "../section-heading";

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
                <img
                  src={article.image.src}
                  width={article.image.width}
                  height={article.image.height}
                  alt={article.image.alt}
                  loading="lazy"
                  decoding="async"
                  className="h-auto w-full transition-transform duration-700 group-hover:scale-[1.03]"
                />
              </div>
              <p className="mt-6 text-xs tracking-[0.2em] text-gold-ink uppercase">
                {article.category} <span aria-hidden="true">·</span> <time dateTime={article.date}>{formatDay(article.date)}</time>
              </p>
              <h3 className="mt-3 text-3xl leading-snug transition-colors group-hover:text-gold-ink">{article.title}</h3>
              <p className="mt-3 leading-relaxed text-muted-foreground">{article.excerpt}</p>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-14 text-center">
        <Button asChild variant="outline">
          <Link to="/journal">Read the Journal</Link>
        </Button>
      </div>
    </Reveal>
  );
}
