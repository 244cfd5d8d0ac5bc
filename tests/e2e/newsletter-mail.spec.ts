import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import { type BoutiqueServer, startOwnBoutique } from "../helpers/boutique-server";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { expectNoAxeViolations } from "./helpers";

// Each test runs its own boutique (and SMTP server): mail and the rate limit
// are observed end to end without touching the shared server.
test.describe.configure({ mode: "serial" });

let smtp: TestSmtpServer | undefined;
let boutique: BoutiqueServer | undefined;

test.afterEach(async () => {
  await boutique?.stop("SIGTERM");
  await smtp?.close();
  boutique = undefined;
  smtp = undefined;
});

async function subscriberRows(dataDir: string) {
  // Read the data folder directly, once the server has released it.
  const db = await PGlite.create(join(dataDir, "pgdata"));
  try {
    const { rows } = await db.query<{ email: string; is_active: boolean }>(
      "select email, is_active from newsletter_subscribers order by email",
    );
    return rows;
  } finally {
    await db.close();
  }
}

test("the welcome mail arrives over SMTP with HIVE15 and an unsubscribe link that works", async ({ page }) => {
  smtp = await startSmtpServer();
  boutique = await startOwnBoutique({ SMTP_URL: smtp.url, MAIL_FROM: "The Hive <hello@thehive.test>" });
  const email = `welcome-${Date.now()}@example.com`;

  await startSessionAsReturning(page);
  await page.goto(`${boutique.url}/`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Join the Hive" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email address").fill(email);
  await dialog.getByRole("button", { name: "Claim My 15% Off" }).click();
  await expect(dialog.getByText("HIVE15", { exact: true })).toBeVisible();

  const [mail] = await smtp.waitFor((m) => m.to.includes(email));
  expect(mail!.subject).toBe("Welcome to the Hive: your 15% off code");
  expect(mail!.text).toContain("HIVE15");
  expect(mail!.html).toContain("HIVE15");
  const link = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w.-]+/.exec(mail!.text)?.[0];
  expect(link, "the mail carries an unsubscribe link").toBeTruthy();
  expect(link!.startsWith(`${boutique.url}/`), "the link points at APP_URL").toBe(true);
  expect(mail!.html).toContain(link!);
  // Mail clients offer their own one-click unsubscribe from these headers (RFC 8058).
  expect(mail!.headers.find((h) => h.key === "list-unsubscribe")?.value).toBe(`<${link!}>`);
  expect(mail!.headers.find((h) => h.key === "list-unsubscribe-post")?.value).toBe("List-Unsubscribe=One-Click");

  // A tampered link is refused with a clear page, not an error.
  const tampered = await page.goto(link!.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
  expect(tampered?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: "This link has lost its way" })).toBeVisible();

  // Following the link asks first (mail scanners open links), then unsubscribes.
  const landing = await page.goto(link!);
  expect(landing?.status()).toBe(200);
  expect(landing?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Leaving the Hive?" })).toBeVisible();
  await expect(page.getByText(`${email[0]}•••@example.com`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You've been unsubscribed" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Seen through the app: the link now reports it is done.
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: "You're already unsubscribed" })).toBeVisible();

  // Seen in the database.
  await boutique.stop("SIGTERM");
  expect(await subscriberRows(boutique.dataDir)).toEqual([{ email, is_active: false }]);
});

test("without JavaScript the unsubscribe link still works", async ({ browser }) => {
  smtp = await startSmtpServer();
  boutique = await startOwnBoutique({ SMTP_URL: smtp.url });
  const email = `nojs-${Date.now()}@example.com`;
  const signup = await fetch(`${boutique.url}/newsletter`, { method: "POST", body: new URLSearchParams({ email }) });
  expect(signup.status).toBe(200);
  const [mail] = await smtp.waitFor((m) => m.to.includes(email));
  const link = /http:\/\/\S+\/newsletter\/unsubscribe\?token=[\w.-]+/.exec(mail!.text)![0];

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You've been unsubscribed" })).toBeVisible();
  await context.close();

  // Signing up again makes the subscriber active again; within a day of the first welcome it is not mailed again.
  const again = await fetch(`${boutique.url}/newsletter`, { method: "POST", body: new URLSearchParams({ email: email.toUpperCase() }) });
  expect(again.status).toBe(200);
  await boutique.stop("SIGTERM");
  expect(smtp.received.filter((m) => m.to.some((to) => to.toLowerCase() === email))).toHaveLength(1);
  expect(await subscriberRows(boutique.dataDir)).toEqual([{ email, is_active: true }]);
});

test("a mail client's one-click unsubscribe (a POST to List-Unsubscribe, no browser) unsubscribes", async () => {
  smtp = await startSmtpServer();
  boutique = await startOwnBoutique({ SMTP_URL: smtp.url });
  const email = `one-click-${Date.now()}@example.com`;
  await fetch(`${boutique.url}/newsletter`, { method: "POST", body: new URLSearchParams({ email }) });
  const [mail] = await smtp.waitFor((m) => m.to.includes(email));
  const target = /^<(.+)>$/.exec(mail!.headers.find((h) => h.key === "list-unsubscribe")?.value ?? "")?.[1];
  expect(target, "List-Unsubscribe names one URL").toBeTruthy();

  // What RFC 8058 says the provider sends: a form POST with this one field, no cookies, no Origin.
  const response = await fetch(target!, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) });
  expect(response.status).toBe(200);
  await boutique.stop("SIGTERM");
  expect(await subscriberRows(boutique.dataDir)).toEqual([{ email, is_active: false }]);
});

test("sign-ups are limited to 5 per 10 minutes per client: the 6th gets 429, a clear message, and nothing is stored", async ({ page }) => {
  boutique = await startOwnBoutique();
  for (let i = 1; i <= 5; i++) {
    const response = await fetch(`${boutique.url}/newsletter`, {
      method: "POST",
      body: new URLSearchParams({ email: `limit-${i}@example.com` }),
    });
    expect(response.status, `sign-up ${i}`).toBe(200);
  }
  const refused = await fetch(`${boutique.url}/newsletter`, {
    method: "POST",
    body: new URLSearchParams({ email: "limit-6@example.com" }),
  });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
  expect(await refused.text()).toContain("Too many sign-up attempts from your connection. Please try again in 10 minutes.");

  // In the browser the same answer is a toast, and the form stays usable.
  await startSessionAsReturning(page);
  await page.goto(`${boutique.url}/`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Join the Hive" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email address").fill("limit-7@example.com");
  await dialog.getByRole("button", { name: "Claim My 15% Off" }).click();
  await expect(page.getByText("Too many sign-up attempts from your connection. Please try again in 10 minutes.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Claim My 15% Off" })).toBeEnabled();
  await expect(dialog.getByText("HIVE15", { exact: true })).toHaveCount(0);

  await boutique.stop("SIGTERM");
  const rows = await subscriberRows(boutique.dataDir);
  expect(rows.map((r) => r.email)).toEqual([
    "limit-1@example.com",
    "limit-2@example.com",
    "limit-3@example.com",
    "limit-4@example.com",
    "limit-5@example.com",
  ]);
});
