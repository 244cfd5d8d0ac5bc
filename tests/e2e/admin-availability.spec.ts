import { expect, test, type Page } from "@playwright/test";
import { formatDay, formatSlot } from "~/lib/format";
import { boutiqueDatePlus } from "../helpers/boutique-date";
import { grantAdminRole, startMailingBoutique, type BoutiqueServer, type MailingBoutique } from "../helpers/boutique-server";
import type { TestSmtpServer } from "../helpers/smtp";
import { dayName, uid } from "./admin-helpers";
import { startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { expectFinishedInBothThemes, VIEWPORTS } from "./helpers";

// Staff control the fitting room's availability (issue 26, item 4): close next Monday for a holiday and the booking
// page shows it closed at once; close a day with a booking, which is listed, and cancel it, mailing the customer.
// A boutique of its own with real SMTP, so the cancellation is read as the customer receives it.
test.describe.configure({ mode: "serial", timeout: 300_000 });

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

async function signInAsAdmin(page: Page) {
  const email = `boss-${uid()}@example.com`;
  const signUp = await page.request.post(`${boutique.url}/auth`, {
    form: { intent: "sign-up", fullName: "Bea Boss", email, password: "secret12" },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(302);
  await grantAdminRole(email, boutique.dataDir);
}

/** The Monday `weeks` weeks after the next one (the next Monday after today, on the boutique's clock). */
function monday(weeks: number): string {
  const today = boutiqueDatePlus(0);
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7) + weeks * 7);
  return d.toISOString().slice(0, 10);
}

const shift = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The Fitting Room's calendar button of `date`, paging months forward until it shows. */
/** The date's button in the booking calendar, turning to its month first (each turn waits for the month's grid). */
async function calendarDay(page: Page, date: string) {
  const month = formatDay(date, "month-year");
  await expect(page.getByRole("grid", { name: /^Preferred date, / })).toBeVisible();
  for (let turns = 0; turns < 3 && (await page.getByRole("grid", { name: `Preferred date, ${month}` }).count()) === 0; turns++) {
    const shown = await page.getByRole("grid", { name: /^Preferred date, / }).getAttribute("aria-label");
    // The calendar may open on a later month than the date's (its first open day): turn back, else forward.
    const later = new Date(`${shown?.replace(/^Preferred date, /, "")} 1`) > new Date(`${month} 1`);
    await page.getByRole("button", { name: later ? "Previous month" : "Next month" }).click();
    await expect(page.getByRole("grid", { name: /^Preferred date, / })).not.toHaveAttribute("aria-label", shown ?? "");
  }
  const grid = page.getByRole("grid", { name: `Preferred date, ${month}` });
  await expect(grid).toBeVisible();
  return grid.getByRole("button", { name: new RegExp(`^${dayName(date)}(, unavailable)?$`) });
}

async function shoot(page: Page, name: string) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await expectFinishedInBothThemes(page, name, { fullPage: true });
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`${size}: staff close next Monday with a note, and the Fitting Room shows it closed at once`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAsAdmin(page);
    const holiday = monday(size === "phone" ? 0 : 1);

    // Open before: the day can be chosen.
    await page.goto(`${boutique.url}/fitting-room`);
    await waitForHydration(page);
    await expect(await calendarDay(page, holiday)).toHaveAccessibleName(dayName(holiday));

    await page.goto(`${boutique.url}/admin/availability`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Availability" })).toBeVisible();
    await shoot(page, `availability-${size}`);
    const close = page.getByRole("region", { name: "Close a day" });
    // Bad input is refused with a message beside its field, and nothing is stored.
    await close.getByLabel("Date").fill(shift(boutiqueDatePlus(0), -2));
    await close.getByRole("button", { name: "Close day" }).click();
    await expect(close.getByText("That date has passed. Please choose today or a later date.")).toBeVisible();
    const seats = page.getByRole("region", { name: "Change seats" });
    await seats.getByLabel("Date").fill(holiday);
    await seats.getByLabel("Seats").fill("0");
    await seats.getByRole("button", { name: "Set seats" }).click();
    await expect(seats.getByText("Seats must be a whole number from 1 to 100")).toBeVisible();
    // Nothing was stored for the holiday (other tests' changes may be listed: the boutique is shared by this file).
    await expect(
      page
        .getByRole("list", { name: "Changes to the usual hours" })
        .getByRole("listitem")
        .filter({ hasText: dayName(holiday) }),
    ).toHaveCount(0);

    await close.getByLabel("Date").fill(holiday);
    await close.getByLabel("Note").fill("Memorial Day");
    await close.getByRole("button", { name: "Close day" }).click();
    await expect(page.getByText(`${dayName(holiday)} is closed.`).first()).toBeVisible();
    const rule = page
      .getByRole("list", { name: "Changes to the usual hours" })
      .getByRole("listitem")
      .filter({ hasText: dayName(holiday) });
    await expect(rule).toContainText("Closed");
    await expect(rule).toContainText("Memorial Day");
    await shoot(page, `availability-closed-${size}`);

    // At once on the booking page: the day is not selectable.
    await page.goto(`${boutique.url}/fitting-room`);
    await waitForHydration(page);
    const day = await calendarDay(page, holiday);
    await expect(day).toHaveAccessibleName(`${dayName(holiday)}, unavailable`);
    await expect(day).toHaveAttribute("aria-disabled", "true");
    // And the server refuses it too.
    const refused = await page.request.post(`${boutique.url}/fitting-room`, {
      form: { name: "Late Guest", email: `late-${uid()}@example.com`, date: holiday, time: "11:00" },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("The fitting room is closed on that day. Please choose another date.");

    // Reopen undoes it.
    await page.goto(`${boutique.url}/admin/availability`);
    await waitForHydration(page);
    await rule.getByRole("button", { name: `Reopen: ${dayName(holiday)}` }).click();
    await expect(page.getByText(`${dayName(holiday)} is open again.`).first()).toBeVisible();
    await page.goto(`${boutique.url}/fitting-room`);
    await waitForHydration(page);
    await expect(await calendarDay(page, holiday)).toHaveAccessibleName(dayName(holiday));
  });

  test(`${size}: closing a day with a booking lists it, and cancelling mails the customer`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAsAdmin(page);
    const day = shift(monday(size === "phone" ? 2 : 3), 1);
    const tag = uid();
    const email = `guest-${tag}@example.com`;
    const booked = await page.request.post(`${boutique.url}/fitting-room`, {
      form: { name: `Guest ${tag}`, email, date: day, time: "14:00" },
    });
    expect(booked.status()).toBe(200);

    await page.goto(`${boutique.url}/admin/availability`);
    await waitForHydration(page);
    const close = page.getByRole("region", { name: "Close a day" });
    await close.getByLabel("Date").fill(day);
    await close.getByRole("button", { name: "Close day" }).click();
    const question = page.getByRole("region", { name: `Booked on ${dayName(day)}` });
    await expect(question).toBeVisible();
    await expect(question.getByRole("listitem").filter({ hasText: `Guest ${tag}` })).toContainText(email);
    await shoot(page, `availability-question-${size}`);
    await question.getByRole("button", { name: "Cancel 1 fitting and mail the customers" }).click();
    await expect(page.getByText(`1 fitting on ${dayName(day)} cancelled. Each customer is mailed.`).first()).toBeVisible();

    const [mail] = await smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === `Your fitting on ${formatSlot(day, "14:00")} is cancelled`,
      {
        timeoutMs: 60_000,
      },
    );
    const ics = mail!.attachments.find((a) => a.filename.endsWith(".ics"))!.content.toString("utf8");
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("SEQUENCE:1");
    await expect(page.getByRole("region", { name: `Booked on ${dayName(day)}` })).toHaveCount(0);
  });
}
