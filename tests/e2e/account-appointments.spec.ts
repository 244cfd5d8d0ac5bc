import { expect, test, type Page } from "@playwright/test";
import { formatDay, formatSlot } from "~/lib/format";
import { boutiqueDatePlus } from "../helpers/boutique-date";
import { startMailingBoutique, type BoutiqueServer, type MailingBoutique } from "../helpers/boutique-server";
import type { TestSmtpServer } from "../helpers/smtp";
import { signUpInBrowser, startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { expectFinishedInBothThemes, expectNoAxeViolations, VIEWPORTS } from "./helpers";

// Her fittings in her account, and the page a mail's link opens: a boutique
// of its own with real SMTP, so the link comes from the mail itself.
test.describe.configure({ mode: "serial", timeout: 240_000 });

let mailing: MailingBoutique | undefined;
let smtp: TestSmtpServer;
let boutique: BoutiqueServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  mailing = await startMailingBoutique();
  ({ smtp, boutique } = mailing);
});

test.afterAll(async () => {
  await mailing?.stop();
});

test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

async function signUp(page: Page, email: string) {
  await signUpInBrowser(page, "Ada Shopper", email, boutique.url);
}

/** A day in the same month as `date` (so the calendar shows both), open, and after today. */
function sameMonthNeighbour(date: string): string {
  const today = boutiqueDatePlus(0);
  const candidates = [1, 2, -1, -2, 3, -3].map((offset) => {
    const d = new Date(`${date}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d;
  });
  const found = candidates.find(
    (d) => d.getUTCDay() !== 0 && d.toISOString().slice(0, 7) === date.slice(0, 7) && d.toISOString().slice(0, 10) > today,
  );
  return found!.toISOString().slice(0, 10);
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`her Appointments tab at ${size}: the fitting with its badge, Reschedule moves it, Cancel cancels it`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const email = `own-${size}-${Date.now()}@example.com`;
    await signUp(page, email);
    const date = boutiqueDatePlus(size === "phone" ? 8 : 22);
    const booked = await page.request.post(`${boutique.url}/fitting-room`, { form: { name: "Ada Shopper", email, date, time: "11:00" } });
    expect(booked.status()).toBe(200);

    await page.goto(`${boutique.url}/account/appointments`);
    await waitForHydration(page);
    const list = page.getByRole("list", { name: "Your appointments" });
    const item = list.getByRole("listitem").filter({ hasText: formatSlot(date, "11:00") });
    await expect(item).toBeVisible();
    await expect(item.getByText("pending", { exact: true })).toBeVisible();
    await expectFinishedInBothThemes(page, `account-tab-${size}`, { fullPage: true });

    await item.getByRole("button", { name: "Reschedule" }).click();
    const heading = page.getByRole("heading", { name: "Reschedule your fitting" });
    await expect(heading).toBeFocused();
    const newDate = sameMonthNeighbour(date);
    await page
      .getByRole("grid")
      .getByRole("button", { name: formatDay(newDate, "weekday"), exact: true })
      .click();
    await expect(page.getByText(`Chosen: ${formatDay(newDate, "weekday")}`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`date=${newDate}`));
    await page.getByRole("radiogroup", { name: "New time" }).getByRole("radio", { name: "3:00 PM", exact: true }).check();
    await expectFinishedInBothThemes(page, `reschedule-${size}`, { fullPage: true });
    await page.getByRole("button", { name: "Move my fitting" }).click();
    await expect(page.getByText("Your fitting has been moved")).toBeVisible();
    const moved = list.getByRole("listitem").filter({ hasText: formatSlot(newDate, "15:00") });
    await expect(moved).toBeVisible();
    await expect(list.getByText(formatSlot(date, "11:00"))).toHaveCount(0);
    await smtp.waitFor((m) => m.to.includes(email) && m.subject === `Your fitting has moved to ${formatSlot(newDate, "15:00")}`);

    await moved.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Cancel your fitting?" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Cancel Appointment" }).click();
    await expect(page.getByText("Your fitting is cancelled")).toBeVisible();
    await expect(moved.getByText("cancelled", { exact: true })).toBeVisible();
    await expect(moved.getByRole("button", { name: "Reschedule" })).toHaveCount(0);
    await smtp.waitFor((m) => m.to.includes(email) && m.subject === `Your fitting on ${formatSlot(newDate, "15:00")} is cancelled`);
  });

  test(`the mail's link at ${size} offers Reschedule, and it moves the fitting`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const email = `link-${size}-${Date.now()}@example.com`;
    const date = boutiqueDatePlus(size === "phone" ? 9 : 23);
    const booked = await fetch(`${boutique.url}/fitting-room`, {
      method: "POST",
      body: new URLSearchParams({ name: "Mary Shelley", email, date, time: "12:00" }),
    });
    expect(booked.status).toBe(200);
    const [mail] = await smtp.waitFor((m) => m.to.includes(email));
    const link = /https?:\/\/\S+\/fitting-room\/cancel\?token=[\w.-]+/.exec(mail!.text)![0];

    await page.goto(link);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Cancel your fitting?" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel Appointment" })).toBeVisible();
    await page.getByRole("button", { name: "Reschedule" }).click();
    await expect(page.getByRole("heading", { name: "Choose a new time" })).toBeVisible();
    await expect(page.getByText(formatSlot(date, "12:00"))).toBeVisible();
    await page.getByRole("radiogroup", { name: "New time" }).getByRole("radio", { name: "4:00 PM", exact: true }).check();
    await expectFinishedInBothThemes(page, `link-reschedule-${size}`, { fullPage: true });
    await page.getByRole("button", { name: "Move my fitting" }).click();
    await expect(page.getByRole("heading", { name: "Your fitting has moved" })).toBeVisible();
    await expect(page.getByText(formatSlot(date, "16:00"))).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
