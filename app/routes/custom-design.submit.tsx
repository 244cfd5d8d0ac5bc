import type { Route } from "./+types/custom-design.submit";
import { answerDesignRequest } from "~/modules/design-requests/design-requests.server";

/**
 * POST /custom-design/submit: the custom design form as sent by its script
 * (XMLHttpRequest, so the page can show the upload's progress), answered as
 * JSON in the same shape as the page's own action.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json({ ok: false, error: "Send the form with POST." }, { status: 405, headers: { Allow: "POST" } });
  const answer = await answerDesignRequest(request, context);
  return Response.json(answer.body, { status: answer.status, headers: { ...answer.headers, "Cache-Control": "no-store" } });
}

/** Nothing to show at this address: the form lives on /custom-design. */
export function loader() {
  return new Response(null, { status: 303, headers: { Location: "/custom-design" } });
}
