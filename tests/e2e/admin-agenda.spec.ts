import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { boutiqueDatePlus } from "../helpers/boutique-date";
import { dayName, signInAsAdmin, timeLabel, uid } from "./admin-helpers";
import { startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { expectNoAxeViolations, screenshotForPeople, showTheme, THEMES, VIEWPORTS } from "./helpers";

// The agenda (issue 26): a day's fittings with what to pull, and the marks staff set from it, at both widths.
test.describe.configure({ timeout: 240_000 });

test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

const GOWN = "magnolia-lace-ball-gown";

/** A shopper of her own: an account, one gown on her wishlist, and a fitting with that gown to pull. */
async function bookWithPullList(
  her: APIRequestContext,
  name: string,
  email: string,
): Promise<{ date: string; time: string; gown: string }> {
  const signUp = await her.post("/auth", { form: { intent: "sign-up", fullName: name, email, password: "secret12" }, maxRedirects: 0 });
  expect(signUp.status()).toBe(302);
  const origin = new URL(signUp.url()).origin;
  const found = await her.get(`/api/products/${GOWN}`);
  expect(found.status()).toBe(200);
  const { product } = (await found.json()) as {
    product: { id: string; handle: string; title: string; images: { url: string }[]; priceRange: { minVariantPrice: { amount: string } } };
  };
  const wish = await her.post("/api/wishlist", {
    headers: { origin },
    data: {
      op: "upsert",
      items: [
        {
          id: product.id,
          handle: product.handle,
          title: product.title,
          price: { amount: Number(product.priceRange.minVariantPrice.amount).toFixed(2), currencyCode: "USD" },
          image: { url: product.images[0]!.url, altText: null },
        },
      ],
    },
  });
  expect(wish.status()).toBe(200);
  for (let attempt = 0; attempt < 20; attempt++) {
    const date = boutiqueDatePlus(20 + Math.floor(Math.random() * 60));
    const time = `${String(10 + Math.floor(Math.random() * 8)).padStart(2, "0")}:00`;
    const booking = await her.post("/fitting-room", { form: { name, email, date, time, pull: product.id }, maxRedirects: 0 });
    if (booking.status() < 400) return { date, time, gown: product.title };
    expect(booking.status(), "booking").toBe(409);
  }
  throw new Error("no free slot found");
}

async function openAgenda(page: Page, query: string) {
  await page.goto(`/admin/agenda${query}`);
  await waitForHydration(page);
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`at ${size} width staff see a fitting with its pull list and mark it arrived, then no-show`, async ({ page, browser }) => {
    await page.setViewportSize(viewport);
    const tag = uid();
    const name = `Ivy ${tag}`;
    const email = `ivy-${tag}@example.com`;
    const shopper = await browser.newContext();
    const { date, time, gown } = await bookWithPullList(shopper.request, name, email);
    await shopper.close();

    await signInAsAdmin(page.request);
    await openAgenda(page, `?view=day&date=${date}`);
    await expect(page.getByRole("heading", { level: 1, name: "Agenda" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Day" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(dayName(date)) })).toBeVisible();

    const entry = page.getByRole("article", { name });
    await expect(entry).toContainText(timeLabel(time));
    await expect(entry.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    const pull = entry.getByRole("list", { name: `Dresses to pull for ${name}` });
    await expect(pull.getByRole("listitem")).toHaveCount(1);
    await expect(pull).toContainText(gown);
    await expect(pull).toContainText(/Sizes in stock: \w/);
    await expect.poll(() => pull.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(entry.getByText("pending", { exact: true })).toBeVisible();

    const marks = entry.getByRole("group", { name: `Mark ${name}'s fitting` });
    await marks.getByRole("button", { name: "Arrived" }).click();
    await expect(entry.getByText("arrived", { exact: true })).toBeVisible();
    await expect(marks.getByRole("button", { name: "Arrived" })).toHaveAttribute("aria-pressed", "true");
    await marks.getByRole("button", { name: "No-show" }).click();
    await expect(entry.getByText("no-show", { exact: true })).toBeVisible();
    // Stored, not only drawn: a fresh load shows it.
    await page.reload();
    await expect(page.getByRole("article", { name }).getByText("no-show", { exact: true })).toBeVisible();

    // The week holding that day lists her too, and the week tab is the chosen one.
    await page.getByRole("tab", { name: "Week" }).click();
    await expect(page).toHaveURL(/view=week/);
    await expect(page.getByRole("tab", { name: "Week" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("article", { name })).toBeVisible();
    await expect(page.getByRole("button", { name: "Print day sheet" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/admin/agenda?view=day&date=${date}`);
    await waitForHydration(page);
    for (const theme of THEMES) {
      await showTheme(page, theme);
      await screenshotForPeople(page, `agenda-${size}-${theme}`, { fullPage: true });
    }
    await showTheme(page, "light");
    await page.emulateMedia({ media: "print" });
    await screenshotForPeople(page, `agenda-${size}-print`, { fullPage: true });
  });
}

test("the day sheet prints without the console's navigation or buttons", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInAsAdmin(page.request);
  await openAgenda(page, "?view=week");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Staff console" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print day sheet" })).toBeHidden();
  await expect(page.getByRole("tablist", { name: "Agenda views" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(7);
});

test("a date that is not one is told, and the agenda shows today", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await signInAsAdmin(page.request);
  await openAgenda(page, "?view=day&date=2026-02-31");
  await expect(page.getByRole("alert")).toContainText("That is not a date the agenda can show, so it shows today.");
  await expect(page.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "date");
});
