import { expect, test, type Page } from "@playwright/test";
import {
  collectConsoleErrors,
  expectFinishedInBothThemes,
  expectNoAxeViolations,
  screenshotForPeople,
  VIEWPORTS,
  VIEWS,
  setView,
} from "./helpers";
import { startSessionAsReturning, waitForHydration } from "./brand-helpers";

// The brand intro and the newsletter prompt greet a new session (effects.spec.ts and newsletter.spec.ts test them); shopping is tested without them.
test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

const prices = async (page: Page) =>
  (await page.getByTestId("product-card").locator("p").allTextContents()).map((t) => Number.parseFloat(t.replace(/[^\d.]/g, "")));
const titles = (page: Page) => page.getByTestId("product-card").getByRole("heading").allTextContents();

async function productCollections(page: Page, handle: string): Promise<string[]> {
  const response = await page.request.get(`/api/products/${handle}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { product: { collections: string[] } };
  return body.product.collections;
}

test.describe("collection pages", () => {
  for (const collection of ["weddings", "prom", "celebrations"] as const) {
    test(`/${collection} shows only its own dresses`, async ({ page }) => {
      await page.goto(`/${collection}`);
      const links = await page
        .getByTestId("product-card")
        .getByRole("link")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
      expect(links.length).toBeGreaterThanOrEqual(6);
      for (const href of links.slice(0, 4)) expect(await productCollections(page, href.replace("/product/", ""))).toContain(collection);
    });
  }

  test("the bridal style filter and sort live in the URL, work without JavaScript's help, and the back button undoes them", async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto("/weddings");
    const all = await titles(page);
    // SPEC §2: style filter buttons, in a group named Style, the chosen one pressed.
    const styles = page.getByRole("group", { name: "Style" });
    for (const name of ["All Styles", "Outdoor", "Formal", "Bohemian", "Modern", "Romantic"])
      await expect(styles.getByRole("button", { name, exact: true })).toBeVisible();
    await expect(styles.getByRole("button", { name: "All Styles" })).toHaveAttribute("aria-pressed", "true");
    await styles.getByRole("button", { name: "Romantic", exact: true }).click();
    await expect(page).toHaveURL(/\?style=romantic$/);
    await expect(styles.getByRole("button", { name: "Romantic" })).toHaveAttribute("aria-pressed", "true");
    await expect(styles.getByRole("button", { name: "All Styles" })).toHaveAttribute("aria-pressed", "false");
    // The address changes at once, the list when the filtered data arrives: wait for the list.
    await expect.poll(() => titles(page)).not.toEqual(all);
    const romantic = await titles(page);
    expect(romantic.length).toBeGreaterThan(0);
    expect(romantic.length).toBeLessThan(all.length);
    for (const title of romantic) {
      const handle = await page.getByRole("link", { name: title, exact: true }).getAttribute("href");
      const product = (await (await page.request.get(`/api${handle!.replace("/product", "/products")}`)).json()) as {
        product: { title: string; description: string };
      };
      expect(`${product.product.title} ${product.product.description}`.toLowerCase()).toContain("romantic");
    }
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-low");
    await expect(page).toHaveURL(/style=romantic&sort=price-low/);
    await expect(page.getByTestId("product-card").getByRole("heading")).toHaveCount(romantic.length);
    const ascending = await prices(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const headings = page.getByTestId("product-card").getByRole("heading");
    // Going back changes the address at once and the list when its data arrives: wait for the list.
    await page.goBack();
    await expect(page).toHaveURL(/\?style=romantic$/);
    await expect(headings).toHaveText(romantic);
    await page.goBack();
    await expect(page).toHaveURL(/\/weddings$/);
    await expect(headings).toHaveText(all);
    // A style keeps the sort chosen, and All Styles takes the style away.
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("name-az");
    await expect(page).toHaveURL(/\?sort=name-az$/);
    await styles.getByRole("button", { name: "Modern", exact: true }).click();
    await expect(page).toHaveURL(/\?style=modern&sort=name-az$/);
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("name-az");
    await styles.getByRole("button", { name: "All Styles" }).click();
    await expect(page).toHaveURL(/\/weddings\?sort=name-az$/);
    // The server renders a shared URL as it is.
    const response = await page.request.get("/weddings?sort=name-za");
    const html = await response.text();
    const first = /<h3[^>]*><a[^>]*>([^<]+)</.exec(html)?.[1];
    expect(first).toBe([...all].sort((a, b) => b.localeCompare(a))[0]);
  });

  test("sorts by name and by price, high to low", async ({ page }) => {
    await page.goto("/prom?sort=name-az");
    const names = await titles(page);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    await page.goto("/prom?sort=price-high");
    const high = await prices(page);
    expect(high).toEqual([...high].sort((a, b) => b - a));
  });

  test("a card shows Sold Out when its first variant is, and the heart saves it across reloads", async ({ page }) => {
    await page.goto("/weddings");
    const camellia = page.getByTestId("product-card").filter({ hasText: "Camellia Tea-Length Dress" });
    await expect(camellia.getByText("Sold Out")).toBeVisible();
    const magnolia = page.getByTestId("product-card").filter({ hasText: "Magnolia Lace Ball Gown" });
    await expect(magnolia.getByText("Sold Out")).toHaveCount(0);
    await magnolia.getByRole("button", { name: "Add to wishlist" }).click();
    await expect(magnolia.getByRole("button", { name: "Remove from wishlist" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(magnolia.getByRole("button", { name: "Remove from wishlist" })).toBeVisible();
    await magnolia.getByRole("button", { name: "Remove from wishlist" }).click();
    await expect(magnolia.getByRole("button", { name: "Add to wishlist" })).toBeVisible();
  });

  test("at 390 px the filters sit in the 'Filter & Sort' drawer, 80% of the screen high, closing on a choice", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/weddings");
    await expect(page.getByRole("button", { name: "Romantic", exact: true })).toBeHidden();
    await expect(page.getByRole("combobox", { name: "Sort by" })).toBeHidden();
    await page.getByRole("button", { name: "Filter & Sort" }).click();
    const drawer = page.getByRole("dialog", { name: "Filter & Sort" });
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(Math.round(box!.height)).toBe(Math.round(VIEWPORTS.phone.height * 0.8));
    // The same style buttons and sort selector as on a wide screen, each at least 44 px high.
    const styles = drawer.getByRole("group", { name: "Style" });
    for (const name of ["All Styles", "Outdoor", "Formal", "Bohemian", "Modern", "Romantic"]) {
      const button = styles.getByRole("button", { name, exact: true });
      await expect(button).toBeVisible();
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await expect(styles.getByRole("button", { name: "All Styles" })).toHaveAttribute("aria-pressed", "true");
    await expect(drawer.getByRole("combobox", { name: "Sort by" })).toHaveValue("featured");
    await screenshotForPeople(page, "filter-drawer-phone");
    await styles.getByRole("button", { name: "Bohemian" }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\?style=bohemian$/);
    await expect(page.getByRole("button", { name: "Filter & Sort" })).toBeFocused();
    await page.getByRole("button", { name: "Filter & Sort" }).click();
    await expect(drawer.getByRole("button", { name: "Bohemian" })).toHaveAttribute("aria-pressed", "true");
    await drawer.getByRole("combobox", { name: "Sort by" }).selectOption("name-za");
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\?style=bohemian&sort=name-za$/);
    const names = await titles(page);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
  });

  for (const collection of ["prom", "celebrations"] as const) {
    test(`at 390 px /${collection} shows its sort selector inline, with no drawer, and a choice applies at once`, async ({ page }) => {
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto(`/${collection}`);
      const sort = page.getByRole("combobox", { name: "Sort by" });
      await expect(sort).toBeVisible();
      expect((await sort.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await expect(page.getByRole("button", { name: "Filter & Sort" })).toHaveCount(0);
      await expect(page.getByRole("group", { name: "Style" })).toHaveCount(0);
      await sort.selectOption("price-high");
      await expect(page).toHaveURL(new RegExp(`/${collection}\\?sort=price-high$`));
      await expect
        .poll(async () => {
          const high = await prices(page);
          return high.length > 1 && high.every((p, i) => i === 0 || high[i - 1]! >= p);
        })
        .toBe(true);
    });
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`without JavaScript at ${size} the bridal style buttons and the sort selector still set the view`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const page = await context.newPage();
      await page.goto("/weddings?sort=price-low");
      const styles = page.getByRole("group", { name: "Style" });
      await styles.getByRole("button", { name: "Formal", exact: true }).click();
      await expect(page).toHaveURL(/\/weddings\?style=formal&sort=price-low$/);
      // The URL changes as the new page starts; until its stylesheet has loaded, the phone's and the desktop's copies of the buttons both show.
      await page.waitForLoadState();
      await expect(styles.getByRole("button", { name: "Formal" })).toHaveAttribute("aria-pressed", "true");
      const sort = page.getByRole("combobox", { name: "Sort by" });
      await expect(sort).toHaveValue("price-low");
      await sort.selectOption("name-az");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/\/weddings\?style=formal&sort=name-az$/);
      await page.waitForLoadState();
      const names = await titles(page);
      expect(names.length).toBeGreaterThan(0);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      await styles.getByRole("button", { name: "All Styles" }).click();
      await expect(page).toHaveURL(/\/weddings\?sort=name-az$/);
      await context.close();
    });
  }

  test("without JavaScript the prom sort selector applies with its Apply button", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.goto("/prom");
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("name-za");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/prom\?sort=name-za$/);
    const names = await titles(page);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    await context.close();
  });

  for (const { size, viewport, theme } of VIEWS) {
    test(`collections look finished at ${size} in both themes (loaded in ${theme})`, async ({ page }) => {
      await setView(page, { viewport, theme });
      const errors = collectConsoleErrors(page);
      for (const collection of ["weddings", "prom", "celebrations"]) {
        await page.goto(`/${collection}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await page.waitForLoadState("networkidle");
        await expectFinishedInBothThemes(page, `${collection}-${size}`, { fullPage: collection === "weddings" });
      }
      expect(errors).toEqual([]);
    });
  }
});

