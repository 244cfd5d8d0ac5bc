import { expect, test, type Page } from "@playwright/test";
import { VIEWPORTS } from "./helpers";
import { startSessionAsReturning } from "./brand-helpers";

// A tap that lands before React has hydrated the page is kept and replayed, not lost (decision 0017). The test holds
// back React Router's hydration module, so the page is on screen and loaded but not yet interactive, taps, and only
// then lets the module through.
test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

async function holdHydration(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]");

test("a heart tapped before the page is interactive is saved once it is, and a second tap undoes it", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const release = await holdHydration(page);
  await page.goto("/weddings");
  const magnolia = page.getByTestId("product-card").filter({ hasText: "Magnolia Lace Ball Gown" });
  await magnolia.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(hydrated(page)).toHaveCount(0);
  await expect(magnolia.getByRole("button", { name: "Add to wishlist" })).toHaveAttribute("aria-pressed", "false");
  release();
  await expect(hydrated(page)).toBeAttached();
  await expect(magnolia.getByRole("button", { name: "Remove from wishlist" })).toHaveAttribute("aria-pressed", "true");
  // After hydration the page answers taps itself: nothing is held or pressed twice.
  await magnolia.getByRole("button", { name: "Remove from wishlist" }).click();
  await expect(magnolia.getByRole("button", { name: "Add to wishlist" })).toHaveAttribute("aria-pressed", "false");
});

test("at 390 px the menu tapped before the page is interactive opens once it is", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  const release = await holdHydration(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(hydrated(page)).toHaveCount(0);
  release();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Weddings" })).toBeVisible();
});

test("links and form buttons are left to the browser before the page is interactive", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const release = await holdHydration(page);
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Weddings" }).click();
  // A plain document navigation: the new page arrived with hydration still held.
  await expect(page).toHaveURL(/\/weddings$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(hydrated(page)).toHaveCount(0);
  release();
  await expect(hydrated(page)).toBeAttached();
});

test("the home page's 'Join the Hive' button tapped before the page is interactive leads to the sign-up page", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  const release = await holdHydration(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Join the Hive" }).click();
  // Its form's own GET, not held: the sign-up page arrived with hydration still held.
  await expect(page).toHaveURL(/\/newsletter\??$/);
  await expect(page.getByRole("heading", { level: 1, name: "Join the Hive" })).toBeVisible();
  await expect(hydrated(page)).toHaveCount(0);
  release();
  await expect(hydrated(page)).toBeAttached();
});

test("at 390 px a Prom sort chosen before the page is interactive is sent by the browser", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  const release = await holdHydration(page);
  await page.goto("/prom");
  await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-high");
  // A plain document navigation, as the Apply button sends it without JavaScript: the new page arrived with hydration still held.
  await expect(page).toHaveURL(/\/prom\?sort=price-high$/);
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("price-high");
  await expect(hydrated(page)).toHaveCount(0);
  release();
  await expect(hydrated(page)).toBeAttached();
  // After hydration the page answers the choice itself, as a client navigation.
  await page.getByRole("combobox", { name: "Sort by" }).selectOption("name-az");
  await expect(page).toHaveURL(/\/prom\?sort=name-az$/);
});

test("at 1440 px a bridal sort chosen before the page is interactive is sent with the style chosen", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const release = await holdHydration(page);
  await page.goto("/weddings?style=romantic");
  await page.getByRole("combobox", { name: "Sort by" }).selectOption("name-za");
  await expect(page).toHaveURL(/\/weddings\?style=romantic&sort=name-za$/);
  await expect(hydrated(page)).toHaveCount(0);
  release();
  await expect(hydrated(page)).toBeAttached();
});
