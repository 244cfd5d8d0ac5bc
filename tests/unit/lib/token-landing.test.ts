import { describe, expect, it } from "vitest";
import { createSignedTokens } from "~/lib/signed-token.server";
import { linkToken, postedToken, verifyLinkToken } from "~/lib/token-landing.server";

const PAGE = "https://boutique.example/newsletter/unsubscribe";
const post = (body: BodyInit | null, query = "") => new Request(`${PAGE}${query}`, { method: "POST", body });
const form = (entries: [string, string][]) => {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
};

describe("reading a mailed link's token", () => {
  it("takes the link's own token, '' when it has none", () => {
    expect(linkToken(new Request(`${PAGE}?token=abc&utm=mail`))).toBe("abc");
    expect(linkToken(new Request(PAGE))).toBe("");
  });

  it("takes the posted form's token, else the link's (no body, or an RFC 8058 one-click post), and no token from a repeated field", async () => {
    expect(await postedToken(post(form([["token", "abc"]]), "?token=link"))).toBe("abc");
    expect(await postedToken(post(null, "?token=link"))).toBe("link");
    expect(await postedToken(post(new URLSearchParams({ "List-Unsubscribe": "One-Click" }), "?token=link"))).toBe("link");
    expect(await postedToken(post(null))).toBeNull();
    expect(
      await postedToken(
        post(
          form([
            ["token", "a"],
            ["token", "b"],
          ]),
          "?token=link",
        ),
      ),
    ).toBeNull();
  });
});

describe("verifying a mailed link's token", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");
  const tokens = createSignedTokens({ secret: "a-test-secret-that-is-long-enough-for-hmac", now: () => now });
  const id = "0b7a3c1e-2f4d-4e6a-8b9c-0d1e2f3a4b5c";

  it("gives the row id of a token signed for this purpose, ignoring the spaces a mail client wraps it in", () => {
    const token = tokens.sign("fitting-cancel", id, { expiresInSeconds: 60 });
    expect(verifyLinkToken(tokens, "fitting-cancel", ` ${token}\n`)).toEqual({ valid: true, id });
  });

  it("refuses another purpose's token, a subject that is not a row id, an expired token and anything but text", () => {
    expect(verifyLinkToken(tokens, "fitting-cancel", tokens.sign("newsletter-unsubscribe", id, { neverExpires: true }))).toEqual({
      valid: false,
      reason: "forged",
    });
    expect(verifyLinkToken(tokens, "fitting-cancel", tokens.sign("fitting-cancel", "not-an-id", { neverExpires: true }))).toEqual({
      valid: false,
      reason: "forged",
    });
    const later = createSignedTokens({ secret: "a-test-secret-that-is-long-enough-for-hmac", now: () => now + 120_000 });
    expect(verifyLinkToken(later, "fitting-cancel", tokens.sign("fitting-cancel", id, { expiresInSeconds: 60 }))).toEqual({
      valid: false,
      reason: "expired",
    });
    for (const token of [null, undefined, 42, ["t1.a.b"], ""]) {
      expect(verifyLinkToken(tokens, "fitting-cancel", token)).toEqual({ valid: false, reason: "malformed" });
    }
  });
});
