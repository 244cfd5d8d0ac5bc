import type { Route } from "./+types/api.checkout";
import { requestContext, servicesContext } from "~/lib/context.server";
import { checkoutRequestSchema } from "~/modules/catalogue/schema";
import { limit } from "~/lib/limit.server";
import { rateLimitRules } from "~/lib/rate-limit-rules.server";
import { tooManyRequestsJson } from "~/lib/too-many-requests.server";
import { StorefrontError } from "~/modules/catalogue/catalogue.server";
import type { CheckoutResponse } from "~/modules/catalogue/types";

const MAX_BODY_BYTES = 64 * 1024;
const noStore = { "Cache-Control": "no-store" };

function answer(body: CheckoutResponse, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { ...noStore, ...headers } });
}

export function loader() {
  return answer({ ok: false, error: "Send a POST with JSON { lines: [{ merchandiseId, quantity }] }." }, 405, { Allow: "POST" });
}

/**
 * POST /api/checkout with JSON { lines: [{ merchandiseId, quantity }] }:
 * creates the cart on the store and answers { ok: true, checkoutUrl, ... },
 * or { ok: false, error } with SPEC §8's message, or, when the store has
 * less of some gowns than asked, 409 { ok: false, error, stock } saying
 * what is left of each.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return answer({ ok: false, error: "Use POST." }, 405, { Allow: "POST" });
  // JSON only: a cross-site form cannot send it without the browser asking us first.
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    return answer({ ok: false, error: "Send the lines as JSON (Content-Type: application/json)." }, 415);
  }
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return answer({ ok: false, error: "The request is too large." }, 413);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return answer({ ok: false, error: "The request body is not valid JSON." }, 400);
  }
  const parsed = checkoutRequestSchema.safeParse(json);
  if (!parsed.success) return answer({ ok: false, error: parsed.error.issues[0]?.message ?? "The lines are not valid." }, 400);

  const { catalogue, env } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  // Each checkout is a cart (and on the built-in store, a reservation to come): a script may not make them by the thousand.
  const verdict = await limit(context, rateLimitRules(env).checkout);
  if (verdict.refusal) return tooManyRequestsJson(verdict.refusal);
  try {
    const checkout = await catalogue.createCheckout(parsed.data.lines);
    return answer({ ok: true, ...checkout });
  } catch (error) {
    if (error instanceof StorefrontError && error.kind === "stock") {
      // Trying again cannot help: the shopper is told what is left, and the bag holds no more than that.
      logger.info({ stock: error.stock }, "checkout short of stock");
      return answer({ ok: false, error: error.message, stock: error.stock }, 409);
    }
    if (error instanceof StorefrontError) {
      const status = error.userErrors.length > 0 ? 422 : 502;
      logger.warn({ err: error, kind: error.kind }, "checkout not created");
      return answer({ ok: false, error: error.message, userErrors: error.userErrors, notice: error.notice }, status);
    }
    logger.error({ err: error }, "checkout failed");
    return answer({ ok: false, error: "Checkout failed. Please try again." }, 503);
  }
}
