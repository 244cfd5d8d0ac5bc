import { expect, test, type Page } from "@playwright/test";
import { startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { expectFinishedInBothThemes, VIEWPORTS, VIEWS, setView } from "./helpers";

// The brand intro and the newsletter prompt greet a new session elsewhere; accounts are tested without them.
test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

/** A fresh shopper per test, so each test stands alone. */
function shopper() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { name: "Ada Shopper", email: `ada-${id}@example.com`, password: "secret12" };
}

async function signUp(page: Page, who: ReturnType<typeof shopper>) {
  await page.goto("/auth?tab=sign-up");
  await waitForHydration(page);
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Full name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  // Password hashing on a busy shared machine: give the redirect time.
  await expect(page).toHaveURL(/\/account$/, { timeout: 30_000 });
  await expect(page.getByText("Account created successfully!")).toBeVisible();
}

test.describe("accounts", () => {
  // Several pages, sign-ups and axe runs per test: room for a busy shared machine.
  test.describe.configure({ timeout: 240_000 });
  test("a shopper signs up, edits the profile and an address, sees the empty lists, logs out and signs in again", async ({ page }) => {
    const who = shopper();
    await signUp(page, who);
    await expect(
      page
        .getByRole("link", { name: "My account" })
        .or(page.getByRole("button", { name: /menu/i }))
        .first(),
    ).toBeVisible();

    // Profile
    await expect(page.getByLabel("Email")).toHaveValue(who.email);
    await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
    await expect(page.getByText("Email cannot be changed")).toBeVisible();
    await page.getByLabel("Phone").fill("912-555-0100");
    await page.getByRole("button", { name: "Save profile" }).click();
    // Said once: the toast, with no copy of it beside the form while it shows (a search for the words finds one).
    await expect(page.getByText("Profile updated successfully")).toBeVisible();

    // Addresses: the required fields, US by default, added then edited then deleted
    await page.getByRole("tab", { name: "Addresses" }).click();
    await expect(page.getByText("No addresses saved")).toBeVisible();
    await expect(page.getByLabel("Country")).toHaveValue("US");
    await page.getByLabel("Full name").fill("Ada Shopper");
    await page.getByLabel("Address line 1").fill("9 Magnolia Row");
    await page.getByLabel("City").fill("Savannah");
    await page.getByLabel("State").fill("GA");
    await page.getByLabel("Postal code").fill("31401");
    await page.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByText("Address added")).toBeVisible();
    await expect(page.getByText("9 Magnolia Row")).toBeVisible();
    await page.getByRole("link", { name: /Edit address/ }).click();
    await page.getByLabel("City").fill("Tybee Island");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByText("Address updated")).toBeVisible();
    await expect(page.getByText(/Tybee Island/)).toBeVisible();
    await page.getByRole("button", { name: /Delete address/ }).click();
    await expect(page.getByText("Address deleted").first()).toBeVisible();
    await expect(page.getByText("No addresses saved")).toBeVisible();

    for (const [tab, empty] of [
      ["Orders", "No orders yet"],
      ["Wishlist", "Your wishlist is empty"],
      ["Design Requests", "No design requests yet"],
      ["Appointments", "No appointments yet"],
    ] as const) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByText(empty)).toBeVisible();
    }

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Logged out successfully")).toBeVisible();
    await page.goto("/account");
    await expect(page).toHaveURL(/\/auth/);

    await page.getByLabel("Email").fill(who.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Sign in failed")).toBeVisible();
    await page.getByLabel("Password").fill(who.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/account/, { timeout: 30_000 });
    await expect(page.getByText("Signed in successfully!")).toBeVisible();
  });

  test("the sign-in form works before JavaScript loads", async ({ browser }) => {
    const who = shopper();
    const setup = await browser.newPage();
    await startSessionAsReturning(setup);
    await signUp(setup, who);
    await setup.close();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(who.email);
    await page.getByLabel("Password").fill(who.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/account/);
    await expect(page.getByRole("heading", { name: who.name })).toBeVisible();
    await context.close();
  });

  test("a customer is refused at /admin/login and signed out", async ({ page }) => {
    const who = shopper();
    await signUp(page, who);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(who.email);
    await page.getByLabel("Password").fill(who.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Access denied. Admin privileges required.")).toBeVisible();
    await page.goto("/account");
    await expect(page).toHaveURL(/\/auth/);
  });

  test("the wishlist of a signed-in shopper is saved and shown on the account page", async ({ page }) => {
    await page.goto("/weddings");
    await waitForHydration(page);
    const heart = page.getByRole("button", { name: "Add to wishlist" }).first();
    await heart.click();
    await expect(page.getByRole("button", { name: "Remove from wishlist" }).first()).toBeVisible();
    await signUp(page, shopper());
    await page.getByRole("tab", { name: "Wishlist" }).click();
    await expect(page.getByRole("button", { name: /^Remove .* from wishlist$/ })).toHaveCount(1, { timeout: 15_000 });
    await page.getByRole("button", { name: /^Remove .* from wishlist$/ }).click();
    await expect(page.getByText("Removed from wishlist")).toBeVisible();
    await expect(page.getByText("Your wishlist is empty")).toBeVisible();
    // It stays removed: the browser's own copy of the list went too, so the next page's sync does not write it back.
    await page.goto("/weddings");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Remove from wishlist" })).toHaveCount(0);
    await page.goto("/account/wishlist");
    await expect(page.getByText("Your wishlist is empty")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Remove .* from wishlist$/ })).toHaveCount(0);
  });

  test("a signed-in shopper finds the checkout filled in, and the order on the account page", async ({ page, context }) => {
    const who = shopper();
    await signUp(page, who);
    await page.goto("/product/magnolia-lace-ball-gown?Size=S&Color=Ivory");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add to Bag" }).first().click();
    await expect(page.getByText("Added to bag")).toBeVisible();
    await page.getByRole("button", { name: /Shopping bag, 1 item/ }).click();
    const bag = page.getByRole("dialog", { name: "Shopping Bag" });
    const [checkout] = await Promise.all([
      context.waitForEvent("page"),
      bag.getByRole("button", { name: "Checkout with Shopify" }).click(),
    ]);
    await checkout.waitForURL(/\/checkout\//);
    await expect(checkout.getByLabel("Full name")).toHaveValue(who.name);
    await expect(checkout.getByLabel("Email")).toHaveValue(who.email);
    await checkout.getByRole("button", { name: "Place Order" }).click();
    const confirmed = checkout.getByText(/^Order #\d+ confirmed$/);
    await expect(confirmed).toBeVisible({ timeout: 30_000 });
    const orderNumber = /#(\d+)/.exec((await confirmed.textContent()) ?? "")?.[1];

    // The order joined the account: it is listed on the Orders tab.
    await page.goto("/account/orders");
    await expect(page.getByRole("cell", { name: `#${orderNumber}` })).toBeVisible();
    await expect(page.getByText("No orders yet")).toHaveCount(0);
  });

  test("a shopper deletes the account after confirming, and cannot sign in with it again", async ({ page }) => {
    const who = shopper();
    await signUp(page, who);
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Delete my account" }).click();
    // The password first: a borrowed, unlocked browser is not enough.
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog.getByText("Enter your password").first()).toBeVisible();
    await dialog.getByLabel("Password").fill("not-the-password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog.getByText("That password is not right").first()).toBeVisible();
    await dialog.getByLabel("Password").fill(who.password);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Your account has been deleted")).toBeVisible();
    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(who.email);
    await page.getByLabel("Password").fill(who.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Sign in failed").first()).toBeVisible();
  });

  test("at 390 px the tab strip starts at its first tab and shows that it scrolls; a later tab opened by link is brought into view", async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await signUp(page, shopper());
    await page.goto("/account");
    await waitForHydration(page);
    const strip = page.getByRole("tablist", { name: "Account sections" });
    await expect(strip.getByRole("tab", { name: "Profile" })).toBeInViewport({ ratio: 1 });
    expect(await strip.evaluate((el) => el.scrollLeft)).toBe(0);
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(strip.getByRole("tab", { name: "Security" })).not.toBeInViewport({ ratio: 1 });
    // The fades beside the strip (decorative, hidden from assistive technology): the end one shows there is more.
    const startFade = strip.locator("xpath=following-sibling::*[@aria-hidden='true'][1]");
    const endFade = strip.locator("xpath=following-sibling::*[@aria-hidden='true'][2]");
    await expect(endFade).toHaveCSS("opacity", "1");
    await expect(startFade).toHaveCSS("opacity", "0");
    await strip.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(endFade).toHaveCSS("opacity", "0");
    await expect(startFade).toHaveCSS("opacity", "1");

    await page.goto("/account/security");
    await waitForHydration(page);
    // Scrolled to its end (a tab's width is fractional: the last fraction of a pixel may stay under the edge).
    await expect(strip.getByRole("tab", { name: "Security" })).toBeInViewport({ ratio: 0.98 });
    await page.goto("/account/profile");
    await waitForHydration(page);
    await expect(strip.getByRole("tab", { name: "Profile" })).toBeInViewport({ ratio: 1 });
  });

  test("at 1440 px every tab of the strip is in view, with no fade", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await signUp(page, shopper());
    await waitForHydration(page);
    const strip = page.getByRole("tablist", { name: "Account sections" });
    for (const tab of ["Profile", "Orders", "Wishlist", "Addresses", "Design Requests", "Appointments", "Security"]) {
      await expect(strip.getByRole("tab", { name: tab })).toBeInViewport({ ratio: 1 });
    }
    await expect(strip.locator("xpath=following-sibling::*[@aria-hidden='true'][2]")).toHaveCSS("opacity", "0");
  });

  for (const { size, viewport, theme } of VIEWS) {
    test(`auth, account and admin login pass axe at ${size} in both themes (loaded in ${theme})`, async ({ page }) => {
      await setView(page, { viewport, theme }, { reducedMotion: "reduce" });
      await page.goto("/auth");
      await expectFinishedInBothThemes(page, `auth-${size}`, { fullPage: true });
      await page.goto("/admin/login");
      await expectFinishedInBothThemes(page, `admin-login-${size}`, { fullPage: true });
      await signUp(page, shopper());
      for (const tab of ["profile", "addresses", "security"]) {
        await page.goto(`/account/${tab}`);
        await expectFinishedInBothThemes(page, `account-${tab}-${size}`, { fullPage: true });
      }
    });
  }
});
