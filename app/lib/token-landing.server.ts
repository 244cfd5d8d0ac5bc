import { data, type RouterContextProvider } from "react-router";
import * as z from "zod/mini";
import { requestContext } from "./context.server";
import { parseForm, readFormData } from "./forms";
import type { SignedTokens } from "./signed-token.server";
import { isUuid } from "./uuid";

/**
 * The pages a link in a mail lands on, carrying a signed token in `?token=`
 * (cancel a fitting, leave the newsletter): one way to read the token, one way
 * to verify it, one way to answer. The page only reads on GET (mail scanners
 * open links) and acts on the POST of its confirmation button.
 */

/**
 * The token is a key to someone's booking or subscription: keep the page out
 * of indexes, caches and the Referer header sent to other sites. ('no-referrer'
 * would also make the browser send `Origin: null` with the page's own form,
 * which the router's cross-site check rightly refuses.)
 */
/** A page or file a signed link opens: never cached, never indexed, its address (the token) never sent on. */
export const PRIVATE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };

/** The answers every landing page has besides its own: a token that is not ours, a row that is gone, a database that failed. */
export type TokenLandingFailure = { kind: "invalid" } | { kind: "not-found" } | { kind: "unavailable" };

/** The token of the link the page was opened with ('' when it has none). */
export function linkToken(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/** The confirmation form (and RFC 8058 one-click posts): the body's token when it carries one, read by the form helper. */
const postedTokenSchema = z.object({ token: z.optional(z.string()) });

/**
 * The token a confirmation posts: the form's own `token` field, else (no form
 * body, or none in it) the link's. A body whose `token` is not one text (a
 * file, a repeated field) gives null, which no verification passes.
 */
export async function postedToken(request: Request): Promise<string | null> {
  const parsed = parseForm(postedTokenSchema, await readFormData(request));
  if (!parsed.ok) return null;
  return parsed.data.token ?? new URL(request.url).searchParams.get("token");
}

type LinkTokenVerdict = { valid: true; id: string } | { valid: false; reason: "malformed" | "forged" | "expired" };

/**
 * The row id a link's token names: the token is text, ours, intact, unexpired,
 * signed for this purpose, and its subject is a row id. Surrounding spaces (a
 * mail client's line wrapping) are ignored. Never throws.
 */
export function verifyLinkToken(tokens: SignedTokens, purpose: string, token: unknown): LinkTokenVerdict {
  if (typeof token !== "string") return { valid: false, reason: "malformed" };
  const verdict = tokens.verify(purpose, token.trim());
  if (!verdict.valid) return verdict;
  // Signed by us with a row id, so always one; checked anyway before it reaches a query.
  return isUuid(verdict.subject) ? { valid: true, id: verdict.subject } : { valid: false, reason: "forged" };
}

function statusOf(kind: string): number {
  if (kind === "invalid") return 400;
  if (kind === "not-found") return 404;
  if (kind === "unavailable") return 503;
  return 200;
}

/**
 * A landing page's loader or action answer: the state `decide` gives, or
 * 'unavailable' when it throws (logged as `failure`); 400 for a bad token,
 * 404 for a row that is gone, 503 when unavailable, 200 otherwise; always
 * with the private headers.
 */
export async function answerTokenLanding<S extends { kind: string }>(
  context: Readonly<RouterContextProvider>,
  failure: string,
  decide: () => Promise<S>,
) {
  let state: S | { kind: "unavailable" };
  try {
    state = await decide();
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, failure);
    state = { kind: "unavailable" };
  }
  return data(state, { status: statusOf(state.kind), headers: PRIVATE_HEADERS });
}

/** A landing page's `headers`: the action's answer when there was one, else the loader's. */
export function tokenLandingHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}
