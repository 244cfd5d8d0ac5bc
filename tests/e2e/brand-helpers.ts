import { expect, type Page } from "@playwright/test";
import { waitForAnimationsToEnd } from "./helpers";

export const INTRO_SEEN_KEY = "hive:intro-seen";
export const NEWSLETTER_PROMPTED_KEY = "hive:newsletter-prompted";

/** Marks this browser session as having seen the intro (and, if asked, the newsletter prompt) before any page script runs. */
export async function startSessionAsReturning(page: Page, { newsletterPrompted = true } = {}) {
  await page.addInitScript(
    ([introKey, promptKey, prompted]) => {
      window.sessionStorage.setItem(introKey as string, "1");
      if (prompted) window.sessionStorage.setItem(promptKey as string, "1");
    },
    [INTRO_SEEN_KEY, NEWSLETTER_PROMPTED_KEY, newsletterPrompted] as const,
  );
}

/** Resolves once React has hydrated (the root marks <html> from an effect, which only runs in the browser). */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

/** An address no other test uses: `label-…@example.com`. */
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Signs a new shopper up through the sign-up form (password 'secret12') and waits for her account page. `base`: another server's origin. */
export async function signUpInBrowser(page: Page, name: string, email: string, base = "") {
  await page.goto(`${base}/auth?tab=sign-up`);
  await waitForHydration(page);
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret12");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 30_000 });
}

/** Scrolls the whole page so every section that fades in has arrived, then returns to the top. */
export async function revealWholePage(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = Math.max(200, Math.floor((page.viewportSize()?.height ?? 800) / 2));
  for (let y = 0; y <= height; y += step) {
    // Two rendered frames at each position: the observers are computed when the browser renders, and on a busy
    // machine a fixed pause could pass with no frame at all, so a block scrolled past unseen stayed hidden.
    await page.evaluate(
      (top) =>
        new Promise<void>((done) => {
          window.scrollTo(0, top);
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)));
        }),
      y,
    );
  }
  await expect(page.locator('[data-reveal="hidden"]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  // Let the last fades finish before anyone looks.
  await waitForAnimationsToEnd(page);
}

/** Every image on the page loaded, and declared its size so it reserved its space. */
export async function expectImagesLoadedAndSized(page: Page) {
  const images = await page.locator("img").evaluateAll((nodes) =>
    (nodes as HTMLImageElement[]).map((img) => ({
      src: img.currentSrc || img.src,
      complete: img.complete,
      natural: img.naturalWidth,
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
    })),
  );
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) {
    expect(image, `image ${image.src}`).toMatchObject({ complete: true });
    expect(image.natural, `image ${image.src} decoded`).toBeGreaterThan(0);
    expect(image.width && image.height, `image ${image.src} has width and height`).toBeTruthy();
    expect(new URL(image.src).origin, `image ${image.src} is served by the site`).toBe(new URL(page.url()).origin);
  }
}

/** Loads every lazy image by scrolling, then checks them. */
export async function loadAllImages(page: Page) {
  await page.locator("img").evaluateAll((nodes) => (nodes as HTMLImageElement[]).forEach((img) => (img.loading = "eager")));
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
}
