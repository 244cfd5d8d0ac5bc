import { ARTWORK, type Artwork } from "./artwork";

export interface JournalArticle {
  slug: string;
  title: string;
  category: string;
  excerpt: string;
  /** ISO calendar date. */
  date: string;
  image: Artwork;
}

/** SPEC §2 Journal: four static articles, not clickable to any detail. Newest first. */
export const JOURNAL_ARTICLES: JournalArticle[] = [
  {
    slug: "choosing-your-silhouette",
    title: "Choosing Your Silhouette: A-Line, Ball Gown or Mermaid?",
    category: "Bridal Guide",
    excerpt:
      "The shape of a gown sets the mood of the whole day. We walk through the three silhouettes our brides ask about most, and how each one moves in a garden, a ballroom or on the sand at Tybee.",
    date: "2026-10-14",
    image: ARTWORK.journalSilhouettes,
  },
  {
    slug: "the-savannah-bride-timeline",
    title: "The Savannah Bride's Timeline: When to Shop, Fit and Alter",
    category: "Planning",
    excerpt:
      "From the first appointment to the final pressing, a calm month-by-month plan. Custom designs take four to six weeks, so we suggest ordering at least eight weeks before your event.",
    date: "2026-09-02",
    image: ARTWORK.journalTimeline,
  },
  {
    slug: "prom-colour-stories",
    title: "Prom Colour Stories We Love This Season",
    category: "Prom",
    excerpt:
      "Emerald satin, midnight crepe, dusty rose and a little champagne shimmer: the palettes lighting up our fitting room, and how to choose the one that feels most like you.",
    date: "2026-08-05",
    image: ARTWORK.journalPalette,
  },
  {
    slug: "caring-for-your-gown",
    title: "After the Last Dance: Caring for Your Wedding Gown",
    category: "Gown Care",
    excerpt:
      "Your dress deserves a gentle ending to its big day. Why we recommend professional preservation within two weeks of the wedding, and what to do before it goes to the cleaner.",
    date: "2026-06-18",
    image: ARTWORK.journalKeepsake,
  },
];
