import { expect, test, type Page } from "@playwright/test";
import { startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { collectConsoleErrors } from "./helpers";

// A first view inlines the stylesheet; later views link its cached file (docs/decisions/0014-stylesheet-inlined-once.md).
test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

/** Computed styles a shopper would see differ if the stylesheet did: colours, fonts, the layout's boxes. */
async function looks(page: Page) {
  return page.evaluate(() => {
    const pick = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return null;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return {
        color: style.color,
        background: style.backgroundColor,
        font: `${style.fontFamily} ${style.fontSize} ${style.fontWeight}`,
        display: style.display,
        box: [Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)],
      };
    };
    return { body: pick("body"), header: pick("header"), h1: pick("h1"), main: pick("main"), footer: pick("footer") };
  });
}

test("the inlined first view and the linked later view look the same, and both hydrate cleanly", async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = collectConsoleErrors(page);
  const css: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/app-[\w-]+\.css$/.test(request.url())) css.push(request.url());
  });

  await page.goto("/product/magnolia-lace-ball-gown");
  await waitForHydration(page);
  await expect(page.locator("style[data-inline-styles]")).toHaveCount(1);
  await expect(page.locator("link[data-app-stylesheet]")).toHaveCount(0);
  const first = await looks(page);
  expect((await context.cookies()).find((cookie) => cookie.name === "hive_css")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  // The prefetch puts the file in the cache for the next document, once the page has loaded: on a slow link it must
  // not share the first load's bandwidth with the scripts, fonts and pictures the page needs now.
  await expect.poll(() => css.length).toBeGreaterThan(0);
  // Its timing entry is written when the file has arrived, a moment after the request went out.
  await expect.poll(() => page.evaluate((url) => performance.getEntriesByName(url).length, css[0]!)).toBeGreaterThan(0);
  const timing = await page.evaluate((url) => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return { loaded: navigation.loadEventEnd, started: performance.getEntriesByName(url)[0]?.startTime ?? -1 };
  }, css[0]!);
  expect(timing.loaded).toBeGreaterThan(0);
  expect(timing.started).toBeGreaterThanOrEqual(timing.loaded);

  await page.reload();
  await waitForHydration(page);
  await expect(page.locator("style[data-inline-styles]")).toHaveCount(0);
  await expect(page.locator("link[data-app-stylesheet]")).toHaveCount(1);
  expect(await looks(page)).toEqual(first);

  // A navigation inside the app keeps the linked stylesheet, styled as before.
  await page.getByRole("link", { name: "Weddings" }).first().click();
  await expect(page).toHaveURL("/weddings");
  await expect(page.locator("link[data-app-stylesheet]")).toHaveCount(1);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(first.body?.background);

  expect(errors).toEqual([]);
});
