import { data } from "react-router";

/** 'Please try again in 3 minutes.': when a refused client may come back, in whole minutes. */
function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** 'Too many requests from your connection. Please try again in 3 minutes.' (`what`: what was counted). */
export function tooManyRequestsMessage(retryAfterSeconds: number, what = "requests"): string {
  return `Too many ${what} from your connection. ${tryAgainIn(retryAfterSeconds)}`;
}

/** 'Too many attempts. Please try again in 3 minutes.': sign-in, checkout and order attempts. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts. ${tryAgainIn(retryAfterSeconds)}`;
}

/** The header a 429 carries: when to try again, in seconds. */
export function retryAfterHeaders(verdict: { retryAfterSeconds: number }): Record<string, string> {
  return { "Retry-After": String(verdict.retryAfterSeconds) };
}

/**
 * The one 429 answer of a form's action past its per-client limit: the
 * action's own failure shape with the message as `error`, and `Retry-After`.
 */
export function tooManyRequests<T extends { ok: boolean }>(
  verdict: { retryAfterSeconds: number },
  body: Omit<Extract<T, { ok: false }>, "error">,
  what?: string,
) {
  return data({ ...body, error: tooManyRequestsMessage(verdict.retryAfterSeconds, what) } as unknown as T, {
    status: 429,
    headers: retryAfterHeaders(verdict),
  });
}
