import type { Route } from "./+types/custom-design.submit";
import { formFailure } from "~/lib/forms";
import { getViewer } from "~/modules/accounts/accounts.server";
import { answerDesignRequest } from "~/modules/design-requests/design-requests.server";

/**
 * POST /custom-design/submit: the custom design form as sent by its script
 * (XMLHttpRequest, so the page can show the upload's progress), answered as
 * JSON in the same shape as the page's own action.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json(formFailure("Send the form with POST."), { status: 405, headers: { Allow: "POST" } });
  const answer = await answerDesignRequest(request, context, async () => (await getViewer(request, context))?.id ?? null);
  const headers = new Headers(answer.init?.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(answer.data, { status: answer.init?.status ?? 200, headers });
}

/** Nothing to show at this address: the form lives on /custom-design. */
export function loader() {
  return new Response(null, { status: 303, headers: { Location: "/custom-design" } });
}
