import type { Route } from "./+types/well-known.jwks";
import { servicesContext } from "~/lib/context.server";

/** GET /.well-known/jwks.json: the public keys that verify the tokens Better Auth's jwt plugin issues. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth } = context.get(servicesContext);
  const keys = await auth.api.getJwks({ headers: request.headers });
  return Response.json(keys, { headers: { "Cache-Control": "public, max-age=300" } });
}
