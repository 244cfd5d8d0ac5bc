import { expect, test } from "@playwright/test";
import { startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { collectConsoleErrors } from "./helpers";

// The page's JavaScript waits for its first paint (docs/decisions/0016-scripts-after-the-first-paint.md).
test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

for (const path of ["/", "/weddings", "/product/magnolia-lace-ball-gown"]) {
  test(`${path}: the scripts are requested only after the first contentful paint, and the page hydrates cleanly`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(path);
    await waitForHydration(page);
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
      // What the server sent inert is live again: nothing is left waiting.
      inert: document.querySelectorAll('link[rel="modulepreload-after-paint"], script[type="text/module-after-paint"]').length,
      preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    }));
    expect(timing.firstContentfulPaint).not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(3);
    for (const script of timing.scripts) expect(script.startTime, script.path).toBeGreaterThanOrEqual(timing.firstContentfulPaint!);
    expect(timing.inert).toBe(0);
    expect(timing.preloads).toBeGreaterThan(3);
    // Interactive: the bag opens.
    await page.getByRole("button", { name: /Shopping bag/ }).click();
    await expect(page.getByRole("dialog", { name: "Shopping Bag" })).toBeVisible();
    expect(errors).toEqual([]);
  });
}
