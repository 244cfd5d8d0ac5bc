import { expect, type APIRequestContext } from "@playwright/test";
import { boutiqueDatePlus } from "../helpers/boutique-date";
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

export const dayName = (date: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );

export const shortDay = (date: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );
/** '14:00' → '2:00 PM', as the slot select writes it. */
export const timeLabel = (time: string) => {
  const hour = Number(time.slice(0, 2));
  return `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? "AM" : "PM"}`;
};
/** A slot as the dashboard writes it: short in the table, SPEC's long form in the history. */
export const slotShort = (date: string, time: string) => `${shortDay(date)}, ${timeLabel(time)}`;
export const slotLong = (date: string, time: string) => `${dayName(date)} at ${timeLabel(time)}`;

/** A guest's fitting 20 to 80 days ahead, at any free slot (other specs share the server and book too). */
export async function bookGuest(request: APIRequestContext, name: string, email: string): Promise<{ date: string; time: string }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const date = boutiqueDatePlus(20 + Math.floor(Math.random() * 60));
    const time = `${String(10 + Math.floor(Math.random() * 7)).padStart(2, "0")}:00`;
    const response = await request.post("/fitting-room", { form: { name, email, date, time }, maxRedirects: 0 });
    if (response.status() === 200) return { date, time };
    expect(response.status(), "booking").toBe(409);
  }
  throw new Error("no free slot found");
}