test.describe("product page", () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`at ${size}: option buttons per option, the chosen ones pressed, the choice kept in the URL`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/product/magnolia-lace-ball-gown");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Magnolia Lace Ball Gown");
      await expect(page.getByTestId("price")).toHaveText("USD $2,890.00");
      const sizes = page.getByRole("group", { name: "Size", exact: true });
      const colors = page.getByRole("group", { name: "Color", exact: true });
      await expect(sizes.getByRole("button")).toHaveText(["XS", "S", "M", "L", "XL", "XXL"]);
      await expect(colors.getByRole("button")).toHaveText(["Ivory", "Champagne"]);
      // The first variant is chosen on load.
      await expect(sizes.getByRole("button", { name: "XS", exact: true })).toHaveAttribute("aria-pressed", "true");
      await expect(sizes.getByRole("button", { name: "M", exact: true })).toHaveAttribute("aria-pressed", "false");
      await expect(colors.getByRole("button", { name: "Ivory", exact: true })).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByText("Size: XS")).toBeVisible();

      // With JavaScript a choice is a client-side navigation that keeps the page where it was scrolled.
      // The position is read as the click lands (Playwright may scroll to reach the button first).
      await sizes.scrollIntoViewIfNeeded();
      await page.evaluate(() => {
        const record = window as { sameDocument?: boolean; scrollAtClick?: number };
        record.sameDocument = true;
        document.addEventListener("click", () => (record.scrollAtClick = window.scrollY), { capture: true, once: true });
      });
      await page.getByRole("button", { name: "M", exact: true }).click();
      await expect(page).toHaveURL(/\?Size=M&Color=Ivory$/);
      await expect(sizes.getByRole("button", { name: "M", exact: true })).toHaveAttribute("aria-pressed", "true");
      const after = await page.evaluate(() => {
        const record = window as { sameDocument?: boolean; scrollAtClick?: number };
        return { sameDocument: record.sameDocument, moved: Math.abs(window.scrollY - (record.scrollAtClick ?? Number.NaN)) };
      });
      expect(after.sameDocument).toBe(true);
      expect(after.moved).toBeLessThanOrEqual(1);
      await expect(sizes.getByRole("button", { name: "XS", exact: true })).toHaveAttribute("aria-pressed", "false");
      await expect(page.getByText("Size: M")).toBeVisible();
      await expect(page.getByTestId("stock")).toContainText("In Stock");
      // M in Champagne is sold out: the button says so in its description, keeping its name the colour.
      const champagne = page.getByRole("button", { name: "Champagne", exact: true });
      await expect(champagne).toHaveAccessibleDescription("Sold out");
      await expect(page.getByRole("button", { name: "Ivory", exact: true })).toHaveAccessibleDescription("");
      await champagne.click();
      await expect(page).toHaveURL(/\?Size=M&Color=Champagne$/);
      await expect(champagne).toHaveAttribute("aria-pressed", "true");
      await expect(colors.getByRole("button", { name: "Ivory", exact: true })).toHaveAttribute("aria-pressed", "false");
      // Add to Bag turns into 'Out of Stock'.
      await expect(page.getByRole("button", { name: "Out of Stock" }).first()).toBeDisabled();
      await expect(page.getByTestId("stock")).toHaveText("Out of Stock");
      await page.reload();
      await expect(page.getByRole("button", { name: "Out of Stock" }).first()).toBeDisabled();
      await expect(page.getByRole("button", { name: "Champagne", exact: true })).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByRole("button", { name: "M", exact: true })).toHaveAttribute("aria-pressed", "true");

      // Add to Bag takes the variant the buttons chose.
      await page.getByRole("button", { name: "S", exact: true }).click();
      await expect(page).toHaveURL(/\?Size=S&Color=Champagne$/);
      await page.getByRole("button", { name: "Add to Bag" }).first().click();
      await page.getByRole("button", { name: /Shopping bag, 1 item/ }).click();
      await expect(page.getByRole("dialog", { name: "Shopping Bag" }).getByTestId("bag-line")).toContainText("S • Champagne");
    });
  }

  test("the choice works without JavaScript: the buttons send it in the URL and the page answers with it", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.goto("/product/magnolia-lace-ball-gown");
    await expect(page.getByRole("button", { name: "XS", exact: true })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "L", exact: true }).click();
    await expect(page).toHaveURL(/\/product\/magnolia-lace-ball-gown\?Size=L&Color=Ivory$/);
    await expect(page.getByRole("button", { name: "L", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "XS", exact: true })).toHaveAttribute("aria-pressed", "false");
    await page.getByRole("button", { name: "Champagne", exact: true }).click();
    await expect(page).toHaveURL(/\?Size=L&Color=Champagne$/);
    await expect(page.getByRole("button", { name: "Champagne", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "L", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Color: Champagne")).toBeVisible();
    await context.close();
  });

  test("adds to the bag with a toast naming the dress; the same variant again raises its quantity; checkout opens a new tab", async ({
    page,
    context,
  }) => {
    await page.goto("/product/magnolia-lace-ball-gown?Size=S&Color=Ivory");
    await page.getByRole("button", { name: "Add to Bag" }).first().click();
    await expect(page.getByText("Added to bag")).toBeVisible();
    await expect(page.getByText("Magnolia Lace Ball Gown is waiting in your bag.")).toBeVisible();
    await page.getByRole("button", { name: "Add to Bag" }).first().click();
    await expect(page.getByTestId("bag-count")).toHaveText("2");
    await page.getByRole("button", { name: /Shopping bag, 2 items/ }).click();
    const bag = page.getByRole("dialog", { name: "Shopping Bag" });
    await expect(bag.getByTestId("bag-line")).toHaveCount(1);
    await expect(bag.getByTestId("bag-line")).toContainText("S • Ivory");
    await expect(bag.getByTestId("bag-total")).toHaveText("USD $5,780.00");
    const [tab] = await Promise.all([context.waitForEvent("page"), bag.getByRole("button", { name: "Checkout with Shopify" }).click()]);
    await tab.waitForURL(/\/checkout\/.+channel=online_store/);
    await expect(tab.getByText("Magnolia Lace Ball Gown")).toBeVisible();
    await expect(bag.getByRole("button", { name: "Checkout with Shopify" })).toBeEnabled();
  });

  test("a failed checkout says so and leaves the bag as it was", async ({ page }) => {
    await page.goto("/product/magnolia-lace-ball-gown?Size=L&Color=Ivory");
    await page.getByRole("button", { name: "Add to Bag" }).first().click();
    await page.route("**/api/checkout", (route) =>
      route.fulfill({ status: 502, contentType: "application/json", body: JSON.stringify({ error: "HTTP error! status: 500" }) }),
    );
    await page.getByRole("button", { name: /Shopping bag, 1 item/ }).click();
    await page.getByRole("dialog", { name: "Shopping Bag" }).getByRole("button", { name: "Checkout with Shopify" }).click();
    await expect(page.getByText("Checkout failed. Please try again.")).toBeVisible();
    await expect(page.getByTestId("bag-count")).toHaveText("1");
  });

  for (const { size, viewport, theme } of VIEWS) {
    test(`at ${size} (loaded in ${theme}) the bag holds no more than is in stock: plus is disabled and says 'Only 1 left'`, async ({
      page,
    }) => {
      await setView(page, { viewport, theme });
      // Isle of Hope Halter Gown in L / Ivory: one on the shelf (the demo's stock is the same on every machine).
      await page.goto("/product/isle-of-hope-halter-gown?Size=L&Color=Ivory");
      await waitForHydration(page);
      const add = page.getByRole("button", { name: "Add to Bag" }).first();
      await add.click();
      await expect(page.getByTestId("bag-count")).toHaveText("1");
      // At the limit, the product page says so instead of adding.
      await add.click();
      await expect(page.getByText("The last Isle of Hope Halter Gown (L / Ivory) is already in your bag.")).toBeVisible();
      await expect(page.getByTestId("bag-count")).toHaveText("1");

      await page.getByRole("button", { name: /Shopping bag, 1 item/ }).click();
      const bag = page.getByRole("dialog", { name: "Shopping Bag" });
      const line = bag.getByTestId("bag-line");
      const more = line.getByRole("button", { name: "One more Isle of Hope Halter Gown" });
      await expect(more).toBeDisabled();
      await expect(more).toHaveAccessibleDescription("Only 1 left");
      await expect(line.getByText("Only 1 left")).toBeVisible();
      // Still reachable by keyboard, and pressing it changes nothing.
      await more.focus();
      await page.keyboard.press("Enter");
      await expect(line.getByLabel("Quantity 1")).toBeVisible();
      await expect(page.getByTestId("bag-count")).toHaveText("1");
      // One fewer lifts the limit.
      await line.getByRole("button", { name: "One fewer Isle of Hope Halter Gown" }).click();
      await expect(bag.getByText("Your bag is empty")).toBeVisible();
      await page.keyboard.press("Escape");
      await add.click();
      await page.getByRole("button", { name: /Shopping bag, 1 item/ }).click();
      await expect(more).toBeDisabled();
      await expectFinishedInBothThemes(page, `bag-at-limit-${size}`);
    });
  }

  test("two tabs adding the last piece at once: the second is told it is already in the bag", async ({ context, page }) => {
    const other = await context.newPage();
    for (const tab of [page, other]) {
      await tab.goto("/product/isle-of-hope-halter-gown?Size=XL&Color=Ivory");
      await waitForHydration(tab);
    }
    await page.getByRole("button", { name: "Add to Bag" }).first().click();
    await expect(page.getByText("Added to bag")).toBeVisible();
    await other.getByRole("button", { name: "Add to Bag" }).first().click();
    await expect(other.getByText("The last Isle of Hope Halter Gown (XL / Ivory) is already in your bag.")).toBeVisible();
    await expect(other.getByTestId("bag-count")).toHaveText("1");
    await expect(page.getByTestId("bag-count")).toHaveText("1");
  });

  // Each run takes the last piece of its own gown: the shelf is shared by every test.
  const lastPieces = [
    ["jasmine-bohemian-tiered-gown", "Jasmine Bohemian Tiered Gown", "M", "Sand"],
    ["electra-cape-mermaid-gown", "Electra Cape Mermaid Gown", "S", "Black"],
  ] as const;
  for (const [i, { size, viewport, theme }] of VIEWS.entries()) {
    const [handle, title, gownSize, color] = lastPieces[i]!;
    test(`at ${size} (loaded in ${theme}) two shoppers want the last ${title}: the one who checks out second is told it is gone, by name`, async ({
      browser,
    }) => {
      // Two browsers, an order and axe: on the shared machine under load this takes longer than one page's budget.
      test.setTimeout(120_000);
      const shoppers = await Promise.all(
        [0, 1].map(async () => {
          const context = await browser.newContext({ viewport, colorScheme: theme });
          const page = await context.newPage();
          await startSessionAsReturning(page);
          await page.goto(`/product/${handle}?Size=${gownSize}&Color=${color}`);
          await waitForHydration(page);
          await page.getByRole("button", { name: "Add to Bag" }).first().click();
          await expect(page.getByTestId("bag-count")).toHaveText("1");
          await page.getByRole("button", { name: /Shopping bag, 1 item/ }).click();
          return { context, page, bag: page.getByRole("dialog", { name: "Shopping Bag" }) };
        }),
      );
      const [first, second] = shoppers as [(typeof shoppers)[number], (typeof shoppers)[number]];

      const [tab] = await Promise.all([
        first.context.waitForEvent("page"),
        first.bag.getByRole("button", { name: "Checkout with Shopify" }).click(),
      ]);
      await tab.waitForURL(/\/checkout\//);
      await tab.getByLabel("Full name").fill("Ava Brooks");
      await tab.getByLabel("Email").fill("ava@example.com");
      await tab.getByRole("button", { name: "Place Order" }).click();
      await expect(tab.getByRole("heading", { level: 1, name: "Thank you, Ava!" })).toBeVisible();

      await second.bag.getByRole("button", { name: "Checkout with Shopify" }).click();
      const alert = second.bag.getByRole("alert");
      await expect(alert).toContainText(`${title} (${gownSize} / ${color}) has sold out. It has been taken out of your bag.`);
      await expect(second.page.getByText("Checkout failed. Please try again.")).toHaveCount(0);
      await expect(second.bag.getByText("Your bag is empty")).toBeVisible();
      await expect(second.page.getByTestId("bag-count")).toHaveCount(0);
      // The tab opened for the checkout closed again: there is no checkout to show.
      await expect.poll(() => second.context.pages().length).toBe(1);
      await expectFinishedInBothThemes(second.page, `bag-sold-out-${size}`);
      await Promise.all(shoppers.map((s) => s.context.close()));
    });
  }

  test("the gallery: next and previous, thumbnails, and a full-screen viewer with arrow keys and Escape", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto("/product/magnolia-lace-ball-gown");
    const status = page.getByText(/^Picture \d+ of \d+$/).first();
    await expect(status).toHaveText(/Picture 1 of/);
    const count = Number(/of (\d+)/.exec((await status.textContent())!)![1]);
    expect(count).toBeGreaterThanOrEqual(2);
    const after2 = (count === 2 ? 1 : 3).toString();
    await page.getByRole("button", { name: "Next image" }).click();
    await expect(status).toHaveText(/Picture 2 of/);
    await page.getByRole("button", { name: "Previous image" }).click();
    await expect(status).toHaveText(/Picture 1 of/);
    await page.getByRole("button", { name: "Show picture 2" }).click();
    await expect(page.getByRole("button", { name: "Show picture 2" })).toHaveAttribute("aria-current", "true");
    await page.getByRole("button", { name: "View full screen" }).click();
    const viewer = page.getByRole("dialog", { name: "Magnolia Lace Ball Gown" });
    await expect(viewer).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(viewer.getByText(new RegExp(`^Picture ${after2} of`))).toBeAttached();
    await page.keyboard.press("ArrowLeft");
    await expect(viewer.getByText(/^Picture 2 of/)).toBeAttached();
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
  });

  test("the thumbnails hold their place before their pictures arrive, so nothing below them moves", async ({ page }) => {
    // Lighthouse's phone; the thumbnails load lazily, and here they never arrive.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.route(/\/images\/gowns\/[^?]+\?v=\d+&width=160$/, () => {});
    await page.goto("/product/magnolia-lace-ball-gown");
    const thumbnails = page.getByRole("list", { name: "Choose a picture" }).locator("img");
    await expect(thumbnails.first()).toBeAttached();
    const boxes = await thumbnails.evaluateAll((images) =>
      images.map((image) => ({ loaded: (image as HTMLImageElement).naturalWidth > 0, ...image.getBoundingClientRect().toJSON() })),
    );
    expect(boxes.length).toBeGreaterThanOrEqual(2);
    for (const box of boxes) {
      expect(box.loaded).toBe(false);
      // A fifth of the gallery's width, less the gaps, at 3:4.
      expect(box.width).toBeGreaterThan(50);
      expect(box.height).toBeCloseTo((box.width * 4) / 3, 0);
    }
  });

  test("the size guide: the chart, How to Measure, and find my size", async ({ page }) => {
    await page.goto("/product/magnolia-lace-ball-gown");
    await page.getByRole("button", { name: "Size Guide" }).click();
    const guide = page.getByRole("dialog", { name: "Size Guide" });
    await expect(guide.getByRole("row", { name: /^L 12-14 37-39 30-32 40-42$/ })).toBeVisible();
    await guide.getByLabel("bust (in)").fill("35.5");
    await guide.getByLabel("waist (in)").fill("28");
    await guide.getByLabel("hips (in)").fill("38");
    await guide.getByRole("button", { name: "Find my size" }).click();
    await expect(guide.getByTestId("size-advice")).toHaveText("Your size is M (US 8-10).");
    await guide.getByLabel("hips (in)").fill("40.5");
    await guide.getByRole("button", { name: "Find my size" }).click();
    await expect(guide.getByTestId("size-advice")).toHaveText(
      "You are between M and L. We suggest L (US 12-14); our seamstresses will tailor it to fit.",
    );
    await guide.getByLabel("bust (in)").fill("52");
    await guide.getByRole("button", { name: "Find my size" }).click();
    await expect(guide.getByTestId("size-advice")).toContainText("outside our size chart");
    await expectNoAxeViolations(page);
    await guide.getByRole("tab", { name: "How to Measure" }).click();
    await expect(guide.getByText("measure around the fullest part of your bust")).toBeVisible();
  });

  test("an unknown handle answers 404 with 'Product Not Found' and a way back", async ({ page }) => {
    const response = await page.goto("/product/no-such-gown");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Weddings" }).click();
    await expect(page).toHaveURL("/weddings");
  });

  test("on a phone, the sticky bar appears after 400 px of scrolling", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/product/aurora-tulle-ball-gown");
    const bar = page.getByTestId("sticky-bar");
    await expect(bar).toHaveAttribute("aria-hidden", "true");
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(300);
    // Two frames: the scroll event has been handled and anything it changed has rendered.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(bar).toHaveAttribute("aria-hidden", "true");
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect(bar).toHaveAttribute("aria-hidden", "false");
    await expect(bar).toBeInViewport();
    await bar.getByRole("button", { name: "Add to Bag" }).click();
    await expect(page.getByTestId("bag-count")).toHaveText("1");
    await screenshotForPeople(page, "product-sticky-phone");
  });

  test("tells search engines the price and availability", async ({ page }) => {
    await page.goto("/product/camellia-tea-length-dress");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = blocks.map((b) => JSON.parse(b)).find((b) => b["@type"] === "Product");
    expect(product.offers).toMatchObject({ price: "980.00", priceCurrency: "USD", availability: "https://schema.org/OutOfStock" });
    expect(blocks.map((b) => JSON.parse(b)["@type"])).toContain("BreadcrumbList");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/product\/camellia-tea-length-dress$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http/);
  });

  test("names the gown's own collection in its breadcrumb: a prom gown is under Prom", async ({ page }) => {
    const trail = async (handle: string) => {
      await page.goto(`/product/${handle}`);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const list = blocks.map((b) => JSON.parse(b)).find((b) => b["@type"] === "BreadcrumbList");
      return list.itemListElement.map((item: { name: string; item: string }) => [item.name, new URL(item.item).pathname]);
    };
    expect(await trail("starlight-sequin-mermaid-gown")).toEqual([
      ["Home", "/"],
      ["Prom", "/prom"],
      ["Starlight Sequin Mermaid Gown", "/product/starlight-sequin-mermaid-gown"],
    ]);
    expect((await trail("champagne-toast-sequin-midi"))[1]).toEqual(["Celebrations", "/celebrations"]);
    expect((await trail("magnolia-lace-ball-gown"))[1]).toEqual(["Weddings", "/weddings"]);
  });

  for (const { size, viewport, theme } of VIEWS) {
    test(`looks finished at ${size} in both themes (loaded in ${theme})`, async ({ page }) => {
      await setView(page, { viewport, theme });
      const errors = collectConsoleErrors(page);
      await page.goto("/product/juliette-romantic-tulle-gown");
      await page.waitForLoadState("networkidle");
      await expectFinishedInBothThemes(page, `product-${size}`);
      expect(errors).toEqual([]);
    });
  }
});

