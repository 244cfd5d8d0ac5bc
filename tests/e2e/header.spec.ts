import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors, expectNoAxeViolations, screenshotForPeople, VIEWPORTS } from "./helpers";
import { startSessionAsReturning } from "./brand-helpers";

// The brand intro and the newsletter prompt greet a new session (effects.spec.ts and newsletter.spec.ts test them); shopping is tested without them.
test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

const NAV = ["Weddings", "Prom", "Celebrations", "Custom Design", "The Fitting Room", "Our Story", "Journal", "FAQ"];

async function seedBag(page: Page) {
  await page.addInitScript(() => {
    if (sessionStorage.getItem("bag-seeded")) return;
    sessionStorage.setItem("bag-seeded", "1");
    localStorage.setItem(
      "hive-cart",
      JSON.stringify({
        lines: [
          {
            variantId: "v-1",
            variantTitle: "M / Ivory",
            quantity: 2,
            price: { amount: "1249.0", currencyCode: "USD" },
            selectedOptions: [
              { name: "Size", value: "M" },
              { name: "Color", value: "Ivory" },
            ],
            product: { id: "p-1", title: "Magnolia Lace Gown", handle: "magnolia-lace-gown", image: null },
          },
        ],
        cartId: null,
        checkoutUrl: null,
        isLoading: true,
      }),
    );
  });
}

test.describe("header and footer", () => {
  test("desktop: every SPEC link, Sign In, and the footer's columns with the Admin link", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    // Without motion the home page's sections are all shown at once, so axe sees them at full colour.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(NAV);
    await expect(nav.getByRole("link", { name: "The Fitting Room" })).toHaveAttribute("href", "/fitting-room");
    // No one is signed in: no Admin item, and a Sign In link to /auth.
    await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    const footer = page.getByRole("contentinfo");
    for (const column of ["Shop", "Services", "About", "Visit Us"])
      await expect(footer.getByRole("heading", { name: column })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin/login");
    await expectNoAxeViolations(page);
  });

  test("phone: the menu sheet lists the links and closes on a choice, by keyboard too", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    // The header itself keeps the search, the Sign In link and the bag on a phone, beside the menu.
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    await expect(banner.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Search dresses" })).toBeVisible();
    await expect(banner.getByRole("button", { name: /^Shopping bag/ })).toBeVisible();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link")).toHaveText([...NAV, "Sign In"]);
    await expectNoAxeViolations(page);
    await screenshotForPeople(page, "menu-phone");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Prom" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL("/prom");
  });
});

test.describe("the bag", () => {
  test("empty: says so, and checkout is disabled", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: /Shopping bag, 0 items/ }).click();
    const bag = page.getByRole("dialog", { name: "Shopping Bag" });
    await expect(bag.getByText("Your bag is empty")).toBeVisible();
    await expect(bag.getByRole("button", { name: "Checkout with Shopify" })).toBeDisabled();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`kept across reloads, with quantity controls, at ${size} width`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await seedBag(page);
      const errors = collectConsoleErrors(page);
      await page.goto("/");
      await expect(page.getByTestId("bag-count")).toHaveText("2");
      await page.getByRole("button", { name: /Shopping bag, 2 items/ }).click();
      const bag = page.getByRole("dialog", { name: "Shopping Bag" });
      await expect(bag.getByText("2 item(s)")).toBeVisible();
      await expect(bag.getByTestId("bag-line")).toContainText("M • Ivory");
      await expect(bag.getByTestId("bag-line")).toContainText("USD $1,249.00");
      await expect(bag.getByTestId("bag-total")).toHaveText("USD $2,498.00");
      // A checkout left half-done before a reload does not stay stuck.
      await expect(bag.getByRole("button", { name: "Checkout with Shopify" })).toBeEnabled();
      await expectNoAxeViolations(page);
      await screenshotForPeople(page, `bag-${size}`);
      await bag.getByRole("button", { name: "One more Magnolia Lace Gown" }).click();
      await expect(bag.getByTestId("bag-total")).toHaveText("USD $3,747.00");
      await page.reload();
      await expect(page.getByTestId("bag-count")).toHaveText("3");
      await page.getByRole("button", { name: /Shopping bag, 3 items/ }).click();
      for (let i = 0; i < 3; i++) await bag.getByRole("button", { name: "One fewer Magnolia Lace Gown" }).click();
      await expect(bag.getByText("Your bag is empty")).toBeVisible();
      await expect(page.getByTestId("bag-count")).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }
});
