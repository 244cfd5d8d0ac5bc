import { expect, test, type Page } from "@playwright/test";
import { expectImagesLoadedAndSized, loadAllImages, revealWholePage, startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { collectConsoleErrors, expectFinishedInBothThemes, expectNoSidewaysScroll, stopClockBeforeLoad, VIEWS, setView } from "./helpers";

const INSTAGRAM = "https://www.instagram.com/thehivebridal";

test.describe("home page", () => {
  test.beforeEach(async ({ page }) => {
    await startSessionAsReturning(page);
  });

  test("has every section of SPEC §2, each leading where it should", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Your Story, Beautifully Dressed" })).toBeVisible();
    const collections = page.getByRole("navigation", { name: "Collections" });
    await expect(collections.getByRole("link", { name: "Weddings" })).toHaveAttribute("href", "/weddings");
    await expect(collections.getByRole("link", { name: "Prom" })).toHaveAttribute("href", "/prom");
    await expect(collections.getByRole("link", { name: "Celebrations" })).toHaveAttribute("href", "/celebrations");

    const how = page.getByRole("region", { name: "How It Works" });
    await expect(how.getByRole("heading", { level: 3 })).toHaveText([
      "Step 1: Book a Visit",
      "Step 2: Find Your Dream Dress",
      "Step 3: Perfect Fit & Alterations",
    ]);
    await expect(how.getByRole("link", { name: "Book Your Visit" })).toHaveAttribute("href", "/fitting-room");

    // SPEC §9: 6 products fetched, the first 3 shown, each leading to its page.
    const loved = page.getByRole("region", { name: "Most Loved Dresses" });
    const gowns = loved.getByRole("listitem").getByRole("link");
    await expect(gowns).toHaveCount(3);
    for (const gown of await gowns.all()) await expect(gown).toHaveAttribute("href", /^\/product\/[a-z0-9-]+$/);
    await expect(loved.getByRole("link", { name: "View Wedding Dresses" })).toHaveAttribute("href", "/weddings");

    const carousel = page.getByRole("region", { name: "Featured bridal gowns" });
    await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(5);

    await expect(page.getByRole("link", { name: "Read Our Story" })).toHaveAttribute("href", "/our-story");

    const journal = page.getByRole("region", { name: "Notes from the Fitting Room" });
    const articles = journal.getByRole("listitem");
    await expect(articles).toHaveCount(2);
    for (const link of await articles.getByRole("link").all()) await expect(link).toHaveAttribute("href", "/journal");

    // A button (it opens the newsletter dialog), and before or without JavaScript the submit button of a GET form to /newsletter.
    const join = page.getByRole("region", { name: "15% Off Your First Purchase" }).getByRole("button", { name: "Join the Hive" });
    await expect(join).toHaveAttribute("type", "submit");
    expect(await join.evaluate((b: HTMLButtonElement) => [b.form?.method, b.form?.getAttribute("action")])).toEqual(["get", "/newsletter"]);

    const social = page.getByRole("region", { name: /@thehivebridal/ });
    const posts = social.getByRole("listitem").getByRole("link");
    await expect(posts).toHaveCount(6);
    for (const post of await posts.all()) {
      await expect(post).toHaveAttribute("href", INSTAGRAM);
      await expect(post).toHaveAttribute("target", "_blank");
      await expect(post).toHaveAttribute("rel", /noopener/);
    }

    const footer = page.getByRole("contentinfo");
    for (const column of ["Shop", "Services", "About", "Visit Us"])
      await expect(footer.getByRole("heading", { name: column })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin/login");
  });

  test("says who it is to search engines: title, description, canonical", async ({ page, baseURL }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("The Hive Bridal & Formal | Wedding, Prom & Celebration Dresses in Savannah, GA");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Bridal, prom and celebration gowns/);
    // The test server's APP_URL is its own address.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
  });

  test("every image is the project's own, loads, and reserves its size", async ({ page }) => {
    await page.goto("/");
    await loadAllImages(page);
    await expectImagesLoadedAndSized(page);
  });

  for (const { size, viewport, theme } of VIEWS) {
    test(`looks finished and passes axe at ${size} width in both themes (loaded in ${theme})`, async ({ page }) => {
      await setView(page, { viewport, theme });
      const errors = collectConsoleErrors(page);
      await page.goto("/");
      await waitForHydration(page);
      // The carousel holds still for the picture.
      await page.getByRole("button", { name: "Stop automatic slide show" }).click();
      await loadAllImages(page);
      await revealWholePage(page);
      await expectNoSidewaysScroll(page);
      await expectFinishedInBothThemes(page, `home-${size}`, { fullPage: true });
      expect(errors).toEqual([]);
    });
  }
});

