import { expect, test } from "@playwright/test";
import { INTRO_SEEN_KEY, waitForHydration } from "./brand-helpers";
import { CLOCK_START, expectNoAxeViolations, runClockUntil, stopClockBeforeLoad, VIEWPORTS } from "./helpers";

test.describe("splash and intro", () => {
  test("shows on the first visit to the home page, floats, completes after 2500 ms, and is skipped for the rest of the session", async ({
    page,
  }) => {
    await stopClockBeforeLoad(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.clock.runFor(50);
    const intro = page.getByTestId("brand-intro");
    await expect(intro).toBeVisible();
    await expect(intro).toHaveAttribute("aria-hidden", "true");
    await expect(intro.locator(".animate-float")).toHaveCSS("animation-name", "float");
    expect(await page.evaluate((key) => sessionStorage.getItem(key), INTRO_SEEN_KEY)).toBeNull();

    await page.clock.runFor(2350);
    await expect(intro).toHaveAttribute("data-phase", "showing");
    await page.clock.runFor(150);
    await expect(intro).toHaveAttribute("data-phase", "leaving");
    expect(await page.evaluate((key) => sessionStorage.getItem(key), INTRO_SEEN_KEY)).toBe("1");
    await page.clock.runFor(700);
    await expect(intro).toHaveCount(0);

    // Later pages of the session go straight to the content.
    await page.goto("/faq");
    await waitForHydration(page);
    await page.clock.runFor(500);
    await expect(page.getByTestId("brand-intro")).toHaveCount(0);
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`at ${size} a deep link opens at once, with no splash, and the session's home page after it does too`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await stopClockBeforeLoad(page);
      for (const path of ["/fitting-room", "/weddings", "/product/magnolia-lace-ball-gown", "/"]) {
        await page.goto(path);
        await waitForHydration(page);
        // Well past the moment the splash would have come, and most of its life.
        for (let i = 0; i < 4; i++) {
          await page.clock.runFor(500);
          await expect(page.getByTestId("brand-intro")).toHaveCount(0);
        }
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      }
    });

    test(`at ${size} the home page's first visit still shows the splash`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await stopClockBeforeLoad(page);
      await page.goto("/");
      await waitForHydration(page);
      await runClockUntil(page, () => page.getByTestId("brand-intro").isVisible());
      await page.clock.runFor(2500 + 700);
      await expect(page.getByTestId("brand-intro")).toHaveCount(0);
      // axe waits on timers of its own: the clock runs again first.
      await page.clock.resume();
      await expectNoAxeViolations(page);
    });
  }

  test("does not hold back the server's page: the HTML is the real content, with no overlay in it", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toMatch(/<h1[^>]*>Your Story, <span[^>]*>Beautifully<\/span> Dressed<\/h1>/);
    expect(html).toContain("How It Works");
    expect(html).not.toContain("brand-intro");
  });

  test("can be dismissed early with Escape", async ({ page }) => {
    // Stopped, so the intro cannot finish by itself before the key is pressed, however slowly the page loads.
    await stopClockBeforeLoad(page);
    await page.goto("/");
    await waitForHydration(page);
    const intro = page.getByTestId("brand-intro");
    await runClockUntil(page, () => intro.isVisible());
    await page.keyboard.press("Escape");
    // Well before the 2500 ms it would take by itself.
    await page.clock.runFor(1000);
    await expect(intro).toHaveCount(0);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), INTRO_SEEN_KEY)).toBe("1");
  });

  test("is skipped under reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.clock.install({ time: CLOCK_START });
    await page.goto("/");
    await waitForHydration(page);
    for (let i = 0; i < 5; i++) {
      await page.clock.runFor(200);
      await expect(page.getByTestId("brand-intro")).toHaveCount(0);
    }
    await context.close();
  });

  test("moves nothing on the page: cumulative layout shift stays within 0.02 while it comes and goes", async ({ page }) => {
    await page.addInitScript(() => {
      const record = window as unknown as { shift: number; shifted: string[] };
      record.shift = 0;
      record.shifted = [];
      type Shift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          record.shift += entry.value;
          // What moved, so a failure says where to look.
          for (const source of entry.sources) {
            const element = source.node instanceof Element ? source.node : source.node?.parentElement;
            record.shifted.push(
              `${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: <${element?.tagName.toLowerCase() ?? "?"} class="${element?.getAttribute("class")?.slice(0, 60) ?? ""}"> ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`,
            );
          }
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    // Stopped, so the intro is surely seen arriving and leaving, however slowly the page loads.
    await stopClockBeforeLoad(page);
    await page.goto("/");
    await waitForHydration(page);
    const intro = page.getByTestId("brand-intro");
    await runClockUntil(page, () => intro.isVisible());
    // Its whole life at once, then frame by frame while it fades.
    await page.clock.runFor(2500);
    await runClockUntil(page, async () => (await intro.count()) === 0);
    const { shift, shifted } = await page.evaluate(() => {
      const record = window as unknown as { shift: number; shifted: string[] };
      return { shift: record.shift, shifted: record.shifted };
    });
    expect(shift, shifted.join("\n")).toBeLessThanOrEqual(0.02);
  });
});