test.describe("search", () => {
  test("nothing under 2 characters, up to 5 matches, 'No results found', and it clears on close", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/search") asked.push(url.searchParams.get("q") ?? "");
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Search dresses" }).click();
    const box = page.getByPlaceholder("Search dresses...");
    await box.fill("l");
    await expect(page.getByRole("list", { name: "Search results" })).toHaveCount(0);
    await box.fill("lace");
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("link").first()).toBeVisible();
    // One letter was never even asked about.
    expect(asked).toEqual(["lace"]);
    expect(await results.getByRole("link").count()).toBeLessThanOrEqual(5);
    await expect(results.getByRole("link").first()).toContainText("USD $");
    await expectNoAxeViolations(page);
    await box.fill("zzqx");
    await expect(page.getByText("No results found")).toBeVisible();
    await page.getByRole("button", { name: "Close search" }).click();
    await page.getByRole("button", { name: "Search dresses" }).click();
    await expect(page.getByPlaceholder("Search dresses...")).toHaveValue("");
    await page.getByPlaceholder("Search dresses...").fill("aurora");
    await page.getByRole("list", { name: "Search results" }).getByRole("link").first().click();
    await expect(page).toHaveURL("/product/aurora-tulle-ball-gown");
  });

  test("an older, slower answer never replaces a newer one", async ({ page }) => {
    // The answer for "ruby" is held until the newer search has been asked and shown.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let rubyAsked!: () => void;
    const rubyHeld = new Promise<void>((resolve) => (rubyAsked = resolve));
    await page.route("**/api/search?q=ruby", async (route) => {
      rubyAsked();
      await held;
      // The page may have given up on it already (a cancelled request cannot be continued).
      await route.continue().catch(() => {});
    });
    const isSearch = (term: string) => (request: { url(): string }) => request.url().endsWith(`/api/search?q=${term}`);
    // However it ends, answered or cancelled.
    const rubyEnded = new Promise<void>((resolve) => {
      const ended = (request: { url(): string }) => isSearch("ruby")(request) && resolve();
      page.on("requestfinished", ended);
      page.on("requestfailed", ended);
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Search dresses" }).first().click();
    const box = page.getByPlaceholder("Search dresses...");
    await box.fill("ruby");
    await rubyHeld;
    const auroraAsked = page.waitForRequest(isSearch("aurora"));
    await box.fill("aurora");
    // The newer search was sent, and its answer shown while the older one is still out.
    await auroraAsked;
    const links = page.getByRole("list", { name: "Search results" }).getByRole("link");
    await expect(links).toHaveText([/Aurora Tulle Ball Gown/]);
    release();
    await rubyEnded;
    await expect(links).toHaveText([/Aurora Tulle Ball Gown/]);
  });
});

test("robots.txt keeps crawlers out of private pages, and the sitemap lists every product", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  for (const path of ["/account", "/admin", "/auth", "/checkout"]) expect(robots).toContain(`Disallow: ${path}`);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/weddings</loc>");
  expect(sitemap).toContain("/product/magnolia-lace-ball-gown</loc>");
  expect((sitemap.match(/\/product\//g) ?? []).length).toBeGreaterThanOrEqual(24);
});
