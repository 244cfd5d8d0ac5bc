import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { signUpInBrowser, startSessionAsReturning, uniqueEmail, waitForHydration } from "./brand-helpers";
import {
  collectConsoleErrors,
  expectFinishedInBothThemes,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  screenshotForPeople,
  THEMES,
  VIEWPORTS,
  VIEWS,
  setView,
} from "./helpers";
import { boutiqueDatePlus } from "../helpers/boutique-date";

// The server runs on the real clock in its default zone (America/New_York): boutiqueDatePlus works the
// dates out on that clock, a week or more ahead so no slot has started.
const longDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${iso}T12:00:00Z`),
  );

/** The booking form's times: one radio group. */
const times = (page: Page) => page.getByRole("radiogroup", { name: "Preferred time" });
const timeRadio = (page: Page, label: string) => times(page).getByRole("radio", { name: label, exact: true });

async function open(page: Page) {
  await page.goto("/fitting-room");
  await waitForHydration(page);
}

/** Moves the calendar to `date` with the keyboard, from the selected day. */
async function chooseDate(page: Page, date: string) {
  const grid = page.getByRole("grid", { name: /Preferred date/ });
  // The grid's one tab stop: the selected day, or the focused one when none is selected.
  const selected = grid.locator('button[tabindex="0"]');
  await selected.focus();
  const from = (await selected.getAttribute("data-date")) ?? "";
  const days = Math.round((Date.parse(date) - Date.parse(from)) / 86_400_000);
  for (let i = 0; i < Math.floor(days / 7); i++) await page.keyboard.press("ArrowDown");
  for (let i = 0; i < days % 7; i++) await page.keyboard.press("ArrowRight");
  await expect(page.locator(`button[data-date="${date}"]`)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator(`button[data-date="${date}"]`)).toHaveAttribute("aria-pressed", "true");
}

test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

test("SPEC's page: hero, alterations, the studio box and every field with its label", async ({ page }) => {
  await open(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Expert Alterations, In-House" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Our Fitting Studio" })).toContainText("Mon-Sat, 10am-6pm");
  await expect(page.getByLabel("Full name")).toHaveAttribute("required", "");
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Phone")).not.toHaveAttribute("required", "");
  await expect(page.getByLabel("Notes")).toBeVisible();
  // The times are one radio group (not a select): SPEC's eight, 10:00 AM to 5:00 PM.
  await expect(times(page).getByRole("radio")).toHaveCount(8);
  for (const [index, label] of ["10:00 AM", "11:00 AM", "12:00 PM", "1:00 PM", "2:00 PM", "3:00 PM", "4:00 PM", "5:00 PM"].entries()) {
    await expect(times(page).getByRole("radio").nth(index)).toHaveAccessibleName(new RegExp(`^${label}`));
  }
  await expect(page.getByRole("combobox", { name: "Preferred time" })).toHaveCount(0);
  await expect(page.getByRole("grid", { name: /Preferred date/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm Appointment" })).toBeEnabled();
  // Default date: today, or the first day still open (a Sunday or after 5 PM moves it on).
  const selected = await page.locator('button[aria-pressed="true"]').getAttribute("data-date");
  expect(selected! >= new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date())).toBe(true);
  // Sundays (the first column) are shown but cannot be chosen.
  const sundays = page.locator("tbody tr td:first-child button");
  await expect(sundays).not.toHaveCount(0);
  for (const sunday of await sundays.all()) {
    expect(new Date(`${await sunday.getAttribute("data-date")}T12:00:00Z`).getUTCDay()).toBe(0);
    await expect(sunday).toHaveAttribute("aria-disabled", "true");
  }
});

test("the required date stays chosen when its day is clicked again; no name or email is SPEC's message", async ({ page }) => {
  await open(page);
  const selected = page.locator('button[aria-pressed="true"]');
  const day = await selected.getAttribute("data-date");
  // SPEC §4: single mode clears on clicking the selected day, unless required; a fitting's date is.
  await selected.click();
  await expect(page.locator(`button[data-date="${day}"]`)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(`Chosen: ${longDate(day!)}`)).toBeVisible();
  await chooseDate(page, boutiqueDatePlus(8));
  await page.locator('button[aria-pressed="true"]').click();
  await expect(page.locator(`button[data-date="${boutiqueDatePlus(8)}"]`)).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Confirm Appointment" }).click();
  await expect(page.getByText("Please fill in your name and email").first()).toBeVisible();
});

test("the times are a radio group: arrow keys move the choice, and the default is 10:00 AM when it is free", async ({ page }) => {
  await open(page);
  await chooseDate(page, boutiqueDatePlus(12));
  const group = times(page);
  await expect(group.getByRole("radio", { checked: true })).toHaveCount(1);
  const first = group.getByRole("radio", { checked: true });
  const startValue = await first.inputValue();
  // SPEC's default: 10:00 AM (nobody books this day's first time before this test).
  expect(startValue).toBe("10:00");
  await first.focus();
  await page.keyboard.press("ArrowRight");
  const moved = group.getByRole("radio", { checked: true });
  await expect(moved).toBeFocused();
  expect(await moved.inputValue()).not.toBe(startValue);
  await page.keyboard.press("ArrowLeft");
  await expect(group.getByRole("radio", { checked: true })).toHaveValue(startValue);
});

test("books a fitting: 'Booking...', the toast, the confirmation panel that stays (calendar file, reschedule, cancel), then a fresh form with the slot shown as taken", async ({
  page,
}) => {
  await open(page);
  const defaultDay = await page.locator('button[aria-pressed="true"]').getAttribute("data-date");
  const defaultTime = await times(page).getByRole("radio", { checked: true }).inputValue();
  const date = boutiqueDatePlus(7);
  await chooseDate(page, date);
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Phone").fill("912 555 0101");
  await timeRadio(page, "2:00 PM").check();
  await page.getByLabel("Notes").fill("Hem for a mermaid gown");

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/fitting-room.data*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Confirm Appointment" }).click();
  await expect(page.getByRole("button", { name: "Booking..." })).toBeDisabled();
  release();

  await expect(page.getByText("Appointment booked!")).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText(`Your fitting is booked for ${longDate(date)} at 2:00 PM. A confirmation email will follow shortly.`),
  ).toBeVisible();
  // The panel stays after the toast: focused, with what she booked.
  const panel = page.getByRole("region", { name: "Your fitting is booked" });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Your fitting is booked" })).toBeFocused();
  await expect(panel).toContainText(`${longDate(date)} at 2:00 PM`);
  await expect(panel).toContainText("214 Whitaker Street, Savannah, GA 31401");
  await expect(panel).toContainText("1 hour");
  await expect(panel).toContainText("ada@example.com");
  // Add to calendar downloads the mail's invitation.
  const calendar = panel.getByRole("link", { name: "Add to calendar" });
  await expect(calendar).toHaveAttribute("href", /^\/fitting-room\/calendar\?token=/);
  const [download] = await Promise.all([page.waitForEvent("download"), calendar.click()]);
  expect(download.suggestedFilename()).toBe("fitting.ics");
  const ics = await readFile((await download.path())!, "utf8");
  expect(ics).toContain("BEGIN:VCALENDAR\r\n");
  expect(ics).toContain("METHOD:REQUEST\r\n");
  expect(ics).toContain(`DTSTART;TZID=America/New_York:${date.replaceAll("-", "")}T140000\r\n`);
  await expect(panel.getByRole("link", { name: "Reschedule" })).toHaveAttribute(
    "href",
    /^\/fitting-room\/cancel\?token=[^&]+&reschedule=1$/,
  );
  await expect(panel.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", /^\/fitting-room\/cancel\?token=[^&]+$/);

  // Book another fitting: a fresh form.
  await panel.getByRole("link", { name: "Book another fitting" }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByLabel("Full name")).toHaveValue("");
  await expect(page.getByLabel("Email")).toHaveValue("");
  // Back to the defaults: today (or the first open day) and 10:00 AM, or that day's first time still open.
  // (The loader runs again after the booking: if the boutique closed meanwhile, the first open day is tomorrow.)
  const resetDay = await page.locator('button[aria-pressed="true"]').getAttribute("data-date");
  expect(resetDay! >= defaultDay! && resetDay! < date).toBe(true);
  // A later day (the boutique closed meanwhile) has not begun: its first time, 10:00 AM, is open.
  await expect(times(page).getByRole("radio", { checked: true })).toHaveValue(resetDay === defaultDay ? defaultTime : "10:00", {
    timeout: 30_000,
  });

  // The slot is now taken: a second shopper sees it marked and cannot pick it.
  await chooseDate(page, date);
  const taken = timeRadio(page, "2:00 PM, taken");
  await expect(taken).toBeDisabled();
  await expect(times(page).getByText("taken")).toBeVisible();
  await expect(times(page).getByRole("radio", { checked: true })).not.toHaveValue("14:00");
});

// A time picked the moment a day is chosen, before that day's times have come: the booking still ends in the panel.
// Each width books its own day at 4:00 PM, which no other test uses (16 and 18 days ahead never meet, Sundays moved on).
const QUICK_DAYS = { phone: 16, desktop: 18 } as const;
for (const [size, viewport] of Object.entries(VIEWPORTS) as [keyof typeof VIEWPORTS, (typeof VIEWPORTS)[keyof typeof VIEWPORTS]][]) {
  const days = QUICK_DAYS[size];
  test(`a time picked before the chosen day's times have loaded books, and the panel takes the focus, at ${size} width`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await open(page);
    await page.getByLabel("Full name").fill("Quick Chooser");
    await page.getByLabel("Email").fill(`quick-${size}@example.com`);
    const date = boutiqueDatePlus(days);
    // The day's times are held back until the time is picked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/fitting-room.data?date=${date}*`, async (route) => {
      await held;
      await route.continue();
    });
    await chooseDate(page, date);
    await timeRadio(page, "4:00 PM").check();
    release();
    await page.getByRole("button", { name: "Confirm Appointment" }).click();

    const panel = page.getByRole("region", { name: "Your fitting is booked" });
    await expect(panel.getByRole("heading", { name: "Your fitting is booked" })).toBeFocused({ timeout: 30_000 });
    await expect(panel).toContainText(`${longDate(date)} at 4:00 PM`);
    await expect(page.getByText("Appointment booked!")).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test("the confirmation's Reschedule and Cancel links open the mailed link's page", async ({ page }) => {
  await open(page);
  await chooseDate(page, boutiqueDatePlus(13));
  await page.getByLabel("Full name").fill("Mary Shelley");
  await page.getByLabel("Email").fill("mary@example.com");
  await timeRadio(page, "5:00 PM").check();
  await page.getByRole("button", { name: "Confirm Appointment" }).click();
  const panel = page.getByRole("region", { name: "Your fitting is booked" });
  await expect(panel.getByRole("heading", { name: "Your fitting is booked" })).toBeFocused({ timeout: 30_000 });
  const cancel = await panel.getByRole("link", { name: "Cancel" }).getAttribute("href");
  await panel.getByRole("link", { name: "Reschedule" }).click();
  await expect(page.getByRole("heading", { name: "Choose a new time" })).toBeVisible();
  await expect(page.getByRole("radiogroup", { name: "New time" }).getByRole("radio", { name: "5:00 PM, current time" })).toBeDisabled();
  await page.goto(cancel!);
  await expect(page.getByRole("heading", { name: "Cancel your fitting?" })).toBeVisible();
});

