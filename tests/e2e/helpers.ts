import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;
export const THEMES = ["light", "dark"] as const;

/**
 * Waits until every animation and transition on the page that ends has ended (a fade, a dialog's overlay coming in).
 * Polled from here, so a page's faked clock cannot stall it.
 */
export async function waitForAnimationsToEnd(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity).length,
      ),
    )
    .toBe(0);
}

/**
 * A picture for people to look at (light and dark, 390 and 1440 px), taken only when SCREENSHOTS is set
 * (`SCREENSHOTS=1 npx playwright test`), into test-results/screenshots/<name>.png. It asserts nothing, so the run
 * that checks the boutique skips it; the checks beside it (axe, texts) run either way.
 */
export async function screenshotForPeople(
  target: Pick<Page, "screenshot"> | Pick<Locator, "screenshot">,
  name: string,
  options: { fullPage?: boolean; animations?: "disabled" | "allow" } = {},
) {
  if (!process.env.SCREENSHOTS) return;
  await target.screenshot({ path: `test-results/screenshots/${name}.png`, ...options });
}

/**
 * Shows the page in `theme` where it is, as the theme toggle does (the `dark` class and color-scheme on <html>), and
 * tells the browser the same preference. The theme is read once as a page loads, so emulating the preference alone
 * would not change a page already shown.
 */
export async function showTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((dark) => {
    // Settled at once, instead of waiting out the colours' 300 ms transitions (during which axe would read a colour
    // halfway between the themes). A constructed sheet, which the page's CSP allows; it goes again once the new styles
    // are computed, and that changes no value, so nothing moves.
    const still = new CSSStyleSheet();
    still.replaceSync("*, *::before, *::after { transition: none !important; }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
    document.documentElement.classList.toggle("dark", dark);
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
    void document.body.offsetHeight;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== still);
  }, theme === "dark");
}

/**
 * The WCAG 2.1 A/AA violations axe finds on the page as it is now, one line each, inside `include` when given.
 * `inOnePage` runs axe in this page alone: by default it finishes its run in a new page of the context, whose
 * timers a held clock would hold too.
 */
export async function axeViolations(page: Page, options: { include?: string; inOnePage?: boolean } = {}) {
  const builder = new AxeBuilder({ page }).setLegacyMode(options.inOnePage ?? false).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (options.include) builder.include(options.include);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Nothing on the page spills sideways: the page itself never scrolls horizontally (a wide table scrolls in its box). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Fails the test on any WCAG 2.1 A/AA violation axe can find on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  // Colours read halfway through a fade are neither the before nor the after.
  await waitForAnimationsToEnd(page);
  expect(await axeViolations(page)).toEqual([]);
}

/** The width and the colour scheme the next page is loaded in (the boutique follows the browser's until a theme is chosen). */
export async function setView(
  page: Page,
  { viewport, theme }: { viewport: { width: number; height: number }; theme: (typeof THEMES)[number] },
  options: { reducedMotion?: "reduce" } = {},
) {
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: theme, ...options });
}

/**
 * The two ways a journey is run: at each width, loaded in one theme. A theme changes colours, not what a page does,
 * so a journey runs once per width; where it ends, `expectFinishedInBothThemes` checks the colours of both themes.
 * Between the two views, a page is loaded in each theme.
 */
export const VIEWS = [
  { size: "phone", viewport: VIEWPORTS.phone, theme: "light" },
  { size: "desktop", viewport: VIEWPORTS.desktop, theme: "dark" },
] as const;

/**
 * Axe (and, with SCREENSHOTS set, a picture named `<name>-<theme>`) in the theme the page was loaded in, then in the
 * other, as the theme toggle would show it; the page is left in the theme it was loaded in.
 */
export async function expectFinishedInBothThemes(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const loaded = (await page.evaluate(() => document.documentElement.classList.contains("dark"))) ? "dark" : "light";
  await expectNoAxeViolations(page);
  await screenshotForPeople(page, `${name}-${loaded}`, options);
  const other = loaded === "dark" ? "light" : "dark";
  await showTheme(page, other);
  await expectNoAxeViolations(page);
  await screenshotForPeople(page, `${name}-${other}`, options);
  await showTheme(page, loaded);
}

/** Collects console errors (hydration mismatches show up here) for the test to assert on. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** The moment a stopped clock starts from: fixed, so nothing in a test depends on today's date. */
export const CLOCK_START = new Date("2026-11-20T15:00:00Z");

/**
 * Installs Playwright's fake clock stopped, before `page.goto`: the page's timers then move only when the test
 * moves them (`runFor`, `fastForward`, `runClockUntil`), however busy the machine is.
 *
 * Never pause a clock that is already running on a page: `pauseAt(pageNow + margin)` throws "Cannot fast-forward
 * to the past" whenever the machine takes longer than the margin to deliver the call.
 */
export async function stopClockBeforeLoad(page: Page, start = CLOCK_START) {
  await page.clock.install({ time: start });
  // Nothing runs on the blank page yet, so jumping ahead fires no timer; the hour only has to outlast the gap between the two calls.
  await page.clock.pauseAt(new Date(start.getTime() + 60 * 60_000));
}

/**
 * Moves a stopped clock a frame (16 ms) at a time until `done` answers true. For what waits on the page's own timers
 * (React's Suspense, a dialog's code loading) rather than on a span of time the test is about.
 */
export async function runClockUntil(page: Page, done: () => Promise<boolean>, timeout = 30_000) {
  await expect(async () => {
    await page.clock.runFor(16);
    expect(await done()).toBe(true);
  }).toPass({ intervals: [10], timeout });
}

/**
 * Awaits `work` while a stopped clock moves only a millisecond at a time. Axe hands its rules on with timers, and
 * each step waits for the page's main thread, so the page's time moves by about its number of hand-overs (17 ms on
 * the newsletter dialog) however slow the machine, and a timer the page set (a view's own 2 s) does not fire.
 */
export async function withClockHeld<T>(page: Page, work: Promise<T>): Promise<T> {
  let settled = false;
  void work.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) await page.clock.runFor(1);
  return work;
}
