import { expect, test, type Locator } from "@playwright/test";
import { bookGuest, signInAsAdmin, uid } from "./admin-helpers";
import { startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { screenshotForPeople, THEMES, VIEWPORTS } from "./helpers";

// Issue 26, item 7: a row's details open in a side panel (a bottom sheet on a phone) with a URL of its own, which a
// staff mail's link opens; at 390 px the rows are cards with the status and actions in view, at 1440 px a table.
test.describe.configure({ timeout: 240_000 });

test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`at ${size} width a row's details open by click and by their URL; Back and Close close them; rows keep status and actions in view`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const tag = uid();
    const name = `Guest ${tag}`;
    await bookGuest(page.request, name, `guest-${tag}@example.com`);
    await signInAsAdmin(page.request);
    await page.goto(`/admin/dashboard?tab=appointments&q=${tag}`);
    await waitForHydration(page);

    const table = page.getByRole("table", { name: "Appointments" });
    const row = table.getByRole("row").filter({ hasText: name });
    // The status, its control and the actions are on screen, and nothing scrolls sideways.
    for (const control of [
      row.getByText("pending", { exact: true }),
      row.getByRole("combobox", { name: `Update ${name}` }),
      row.getByRole("button", { name: `Delete ${name}` }),
      row.getByRole("button", { name: `Details and history of ${name}` }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // A card on a phone (its cells stacked, the headings kept for screen readers), a table row on a laptop.
    const display = await row.evaluate((tr) => getComputedStyle(tr).display);
    expect(display).toBe(size === "phone" ? "grid" : "table-row");

    // By click: a dialog named by the row, focus inside; Back closes it and focus is on the row's button again.
    const button = row.getByRole("button", { name: `Details and history of ${name}` });
    await button.click();
    const panel = page.getByRole("dialog", { name: `Details of ${name}` });
    await expect(panel).toBeVisible();
    await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}/);
    const link = page.url();
    await expect.poll(() => panel.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await expect(panel.getByText("Preferred time:", { exact: false })).toBeVisible();
    await expect(panel.getByRole("button", { name: `Cancel fitting of ${name}` })).toBeVisible();
    await page.goBack();
    await expect(panel).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/admin/dashboard\\?tab=appointments&q=${tag}$`));
    await expect(button).toBeFocused();

    // The Close button closes it too, and focus comes back to the row's button.
    await button.click();
    await expect(panel).toBeVisible();
    await panel.getByRole("button", { name: "Close" }).click();
    await expect(panel).toHaveCount(0);
    await expect(button).toBeFocused();

    // By the URL a staff mail links to: it opens at once, and a reload keeps it open.
    await page.goto(link);
    await waitForHydration(page);
    await expect(panel).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(panel).toBeVisible();
    // Pictures to look at, each theme from a fresh load (the theme is chosen before the page paints, not after). Only
    // when SCREENSHOTS is set, as `screenshotForPeople`: the reloads check nothing.
    const shoot = async (what: string, ready: Locator, fullPage: boolean) => {
      if (!process.env.SCREENSHOTS) return;
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        await page.reload();
        await waitForHydration(page);
        await ready.waitFor();
        await screenshotForPeople(page, `${what}-${size}-${theme}`, { fullPage, animations: "disabled" });
      }
      await page.emulateMedia({ colorScheme: "light" });
      await page.reload();
      await waitForHydration(page);
    };
    await shoot("panel", panel, false);
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]id=/);
    await shoot("cards", row, true);

    // An unknown or malformed id: "not found" in the panel, never an error page.
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid%27%22"]) {
      const response = await page.goto(`/admin/dashboard?tab=appointments&id=${id}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      const missing = page.getByRole("dialog", { name: "Details not found" });
      await expect(missing).toBeVisible();
      await expect(missing.getByRole("alert")).toContainText("Not found");
    }
  });
}
