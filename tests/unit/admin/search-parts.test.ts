import { describe, expect, it } from "vitest";
import { piecesOf, uncommonStretches } from "~/modules/admin/search-parts";

/** How many pieces of a term are counted at most (search-parts.ts). */
const MAX_PIECES = 32;

const commonIn = (...pieces: string[]) => {
  const set = new Set(pieces);
  return (piece: string) => set.has(piece);
};

describe("the parts of a search the trigram index is asked for", () => {
  it("counts the term's distinct three-character pieces, lowercased, and none of a short or non-ASCII term", () => {
    expect(piecesOf("Ada@x")).toEqual(["ada", "da@", "a@x"]);
    expect(piecesOf("aaaaa")).toEqual(["aaa"]);
    expect(piecesOf("abc")).toEqual([]);
    expect(piecesOf("zoë@example")).toEqual([]);
    expect(piecesOf("x".repeat(10) + "abcdefghijklmnopqrstuvwxyz0123456789")).toHaveLength(MAX_PIECES);
  });

  it("keeps the runs of uncommon pieces, as stretches of the term in its own case", () => {
    // client…@example.com: 'cli', 'lie', 'ien', 'ent' are in every row, '000' in most.
    expect(uncommonStretches("client370000@", commonIn("cli", "lie", "ien", "ent", "000"))).toEqual(["nt3700", "00@"]);
    expect(uncommonStretches("Reader42@Mail", commonIn("rea", "ead", "ade", "der", "mai", "ail"))).toEqual(["er42@Ma"]);
  });

  it("asks for the whole term when no piece is common, when all are, or when no stretch gives a trigram", () => {
    expect(uncommonStretches("client370000@", () => false)).toBeNull();
    expect(uncommonStretches("client370000@", () => true)).toBeNull();
    // The one uncommon piece, '@.-', holds no two letters or digits side by side.
    expect(uncommonStretches("ab@.-cd", commonIn("ab@", "b@.", ".-c", "-cd"))).toBeNull();
    expect(uncommonStretches("zoë@example", () => true)).toBeNull();
  });

  it("leaves pieces past the counted ones to the check on the rows found", () => {
    const long = `${"abcdefghijklmnopqrstuvwxyz0123456789".slice(0, MAX_PIECES + 2)}zz`;
    const stretches = uncommonStretches(long, () => false)!;
    expect(stretches).toEqual([long.slice(0, MAX_PIECES + 2)]);
    expect(long.includes(stretches[0]!)).toBe(true);
  });
});
