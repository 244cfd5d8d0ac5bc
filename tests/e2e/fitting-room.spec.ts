import { expect, test, type Page } from "@playwright/test";
import { startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { collectConsoleErrors, expectNoAxeViolations, THEMES, VIEWPORTS } from "./helpers";
import { boutiqueDatePlus } from "../helpers/boutique-date";

// The server runs on the real clock in its default zone (America/New_York): boutiqueDatePlus works the
// dates out on that clock, a week or more ahead so no slot has started.
const longDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${iso}T12:00:00Z`),
  );

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
  const time = page.getByLabel("Preferred time");
  await expect(time.locator("option")).toHaveText([
    /^10:00 AM/,
    /^11:00 AM/,
    /^12:00 PM/,
    /^1:00 PM/,
    /^2:00 PM/,
    /^3:00 PM/,
    /^4:00 PM/,
    /^5:00 PM/,
  ]);
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

test("the messages: no date, then no name or email", async ({ page }) => {
  await open(page);
  // Clicking the selected day clears it (SPEC §4: single mode, not required).
  await page.locator('button[aria-pressed="true"]').click();
  await page.getByRole("button", { name: "Confirm Appointment" }).click();
  await expect(page.getByText("Please select a date")).toBeVisible();
  await chooseDate(page, boutiqueDatePlus(8));
  await page.getByRole("button", { name: "Confirm Appointment" }).click();
  await expect(page.getByText("Please fill in your name and email")).toBeVisible();
});

test("books a fitting: 'Booking...', the toast naming the date and time, a reset form, and the slot then shown as booked", async ({
  page,
}) => {
  await open(page);
  const defaultDay = await page.locator('button[aria-pressed="true"]').getAttribute("data-date");
  const defaultTime = await page.getByLabel("Preferred time").inputValue();
  const date = boutiqueDatePlus(7);
  await chooseDate(page, date);
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Phone").fill("912 555 0101");
  await page.getByLabel("Preferred time").selectOption({ label: "2:00 PM" });
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
  await expect(page.getByLabel("Full name")).toHaveValue("");
  await expect(page.getByLabel("Email")).toHaveValue("");
  // Back to the defaults: today (or the first open day) and 10:00 AM, or that day's first time still open.
  // (The loader runs again after the booking: if the boutique closed meanwhile, the first open day is tomorrow.)
  const resetDay = await page.locator('button[aria-pressed="true"]').getAttribute("data-date");
  expect(resetDay! >= defaultDay! && resetDay! < date).toBe(true);
  // A later day (the boutique closed meanwhile) has not begun: its first time, 10:00 AM, is open.
  await expect(page.getByLabel("Preferred time")).toHaveValue(resetDay === defaultDay ? defaultTime : "10:00", { timeout: 30_000 });

  // The slot is now taken: a second shopper sees it marked and cannot pick it.
  await chooseDate(page, date);
  await expect(page.getByLabel("Preferred time").locator('option[value="14:00"]')).toHaveText("2:00 PM (fully booked)");
  await expect(page.getByLabel("Preferred time").locator('option[value="14:00"]')).toBeDisabled();
});

test("the shopper who loses the race for a slot is told plainly", async ({ page, request }) => {
  await open(page);
  const date = boutiqueDatePlus(9);
  await chooseDate(page, date);
  await page.getByLabel("Preferred time").selectOption({ label: "3:00 PM" });
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

  test("the form books with a native date field, and errors come back beside their fields", async ({ page }) => {
    await page.goto("/fitting-room");
    await page.getByRole("button", { name: "Confirm Appointment" }).click();
    await expect(page.getByText("Please fill in your name and email").first()).toBeVisible();

    const date = boutiqueDatePlus(11);
    await page.getByLabel("Preferred date").fill(date);
    await page.getByLabel("Full name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill("ada-nojs@example.com");
    await page.getByLabel("Preferred time").selectOption("16:00");
    await page.getByRole("button", { name: "Confirm Appointment" }).click();
    await expect(page.getByRole("status")).toContainText("Appointment booked!");
    await expect(page.getByRole("status")).toContainText(`${longDate(date)} at 4:00 PM`);
  });
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const theme of THEMES) {
    test(`looks finished and passes axe at ${size} width in ${theme}`, async ({ page }) => {
      test.slow();
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      const errors = collectConsoleErrors(page);
      await open(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `test-results/screenshots/fitting-room-${size}-${theme}.png`, fullPage: true });
      expect(errors).toEqual([]);
    });
  }
}

test.describe("the pull list", () => {
  test.describe.configure({ timeout: 240_000 });

  test("a signed-in shopper ticks dresses from her wishlist to have ready at her fitting", async ({ page }) => {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const email = `pull-${id}@example.com`;
    await page.goto("/auth?tab=sign-up");
    await waitForHydration(page);
    await page.getByLabel("Full name").fill("Ada Shopper");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("secret12");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/account$/, { timeout: 30_000 });
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
    const pull = page.getByRole("group", { name: /Dresses to have ready/ });
    await expect(pull.getByRole("checkbox")).toHaveCount(2);
    await pull.getByRole("checkbox", { name: "Celeste Satin Column" }).check();
    await expectNoAxeViolations(page);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await pull.screenshot({ path: `test-results/screenshots/fitting-pull-list-${size}.png` });
    }
    await chooseDate(page, boutiqueDatePlus(9));
    await page.getByLabel("Full name").fill("Ada Shopper");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Preferred time").selectOption({ label: "11:00 AM" });
    await page.getByRole("button", { name: "Confirm Appointment" }).click();
    await expect(page.getByText("Appointment booked!")).toBeVisible({ timeout: 30_000 });
    await expect(pull.getByRole("checkbox", { name: "Celeste Satin Column" })).not.toBeChecked();
  });
});
