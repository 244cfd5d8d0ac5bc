import type { Route } from "./+types/fitting-room-calendar";
import { requestContext, servicesContext } from "~/lib/context.server";
import { linkToken, PRIVATE_HEADERS } from "~/lib/token-landing.server";
import { calendarFileByLink, type CalendarFileLookup } from "~/modules/fittings/fittings.server";

/** Why there is no file, in words a person reads (the browser shows the text when the download is refused). */
const REFUSALS: Record<Exclude<CalendarFileLookup["status"], "found">, { status: number; message: string }> = {
  "invalid-token": { status: 400, message: "This calendar link is incomplete, altered or too old." },
  "not-found": { status: 404, message: "We could not find that fitting." },
  cancelled: { status: 410, message: "This fitting was cancelled, so there is nothing to add to your calendar." },
  over: { status: 410, message: "This fitting has already taken place." },
};

function refusal(status: number, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * GET /fitting-room/calendar?token=…: "Add to calendar" on the booking's
 * confirmation. The token is the one the confirmation mail's link carries; the
 * file is that mail's own invitation (the same code writes both), sent as a
 * download. A bad or expired token is a 400, a booking that is gone a 404, a
 * cancelled or past one a 410, each with a sentence; the database failing is a 503.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, tokens, env } = context.get(servicesContext);
  try {
    const found = await calendarFileByLink(database.db, linkToken(request), tokens, env.BOUTIQUE_TIME_ZONE);
    if (found.status !== "found") return refusal(REFUSALS[found.status].status, REFUSALS[found.status].message);
    const { content } = found.file;
    return new Response(typeof content === "string" ? content : Buffer.from(content), {
      headers: {
        ...PRIVATE_HEADERS,
        "Content-Type": found.file.contentType,
        "Content-Disposition": `attachment; filename="${found.file.filename}"`,
      },
    });
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "fitting calendar file failed");
    return refusal(503, "We couldn't reach your booking just now. Please try again shortly.");
  }
}
