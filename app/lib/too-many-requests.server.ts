// The one 429 of the boutique: its words, its Retry-After, and the answer
// shapes it takes (a form's failure, a script's JSON).
import { data } from "react-router";
import { formFailure, type SubmittedValues } from "./forms";

/** A refused hit: how long to wait, and what the refusing rule counts (rate-limit-rules.server.ts). */
export interface Refusal {
  retryAfterSeconds: number;
  counted: string | null;
}

/** 'Please try again in 3 minutes.': when a refused client may come back, in whole minutes. */
function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * 'Too many sign-up attempts from your connection. Please try again in 3
 * minutes.', or 'Too many attempts. Please try again in 3 minutes.' where
 * what was counted is not only the connection's (an account's sign-ins).
 */
export function tooManyMessage(refusal: Refusal): string {
  return refusal.counted
    ? `Too many ${refusal.counted} from your connection. ${tryAgainIn(refusal.retryAfterSeconds)}`
    : `Too many attempts. ${tryAgainIn(refusal.retryAfterSeconds)}`;
}

/** The header a 429 carries: when to try again, in seconds. */
export function retryAfterHeaders(refusal: { retryAfterSeconds: number }): Record<string, string> {
  return { "Retry-After": String(refusal.retryAfterSeconds) };
}

/**
 * A form action's 429: the form helper's failure with the message as
 * formError, what was typed kept, and Retry-After; `extra` carries what the
 * action's answers carry besides (which form of the page answered, say).
 */
export function tooManyRequests<Extra extends object = object>(refusal: Refusal, values: SubmittedValues = {}, extra?: Extra) {
  return data(
    { ...(extra as Extra), ...formFailure(tooManyMessage(refusal), {}, values) },
    { status: 429, headers: retryAfterHeaders(refusal) },
  );
}

/**
 * The one JSON 429, for a script's fetch (the checkout) and for Better Auth's
 * endpoints alike: the message as `error` (our JSON answers' `{ ok: false,
 * error }`) and as `message` with `code` (the `{ code, message }` that Better
 * Auth's errors carry, which its client and our passkey ceremony read), and
 * Retry-After.
 */
export function tooManyRequestsJson(refusal: Refusal): Response {
  const message = tooManyMessage(refusal);
  return Response.json(
    { ok: false, error: message, code: "TOO_MANY_REQUESTS", message },
    { status: 429, headers: retryAfterHeaders(refusal) },
  );
}
