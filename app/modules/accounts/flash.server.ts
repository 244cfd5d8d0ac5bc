import { redirect } from "react-router";

/**
 * A toast that survives a redirect: set in a short-lived cookie by the
 * action, read (and cleared) by the root loader of the next page. It works
 * the same with and without JavaScript.
 */
export interface Flash {
  kind: "success" | "error";
  message: string;
}

const COOKIE = "hive_flash";

export function flashCookie(flash: Flash): string {
  const value = Buffer.from(JSON.stringify(flash), "utf8").toString("base64url");
  return `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

export function clearFlashCookie(): string {
  return `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}

export function readFlash(request: Request): Flash | null {
  const cookie = request.headers.get("cookie") ?? "";
  const match = cookie.split(/;\s*/).find((part) => part.startsWith(`${COOKIE}=`));
  if (!match) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(match.slice(COOKIE.length + 1), "base64url").toString("utf8"));
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      "kind" in parsed &&
      "message" in parsed &&
      (parsed.kind === "success" || parsed.kind === "error") &&
      typeof parsed.message === "string"
    ) {
      return { kind: parsed.kind, message: parsed.message.slice(0, 200) };
    }
  } catch {
    // A damaged cookie is dropped.
  }
  return null;
}

/** A redirect carrying a toast, plus any cookies Better Auth set (a new session, a signed-out one). */
export function flashRedirect(to: string, flash: Flash, extra?: Headers): Response {
  const headers = new Headers();
  for (const cookie of extra?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie(flash));
  return redirect(to, { headers });
}
