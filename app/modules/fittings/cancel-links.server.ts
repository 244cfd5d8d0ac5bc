// The cancel link in every fitting mail: a signed token whose subject is the
// appointment's id. It expires a day after the slot: by then there is nothing
// left to cancel.
import type { Database } from "~/db/client.server";
import type { SignedTokens } from "~/lib/signed-token.server";
import { verifyLinkToken } from "~/lib/token-landing.server";
import { readAppointment } from "./appointment-rows.server";
import type { Appointment } from "./types";

const CANCEL_PATH = "/fitting-room/cancel";
const CALENDAR_PATH = "/fitting-room/calendar";
const CANCEL_TOKEN_PURPOSE = "fitting-cancel";

function signCancelToken(appointment: Pick<Appointment, "id" | "startsAt">, tokens: SignedTokens): string {
  const until = new Date((appointment.startsAt ?? new Date()).getTime() + 24 * 3600_000);
  return tokens.sign(CANCEL_TOKEN_PURPOSE, appointment.id, { expiresAt: until });
}

/**
 * The pages one signed token opens, as paths on this site: the mailed link's
 * page (cancel, or with `reschedule=1` the reschedule view) and the booking's
 * calendar file (the mail's .ics).
 */
export function fittingLinks(appointment: Pick<Appointment, "id" | "startsAt">, tokens: SignedTokens) {
  const token = encodeURIComponent(signCancelToken(appointment, tokens));
  return {
    cancel: `${CANCEL_PATH}?token=${token}`,
    reschedule: `${CANCEL_PATH}?token=${token}&reschedule=1`,
    calendar: `${CALENDAR_PATH}?token=${token}`,
  };
}

export function cancelUrl(appointment: Pick<Appointment, "id" | "startsAt">, options: { appUrl: string; tokens: SignedTokens }): string {
  return new URL(fittingLinks(appointment, options.tokens).cancel, options.appUrl).toString();
}

/** The appointment id a cancel link names, when the token is ours, intact and unexpired; else null. */
export function verifyCancelToken(token: unknown, tokens: SignedTokens): string | null {
  const verdict = verifyLinkToken(tokens, CANCEL_TOKEN_PURPOSE, token);
  return verdict.valid ? verdict.id : null;
}

export type CancelLookup =
  { status: "active" | "cancelled" | "over"; appointment: Appointment } | { status: "not-found" } | { status: "invalid-token" };

/** What a cancel link points at, changing nothing: the page asks before it acts. */
export async function findFittingByLink(db: Database, token: unknown, tokens: SignedTokens): Promise<CancelLookup> {
  const id = verifyCancelToken(token, tokens);
  if (!id) return { status: "invalid-token" };
  const appointment = await readAppointment(db, id);
  if (!appointment) return { status: "not-found" };
  if (appointment.status === "cancelled") return { status: "cancelled", appointment };
  if (appointment.status === "completed") return { status: "over", appointment };
  return { status: "active", appointment };
}
