// Which parts of a search the trigram index is asked for.
//
// A GIN trigram scan is driven by the rarest trigram of the pattern: every row
// holding it is a candidate, and for each candidate every other trigram's
// posting list is read at that row. A trigram found in nearly every row (the
// 'cli', 'lie', 'ien', 'ent' of 'client…@example.com') has a posting list as
// long as the table, so a search that contains a few of them reads all of
// those lists, however rare the whole term is (decision 0010). These helpers
// pick the stretches of the term made of uncommon pieces; the index is asked
// for those, and the whole term is checked on the few rows they find.

/** The length of the pieces counted: a trigram's. */
const PIECE = 3;

/** At most this many pieces are counted; the rest of a long term is only checked on the rows found. */
const MAX_PIECES = 32;

/**
 * The distinct three-character pieces of a term, lowercased, at most
 * MAX_PIECES. Empty when the term is not plain printable ASCII: there, case
 * and length may change with lowering, so a stretch of the term might not be a
 * stretch of the lowered text, and the whole term is asked for as it is.
 */
export function piecesOf(term: string): string[] {
  if (!/^[\x20-\x7e]*$/.test(term) || term.length <= PIECE) return [];
  const lower = term.toLowerCase();
  const pieces = new Set<string>();
  for (let i = 0; i + PIECE <= lower.length && pieces.size < MAX_PIECES; i++) pieces.add(lower.slice(i, i + PIECE));
  return [...pieces];
}

/**
 * The stretches of the term to ask the trigram index for: the longest runs of
 * consecutive pieces that are not common, each kept only if it holds two
 * letters or digits side by side (so it gives pg_trgm at least one trigram).
 * Each is a substring of the term, so every row holding the term holds them
 * all: asking for them and then checking the term finds exactly the term's
 * rows. Null when there is nothing better than the whole term (no piece is
 * common, every piece is, or the term is not plain ASCII).
 */
export function uncommonStretches(term: string, isCommon: (piece: string) => boolean): string[] | null {
  const pieces = piecesOf(term);
  if (pieces.length === 0) return null;
  const counted = new Set(pieces);
  const lower = term.toLowerCase();
  const stretches: string[] = [];
  let anyCommon = false;
  let start = -1;
  const close = (end: number) => {
    if (start < 0) return;
    const stretch = term.slice(start, end + PIECE);
    if (/[a-z0-9]{2}/i.test(stretch)) stretches.push(stretch);
    start = -1;
  };
  for (let i = 0; i + PIECE <= lower.length; i++) {
    const piece = lower.slice(i, i + PIECE);
    // A piece beyond the counted ones is unknown: leave it to the check on the rows found.
    const common = !counted.has(piece) || isCommon(piece);
    if (common) {
      anyCommon = true;
      close(i - 1);
    } else if (start < 0) {
      start = i;
    }
  }
  close(lower.length - PIECE);
  if (!anyCommon || stretches.length === 0) return null;
  return stretches;
}
