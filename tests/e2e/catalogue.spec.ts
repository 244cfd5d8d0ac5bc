import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_DRESSES } from "../../app/modules/built-in-store/demo-collection";
import type { CheckoutResponse, Product } from "../../app/modules/catalogue/types";
import {
  collectConsoleErrors,
  expectFinishedInBothThemes,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  screenshotForPeople,
  VIEWPORTS,
  VIEWS,
  setView,
} from "./helpers";
import { startSessionAsReturning } from "./brand-helpers";

// The brand intro and the newsletter prompt greet a new session (effects.spec.ts and newsletter.spec.ts test them); shopping is tested without them.
test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

async function product(request: APIRequestContext, handle: string): Promise<Product> {
  const response = await request.get(`/api/products/${handle}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { product: Product }).product;
}

async function createCheckout(request: APIRequestContext, lines: { merchandiseId: string; quantity: number }[]) {
  const response = await request.post("/api/checkout", { data: { lines } });
  const body = (await response.json()) as CheckoutResponse;
  expect(body, JSON.stringify(body)).toMatchObject({ ok: true });
  return body as Extract<CheckoutResponse, { ok: true }>;
}

/** Every picture on the page has arrived and decoded: none is broken. */
async function expectImagesLoaded(page: Page) {
  const images = page.locator("main img");
  await expect(images.first()).toBeVisible();
  await expect
    .poll(
      () =>
        images.evaluateAll(
          (all) => all.filter((img) => !(img as HTMLImageElement).complete || (img as HTMLImageElement).naturalWidth === 0).length,
        ),
      { timeout: 15_000 },
    )
    .toBe(0);
  for (const img of await images.all()) {
    expect(await img.getAttribute("width")).toBeTruthy();
    expect(await img.getAttribute("height")).toBeTruthy();
    expect(await img.getAttribute("alt")).toBeTruthy();
  }
}

test("a shopper completes a checkout on the built-in store", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.setViewportSize(VIEWPORTS.desktop);
  // The last available size of two gowns, as the bag would send them. (The
  // shop's tests share this server and read the first sizes' stock: leave those be.)
  const gowns = await Promise.all(["magnolia-lace-ball-gown", "forsyth-garden-chiffon-gown"].map((h) => product(page.request, h)));
  const lines = gowns.map((g) => ({ merchandiseId: g.variants.findLast((v) => v.availableForSale)!.id, quantity: 1 }));
  const checkout = await createCheckout(page.request, lines);
  // On this site: APP_URL is the server's own address.
  expect(new URL(checkout.checkoutUrl).origin).toBe(new URL(test.info().project.use.baseURL!).origin);

  // The bag opens it with channel=online_store (SPEC §4).
  await page.goto(`${checkout.checkoutUrl}?channel=online_store`);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(page.getByText("Magnolia Lace Ball Gown")).toBeVisible();
  await expect(page.getByText("Forsyth Garden Chiffon Gown")).toBeVisible();
  await expect(page.getByText("USD $4,540.00").first()).toBeVisible();
  await expectImagesLoaded(page);
  await expectNoAxeViolations(page);

  await page.getByLabel("Full name").fill("Ava Brooks");
  await page.getByLabel("Email").fill("ava@example.com");
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Thank you, Ava!" })).toBeVisible();
  await expect(page.getByText(/^Order #\d{4,} confirmed$/)).toBeVisible();
  await expect(page.getByText("Reserved: pay in the boutique")).toBeVisible();
  await expectImagesLoaded(page);
  await expectNoAxeViolations(page);
  await screenshotForPeople(page, "checkout-confirmation-desktop-light", { fullPage: true });
  // A reload shows the same confirmation and places nothing twice.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you, Ava!" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the checkout form explains what is missing, without placing an order", async ({ page }) => {
  const gown = await product(page.request, "isle-of-hope-halter-gown");
  const checkout = await createCheckout(page.request, [{ merchandiseId: gown.variants.find((v) => v.availableForSale)!.id, quantity: 1 }]);
  await page.goto(checkout.checkoutUrl);
  // The browser's own checks are the first line; the server's are the ones that count.
  await page.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByLabel("Full name").fill("   ");
  await page.getByLabel("Email").fill("ava@");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("the demo collection, photographed on checkouts of every gown", () => {
  for (const { size, viewport, theme } of VIEWS) {
    test(`at ${size} width in both themes (loaded in ${theme})`, async ({ page }) => {
      await setView(page, { viewport, theme });
      const errors = collectConsoleErrors(page);
      const all = await Promise.all(DEMO_DRESSES.map((d) => product(page.request, d.handle)));
      // The last size in stock of each gown, read afresh (an order elsewhere may have taken one); a gown sold out everywhere cannot be in a bag.
      const lines = all.flatMap((p) => {
        const variant = p.variants.filter((v) => v.availableForSale).at(-1);
        return variant ? [{ merchandiseId: variant.id, quantity: 1 }] : [];
      });
      expect(lines.length).toBeGreaterThanOrEqual(24);
      // A cart holds at most 12 pieces (the built-in store's limit), so the collection takes several checkouts.
      for (let start = 0, part = 1; start < lines.length; start += 12, part++) {
        const chunk = lines.slice(start, start + 12);
        const checkout = await createCheckout(page.request, chunk);
        await page.goto(checkout.checkoutUrl);
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark).*$/);
        await expect(page.getByRole("heading", { level: 2, name: /Your bag/ })).toBeVisible();
        await expectImagesLoaded(page);
        expect(await page.locator("main img").count()).toBe(chunk.length);
        await expectNoSidewaysScroll(page);
        if (part === 1) {
          await expectFinishedInBothThemes(page, `checkout-${size}`, { fullPage: true });
        }
        await screenshotForPeople(page.locator("main ul").first(), `gowns-${size}-${theme}-${part}`);
      }
      expect(errors).toEqual([]);
    });
  }
});
