import type { Env } from "./env.server";

/** The page's public address: APP_URL, not the Host header, which a client controls. */
export function canonicalUrl(env: Pick<Env, "APP_URL">, path: string): string {
  return new URL(path, env.APP_URL).toString();
}
