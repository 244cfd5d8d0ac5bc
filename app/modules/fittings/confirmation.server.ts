// What she sees once she has booked: the confirmation panel's data, and its
// "Add to calendar" file, which is the confirmation mail's own invitation
// behind the same signed token as the mail's link.
import type { Database } from "~/db/client.server";
import type { SignedTokens } from "~/lib/signed-token.server";
import { boutiqueAddress, type MailAttachment } from "~/modules/mail/mail.server";
import { fittingLinks, findFittingByLink } from "./cancel-links.server";
import { SLOT_MINUTES } from "./fittings";
import { invitationOf } from "./mails.server";
import type { Appointment, FittingConfirmation, PullItem } from "./types";

/**
 * The confirmation panel of a booking just made, from what the booking stored (nothing read back: the booking is
 * committed, and nothing after it may turn it into a failure).
 */
export function bookingConfirmation(
  { appointment, pullList }: { appointment: Appointment; pullList: PullItem[] },
  tokens: SignedTokens,
): FittingConfirmation {
  return {
    date: appointment.preferredDate,
    time: appointment.preferredTime,
    email: appointment.email,
    address: boutiqueAddress(),
    minutes: SLOT_MINUTES,
    pullList,
    links: fittingLinks(appointment, tokens),
  };
}

export type CalendarFileLookup =
  | { status: "found"; file: MailAttachment }
  /** The link is not ours, altered or expired; the booking is gone; or it was cancelled or has taken place. */
  | { status: "invalid-token" | "not-found" | "cancelled" | "over" };

/** The invitation of the booking a signed link names, as the confirmation mail carries it (METHOD:REQUEST at its sequence). */
export async function calendarFileByLink(
  db: Database,
  token: unknown,
  tokens: SignedTokens,
  timeZone: string,
): Promise<CalendarFileLookup> {
  const lookup = await findFittingByLink(db, token, tokens);
  if (lookup.status !== "active") return { status: lookup.status };
  return { status: "found", file: invitationOf(lookup.appointment, timeZone, "request") };
}