test.describe("sections that fade in", () => {
  test("below the fold they wait hidden after hydration and appear when scrolled to", async ({ page }) => {
    await startSessionAsReturning(page);
    await page.goto("/");
    await waitForHydration(page);
    const social = page.getByRole("region", { name: /@thehivebridal/ });
    await expect(social).toHaveAttribute("data-reveal", "hidden");
    await expect(social).toHaveCSS("opacity", "0");
    // The hero, on screen at load, is never hidden.
    await expect(page.getByRole("region", { name: "Your Story, Beautifully Dressed" })).not.toHaveAttribute("data-reveal", /.*/);
    await social.scrollIntoViewIfNeeded();
    await expect(social).toHaveAttribute("data-reveal", "shown");
    await expect(social).toHaveCSS("opacity", "1");
  });

  test("nothing is hidden without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("[data-reveal]")).toHaveCount(0);
    const opacities = await page.locator("main section").evaluateAll((sections) => sections.map((s) => getComputedStyle(s).opacity));
    expect(opacities.length).toBeGreaterThanOrEqual(7);
    expect(new Set(opacities)).toEqual(new Set(["1"]));
    // Every section is in the document where it stands, none put in place later by a script (decision 0018).
    for (const section of await page.locator("main section").all()) await expect(section).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await context.close();
  });

  test("nothing is hidden under reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.locator('[data-reveal="hidden"]')).toHaveCount(0);
    await expect(page.getByRole("region", { name: /@thehivebridal/ })).toHaveCSS("opacity", "1");
    await context.close();
  });
});

test.describe("bridal carousel", () => {
  const current = (page: Page) => page.getByRole("region", { name: "Featured bridal gowns" }).locator('button[aria-current="true"]');

  test.beforeEach(async ({ page }) => {
    await startSessionAsReturning(page);
  });

  test("moves on every 4 s and loops from the fifth gown back to the first", async ({ page }) => {
    // Time stands still from before the page loads: the 4 s count from hydration, exactly.
    await stopClockBeforeLoad(page);
    await page.goto("/");
    await waitForHydration(page);
    await expect(current(page)).toHaveAttribute("aria-label", "Show The Magnolia");
    await page.clock.runFor(3800);
    await expect(current(page)).toHaveAttribute("aria-label", "Show The Magnolia");
    await page.clock.runFor(400);
    await expect(current(page)).toHaveAttribute("aria-label", "Show The Forsyth");
    await page.clock.runFor(4000 * 3);
    await expect(current(page)).toHaveAttribute("aria-label", "Show The Jones Street");
    await page.clock.runFor(4000);
    await expect(current(page)).toHaveAttribute("aria-label", "Show The Magnolia");
  });

  test("rests while the pointer is over it or focus is inside it, and when paused", async ({ page }) => {
    await stopClockBeforeLoad(page);
    await page.goto("/");
    await waitForHydration(page);
    const carousel = page.getByRole("region", { name: "Featured bridal gowns" });
    await carousel.scrollIntoViewIfNeeded();

    await carousel.locator('[aria-roledescription="slide"]').first().hover();
    await page.clock.runFor(9000);
    await expect(current(page)).toHaveAttribute("aria-label", "Show The Magnolia");
    await page.mouse.move(0, 0);

    await carousel.getByRole("button", { name: "Next gown" }).focus();
    await page.clock.runFor(9000);
    await expect(current(page)).toHaveAttribute("aria-label", "Show The Magnolia");
    // Resting, it speaks: changes are announced politely.
    await expect(carousel.locator("#bridal-slides")).toHaveAttribute("aria-live", "polite");

    await carousel.getByRole("button", { name: "Stop automatic slide show" }).click();
    await page.locator("h1").click();
    await page.clock.runFor(9000);
    await expect(current(page)).toHaveAttribute("aria-label", "Show The Magnolia");
    await carousel.getByRole("button", { name: "Start automatic slide show" }).click();
    await page.locator("h1").click();
    await expect(carousel.locator("#bridal-slides")).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(4100);
    await expect(current(page)).toHaveAttribute("aria-label", "Show The Forsyth");
  });

  test("is used by keyboard: buttons, arrow keys and one button per gown", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const carousel = page.getByRole("region", { name: "Featured bridal gowns" });
    await carousel.getByRole("button", { name: "Previous gown" }).focus();
    await page.keyboard.press("Enter");
    await expect(current(page)).toHaveAttribute("aria-label", "Show The Jones Street");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(current(page)).toHaveAttribute("aria-label", "Show The Forsyth");
    await carousel.getByRole("button", { name: "Show The Oglethorpe" }).press("Enter");
    await expect(current(page)).toHaveAttribute("aria-label", "Show The Oglethorpe");
    await expect(carousel.getByRole("group", { name: "4 of 5: The Oglethorpe" })).toHaveAttribute("data-selected", "true");
  });

  test("never moves by itself under reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await startSessionAsReturning(page);
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    await page.clock.fastForward(20_000);
    await expect(current(page)).toHaveAttribute("aria-label", "Show The Magnolia");
    await expect(page.getByRole("button", { name: "Stop automatic slide show" })).toHaveCount(0);
    await context.close();
  });
});
