import { expect } from "vitest";

/** The cookies a response sets, as a Cookie header value (cleared ones left out). */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";", 1)[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/** Signs a shopper up through /auth's form on the server at `base`; answers her session cookie. */
export async function signUpShopper(base: string, name: string, email: string, password = "secret12"): Promise<string> {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-up", fullName: name, email, password }),
  });
  expect(response.status, `sign-up of ${email}`).toBe(302);
  return cookieFrom(response);
}

/** The custom design form's body: multipart, as the form sends it (it takes images; decision 0013). */
export function designForm(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
}