test("the shopper who loses the race for a slot is told plainly", async ({ page, request }) => {
  await open(page);
  const date = boutiqueDatePlus(9);
  await chooseDate(page, date);
  await timeRadio(page, "3:00 PM").check();
  // Someone else books 3:00 PM first.
  const other = await request.post("/fitting-room", { form: { name: "Grace", email: "grace@example.com", date, time: "15:00" } });
  expect(other.status()).toBe(200);
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByRole("button", { name: "Confirm Appointment" }).click();
  await expect(page.getByText("Sorry, that time was just booked by someone else. Please choose another time.").first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByLabel("Full name")).toHaveValue("Ada Lovelace");
});

test("a failure reaching the server ends in SPEC's message", async ({ page }) => {
  await open(page);
  await chooseDate(page, boutiqueDatePlus(10));
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill("ada@example.com");
  await page.route("**/fitting-room.data*", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
  await page.getByRole("button", { name: "Confirm Appointment" }).click();
  await expect(page.getByText("Failed to book appointment. Please try again.")).toBeVisible({ timeout: 30_000 });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form books with a native date field and plain radio times, and answers with the confirmation panel", async ({ page }) => {
    await page.goto("/fitting-room");
    await page.getByRole("button", { name: "Confirm Appointment" }).click();
    await expect(page.getByText("Please fill in your name and email").first()).toBeVisible();

    // No date: the server's message, beside the field.
    await page.getByLabel("Preferred date").fill("");
    await page.getByLabel("Full name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill("ada-nojs@example.com");
    await page.getByRole("button", { name: "Confirm Appointment" }).click();
    await expect(page.getByText("Please select a date").first()).toBeVisible();

    const date = boutiqueDatePlus(11);
    await page.getByLabel("Preferred date").fill(date);
    await expect(timeRadio(page, "10:00 AM")).toBeChecked();
    await timeRadio(page, "4:00 PM").check();
    await page.getByRole("button", { name: "Confirm Appointment" }).click();
    await expect(page.getByRole("status")).toContainText("Appointment booked!");
    await expect(page.getByRole("status")).toContainText(`${longDate(date)} at 4:00 PM`);
    const panel = page.getByRole("region", { name: "Your fitting is booked" });
    await expect(panel).toContainText(`${longDate(date)} at 4:00 PM`);
    await expect(panel.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", /^\/fitting-room\/calendar\?token=/);
    await expect(panel.getByRole("link", { name: "Reschedule" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Cancel" })).toBeVisible();
    await panel.getByRole("link", { name: "Book another fitting" }).click();
    await expect(page.getByRole("button", { name: "Confirm Appointment" })).toBeVisible();
  });
});

for (const { size, viewport, theme } of VIEWS) {
  test(`looks finished and passes axe at ${size} width in both themes (loaded in ${theme})`, async ({ page }) => {
    test.slow();
    await setView(page, { viewport, theme });
    const errors = collectConsoleErrors(page);
    await open(page);
    await expectNoSidewaysScroll(page);
    await expectFinishedInBothThemes(page, `fitting-room-${size}`, { fullPage: true });
    await screenshotForPeople(page.getByRole("region", { name: "Book a Fitting" }), `fitting-room-form-${size}-${theme}`);
    expect(errors).toEqual([]);
  });
}

test.describe("the pull list", () => {
  test.describe.configure({ timeout: 240_000 });

  test("a signed-in shopper ticks dresses from her wishlist to have ready at her fitting", async ({ page }) => {
    const email = uniqueEmail("pull");
    await signUpInBrowser(page, "Ada Shopper", email);
    const baseURL = new URL(page.url()).origin;
    const wish = await page.request.post("/api/wishlist", {
      headers: { origin: baseURL },
      data: {
        op: "upsert",
        items: [
          { id: "gid://pull/aurora", handle: "aurora-lace", title: "Aurora Lace Gown", price: { amount: "1800.00", currencyCode: "USD" } },
          {
            id: "gid://pull/celeste",
            handle: "celeste-satin",
            title: "Celeste Satin Column",
            price: { amount: "1200.00", currencyCode: "USD" },
          },
        ],
      },
    });
    expect(wish.status()).toBe(200);

    await open(page);
    // Signed in: her details are filled in, and she may change them for this request.
    await expect(page.getByLabel("Full name")).toHaveValue("Ada Shopper");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    const pull = page.getByRole("group", { name: /Dresses to have ready/ });
    await expect(pull.getByRole("checkbox")).toHaveCount(2);
    await pull.getByRole("checkbox", { name: "Celeste Satin Column" }).check();
    await expectNoAxeViolations(page);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await screenshotForPeople(pull, `fitting-pull-list-${size}`);
    }
    await chooseDate(page, boutiqueDatePlus(9));
    await page.getByLabel("Full name").fill("Ada S. Shopper");
    await timeRadio(page, "11:00 AM").check();
    await page.getByRole("button", { name: "Confirm Appointment" }).click();
    await expect(page.getByText("Appointment booked!")).toBeVisible({ timeout: 30_000 });
    // The panel names the gowns she asked for.
    const panel = page.getByRole("region", { name: "Your fitting is booked" });
    await expect(panel.getByRole("listitem")).toHaveText(["Celeste Satin Column"]);
    await expectNoAxeViolations(page);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of THEMES) {
        await setView(page, { viewport, theme });
        await screenshotForPeople(panel, `fitting-confirmation-${size}-${theme}`);
      }
    }
    await page.emulateMedia({ colorScheme: "light" });
    // Another booking starts from her details again, with nothing ticked.
    await panel.getByRole("link", { name: "Book another fitting" }).click();
    await expect(page.getByLabel("Full name")).toHaveValue("Ada Shopper");
    await expect(pull.getByRole("checkbox", { name: "Celeste Satin Column" })).not.toBeChecked();
  });
});