test.describe("golden cursor", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((key) => sessionStorage.setItem(key, "1"), INTRO_SEEN_KEY);
  });

  test("a full-screen canvas that takes no clicks, emits 3 particles per move, and stops its loop when they have faded", async ({
    page,
  }) => {
    // Frames advance only when the test says.
    await stopClockBeforeLoad(page);
    await page.goto("/");
    await waitForHydration(page);
    const canvas = page.getByTestId("golden-cursor");
    // It mounts after hydration, on the page's own timers.
    await runClockUntil(page, async () => (await canvas.count()) === 1);
    await expect(canvas).toHaveAttribute("aria-hidden", "true");
    await expect(canvas).toHaveCSS("pointer-events", "none");
    await expect(canvas).toHaveCSS("position", "fixed");
    const box = await canvas.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: page.viewportSize()!.width, height: page.viewportSize()!.height });
    await expect(canvas).toHaveAttribute("data-running", "false");

    await page.mouse.move(300, 300);
    await expect(canvas).toHaveAttribute("data-particles", "3");
    await page.mouse.move(320, 310);
    await expect(canvas).toHaveAttribute("data-particles", "6");
    await expect(canvas).toHaveAttribute("data-running", "true");

    await page.clock.runFor(200);
    // Something gold is drawn near the pointer.
    const painted = await canvas.evaluate((element: HTMLCanvasElement) => {
      const data = element.getContext("2d")!.getImageData(0, 0, element.width, element.height).data;
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count++;
      return count;
    });
    expect(painted).toBeGreaterThan(0);

    // 60 frames later every particle has faded and the loop has stopped.
    await page.clock.runFor(1500);
    await expect(canvas).toHaveAttribute("data-particles", "0");
    await expect(canvas).toHaveAttribute("data-running", "false");

    // Clicks go through it.
    await page.clock.resume();
    await page.getByRole("link", { name: "Read Our Story" }).click();
    await expect(page).toHaveURL(/\/our-story$/);
  });

  test("is off on touch screens", async ({ browser }) => {
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript((key) => sessionStorage.setItem(key, "1"), INTRO_SEEN_KEY);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(r.url()));
    await page.goto("/");
    // The cursor decides in an effect of the first hydration pass; the page is marked hydrated by the last part to
    // hydrate, after it. Had it chosen to run, its code would have been asked for by now.
    await waitForHydration(page);
    await expect(page.getByTestId("golden-cursor")).toHaveCount(0);
    // Its code is not even fetched.
    expect(requested.filter((url) => url.includes("golden-cursor"))).toEqual([]);
    await context.close();
  });

  test("is off under reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (r) => requested.push(r.url()));
    await page.goto("/");
    // As on touch screens: decided before the page is marked hydrated.
    await waitForHydration(page);
    await page.mouse.move(200, 200);
    await expect(page.getByTestId("golden-cursor")).toHaveCount(0);
    expect(requested.filter((url) => url.includes("golden-cursor"))).toEqual([]);
    await context.close();
  });

  test("is not part of the first load: lazy-loaded after hydration", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).not.toContain("golden-cursor");
  });
});
