import { expect, test } from "@playwright/test";
import { startSessionAsReturning } from "./brand-helpers";
import { collectConsoleErrors, expectFinishedInBothThemes, expectNoSidewaysScroll, VIEWS, setView } from "./helpers";

// The first page of a session opens with the brand intro (effects.spec.ts tests it); these pages are looked at without it.
test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

test.describe("404 page", () => {
  for (const { size, viewport, theme } of VIEWS) {
    test(`looks finished at ${size} width in both themes (loaded in ${theme})`, async ({ page }) => {
      await setView(page, { viewport, theme });
      const errors = collectConsoleErrors(page);
      const response = await page.goto("/this-gown-does-not-exist");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark).*$/);
      const home = page.getByRole("link", { name: "Return to Home" });
      await expect(home).toBeVisible();
      // Nothing spills sideways on a phone.
      await expectNoSidewaysScroll(page);
      await expectFinishedInBothThemes(page, `404-${size}`, { fullPage: true });
      await home.click();
      await expect(page).toHaveURL("/");
      expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
    });
  }
});

test.describe("theme", () => {
  test("follows the system preference before the first paint when nothing is stored", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    // Read the class as soon as the document is parsed, before any app script runs.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { themeAtParse: string }).themeAtParse = document.documentElement.className;
      });
    });
    await page.goto("/");
    expect(await page.evaluate(() => (window as unknown as { themeAtParse: string }).themeAtParse)).toContain("dark");
  });

  test("a stored choice beats the system preference, and the toggle stores the new one", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.addInitScript(() => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem("theme", "light");
        sessionStorage.setItem("seeded", "1");
      }
    });
    const errors = collectConsoleErrors(page);
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test("the generic error boundary names the status", async ({ page }) => {
  // A form post to a page that takes none: the router answers 405 through the root boundary.
  const response = await page.request.post("/this-gown-does-not-exist", { form: { a: "b" } });
  expect(response.status()).toBe(405);
  expect(await response.text()).toContain("Unexpected Application Error!");
});
