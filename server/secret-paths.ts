import type { ServerBuild } from "react-router";

/**
 * The route patterns whose `:param` segments the log must never hold (~/lib/redact-secrets), read from the
 * route lists themselves so a new route or a new Better Auth plugin is covered the day it is added.
 */

/**
 * Route parameters that name public things: a product's handle, a picture's file name. Every other parameter
 * of the app's routes is taken for a secret (a cart id opens its checkout); one left off this list costs a
 * log some detail, never a leak.
 */
const PUBLIC_ROUTE_PARAMS = new Set(["handle", "file"]);

/** The app's routes (app/routes.ts, as built) with a secret parameter; public parameters become `*`. */
export function appSecretPaths(routes: ServerBuild["routes"]): string[] {
  const fullPath = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const patterns = Object.keys(routes).map((id) =>
    fullPath(id)
      .split("/")
      .map((segment) => (PUBLIC_ROUTE_PARAMS.has(/^:(\w+)\??$/.exec(segment)?.[1] ?? "") ? "*" : segment))
      .join("/"),
  );
  return [...new Set(patterns.filter((pattern) => pattern.includes(":")))];
}

/** Better Auth's endpoints under its base path: every `:param` of one (a reset token, a provider's callback) is a secret. */
export function authSecretPaths(auth: { api: object; options: { basePath?: string } }): string[] {
  const base = auth.options.basePath ?? "/api/auth";
  return Object.values(auth.api).flatMap((endpoint: unknown) => {
    const path = (endpoint as { path?: unknown } | null)?.path;
    return typeof path === "string" && path.includes(":") ? [`${base}${path}`] : [];
  });
}
