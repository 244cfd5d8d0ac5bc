import { expect, type APIRequestContext } from "@playwright/test";
import { grantAdminRole } from "../helpers/boutique-server";

/** A short tag only this test run uses, for names and addresses. */
export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/**
 * Signs an account up through the request context's own cookie jar (a page's `page.request` shares the page's),
 * then gives it the admin role with the operator CLI (the server holds the folder, so the CLI asks it). Answers the
 * address.
 */
export async function signInAsAdmin(request: APIRequestContext): Promise<string> {
  const email = `boss-${uid()}@example.com`;
  const signUp = await request.post("/auth", {
    form: { intent: "sign-up", fullName: "Bea Boss", email, password: "secret12" },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(302);
  await grantAdminRole(email, process.env.E2E_DATA_DIR);
  return email;
}
