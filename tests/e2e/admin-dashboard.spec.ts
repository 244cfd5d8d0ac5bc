import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { boutiqueDatePlus } from "../helpers/boutique-date";
import { bookGuest, dayName, signInAsAdmin, slotShort, timeLabel, uid } from "./admin-helpers";
import { startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { expectFinishedInBothThemes, expectNoAxeViolations, screenshotForPeople, THEMES, VIEWPORTS, VIEWS, setView } from "./helpers";

// The admin dashboard (issue 12, SPEC §2, §4, §5, §8): every control, with and without JavaScript, at both sizes.
test.describe.configure({ timeout: 240_000 });

test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

/** Rows of our own through the public forms, named with a tag only this test uses. */
async function seed(request: APIRequestContext, tag: string, { submissions = 2 } = {}) {
  for (let i = 1; i <= submissions; i++) {
    // Multipart, as the form sends it (it takes images).
    const response = await request.post("/custom-design", {
      multipart: {
        name: `Client ${tag} ${i}`,
        email: `client-${tag}-${i}@example.com`,
        eventType: "wedding",
        vision: `A flowing silk gown ${tag}`,
      },
      maxRedirects: 0,
    });
    expect(response.status(), "design request").toBeLessThan(400);
  }
  // Any free slot, weeks beyond the fixed slots fitting-room.spec.ts books (7 to 11 days ahead): other tests book too, and a full one answers 409.
  let booked = 0;
  for (let attempt = 0; attempt < 20 && (booked === 0 || booked === 409); attempt++) {
    const time = `${String(10 + Math.floor(Math.random() * 8)).padStart(2, "0")}:00`;
    const booking = await request.post("/fitting-room", {
      form: { name: `Guest ${tag}`, email: `guest-${tag}@example.com`, date: boutiqueDatePlus(20 + Math.floor(Math.random() * 60)), time },
      maxRedirects: 0,
    });
    booked = booking.status();
  }
  expect(booked, "booking").toBeLessThan(400);
  const signup = await request.post("/newsletter", { form: { email: `reader-${tag}@example.com` }, maxRedirects: 0 });
  expect(signup.status(), "newsletter").toBeLessThan(400);
}

async function openDashboard(page: Page, query = "") {
  await page.goto(`/admin/dashboard${query}`);
  await waitForHydration(page);
}

/** The view follows the search as it is typed and the status as it is chosen: no button to press. */
async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search" }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text)}`));
}

async function chooseStatus(page: Page, status: string) {
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: status });
  await expect(page).toHaveURL(new RegExp(status === "All" ? `status=all` : `status=${status.toLowerCase()}`));
}

/**
 * The toast of a page served after a plain form post: the root prints it in <noscript>. A browser without JavaScript
 * shows it; Playwright's switch only stops scripts, so Chromium still parses <noscript> as text: read that text.
 */
async function expectFlash(page: Page, text: string) {
  await expect.poll(async () => /<noscript>(.*?)<\/noscript>/s.exec(await page.content())?.[1] ?? "").toContain(text);
}

const table = (page: Page, name: string) => page.getByRole("table", { name });
/** A row's details panel: the dialog named by the row's customer (or email), opened from its "Details and history". */
const detailsOf = (page: Page, name: string) => page.getByRole("dialog", { name: `Details of ${name}` });

async function openDetails(page: Page, row: Locator, name: string): Promise<Locator> {
  await row.getByRole("button", { name: `Details and history of ${name}` }).click();
  const details = detailsOf(page, name);
  await expect(details).toBeVisible();
  return details;
}

/** Escape closes the panel, and the list is in reach again. */
async function closeDetails(page: Page, details: Locator) {
  await page.keyboard.press("Escape");
  await expect(details).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]id=/);
}
const toast = (page: Page, text: string) => page.getByRole("listitem").filter({ hasText: text }).first();

test("an admin runs the day: counts, tabs, search, filter, status, history, export, delete, refresh, logout", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const tag = uid();
  await seed(page.request, tag);
  await signInAsAdmin(page.request);
  await openDashboard(page);

  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  const totals = page.getByRole("list", { name: "Totals" });
  await expect(totals.getByRole("listitem")).toHaveCount(3);
  for (const label of ["Custom Design Submissions", "Appointments", "Newsletter Subscribers"]) {
    await expect(totals.getByText(label)).toBeVisible();
    await expect(page.getByRole("tab", { name: label })).toBeVisible();
  }
  await expect(page.getByRole("tab", { name: "Custom Design Submissions" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toBeVisible();

  // Search, case-insensitively; the view lives in the URL.
  await search(page, tag.toUpperCase());
  const submissions = table(page, "Custom Design Submissions");
  await expect(submissions.getByRole("row")).toHaveCount(3);
  await page.reload();
  await waitForHydration(page);
  await expect(submissions.getByRole("row")).toHaveCount(3);

  // The status filter: none contacted yet.
  await search(page, tag);
  await chooseStatus(page, "Contacted");
  await expect(page).toHaveURL(/status=contacted/);
  await expect(page.getByText("No submissions found")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  // Nothing to export.
  await page.getByRole("button", { name: "Export CSV" }).click();
  await expect(toast(page, "No data to export")).toBeVisible();

  // A status change, from the row's dropdown; its badge and history follow.
  await search(page, tag);
  await chooseStatus(page, "All");
  const name = `Client ${tag} 1`;
  const row = submissions.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("pending", { exact: true })).toBeVisible();
  await page.getByRole("combobox", { name: `Update ${name}` }).selectOption("in-progress");
  await expect(toast(page, "Status updated successfully")).toBeVisible();
  await expect(row.getByText("in-progress", { exact: true })).toBeVisible();
  await page.getByRole("combobox", { name: `Update ${name}` }).selectOption("contacted");
  await expect(row.getByText("contacted", { exact: true })).toBeVisible();
  // The history is in the row's details panel; Escape closes it before the view changes again.
  const details = await openDetails(page, row, name);
  await expect(details.getByText(/changed the status from pending to in-progress/)).toBeVisible();
  await expect(details.getByText(/changed the status from in-progress to contacted/)).toBeVisible();
  await closeDetails(page, details);
  await search(page, tag);
  await chooseStatus(page, "Contacted");
  await expect(submissions.getByRole("row")).toHaveCount(2);

  // CSV: the tab's label and the day, what the search and filter show.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Custom Design Submissions \d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv).toContain(`"${name}"`);
  expect(csv).not.toContain(`Client ${tag} 2`);
  expect(csv.replace(/^\uFEFF/, "").split("\r\n")[0]).toMatch(/^"id","name","email"/);

  // Delete asks first; Cancel keeps the row.
  await search(page, tag);
  await chooseStatus(page, "All");
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Are you sure you want to delete this item?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(submissions.getByRole("row")).toHaveCount(3);
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Item deleted successfully")).toBeVisible();
  await expect(submissions.getByRole("row")).toHaveCount(2);
  // The deleted row's history stays: the recent activity shows the delete.
  await expect(page.getByRole("region", { name: "Recent activity" }).getByText(new RegExp(`deleted ${name}`))).toBeVisible();

  // Appointments.
  await page.getByRole("tab", { name: "Appointments" }).click();
  await expect(page.getByRole("tab", { name: "Appointments" })).toHaveAttribute("aria-selected", "true");
  await search(page, tag);
  const guest = `Guest ${tag}`;
  await expect(table(page, "Appointments").getByRole("row").filter({ hasText: guest })).toBeVisible();
  await page.getByRole("combobox", { name: `Update ${guest}` }).selectOption("confirmed");
  await expect(toast(page, "Status updated successfully")).toBeVisible();
  await search(page, tag);
  await chooseStatus(page, "Cancelled");
  await expect(page.getByText("No appointments found")).toBeVisible();

  // Subscribers: a badge, no change control.
  await page.getByRole("tab", { name: "Newsletter Subscribers" }).click();
  // The tab's page first, then the search (typed into the old page, it would search the old tab).
  await expect(page.getByRole("tab", { name: "Newsletter Subscribers" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/tab=subscribers/);
  await search(page, `reader-${tag}`);
  const subscribers = table(page, "Newsletter Subscribers");
  await expect(subscribers.getByRole("row")).toHaveCount(2);
  await expect(subscribers.getByText("active", { exact: true })).toBeVisible();
  await expect(page.getByRole("combobox", { name: /^Update / })).toHaveCount(0);
  await search(page, `reader-${tag}`);
  await chooseStatus(page, "Inactive");
  await expect(page.getByText("No subscribers found")).toBeVisible();
  await search(page, `reader-${tag}`);
  await chooseStatus(page, "Active");
  await page.getByRole("button", { name: `Delete reader-${tag}@example.com` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Item deleted successfully")).toBeVisible();
  await expect(page.getByText("No subscribers found")).toBeVisible();

  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(toast(page, "Data refreshed")).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText("Logged out successfully").first()).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

/** A 16×16 JPEG, as a phone would send one. */
const JPEG = Buffer.from(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCmAmmP/9k=",
  "base64",
);

/** The stored files (pictures and thumbnails) whose names start with an image's id, under the server's upload folder. */
async function storedFiles(imageId: string): Promise<string[]> {
  const root = join(process.env.E2E_DATA_DIR!, "uploads");
  const found: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.startsWith(imageId)) found.push(entry.name);
  }
  return found;
}

/**
 * Pictures of a row's open details panel at both sizes in both themes, to look at (each theme from a fresh load of the
 * panel's own URL, as a visitor gets it); then back to the laptop in light, the panel open. Only when SCREENSHOTS is
 * set, as `screenshotForPeople`: it checks nothing, and the reloads cost a run that saves no picture half a minute.
 */
async function shootDetails(page: Page, details: Locator, name: string) {
  if (!process.env.SCREENSHOTS) return;
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const theme of THEMES) {
      await setView(page, { viewport, theme });
      await page.reload();
      await waitForHydration(page);
      await details.waitFor();
      await screenshotForPeople(details, `details-${name}-${size}-${theme}`);
      await screenshotForPeople(page, `details-${name}-${size}-${theme}-page`);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  await waitForHydration(page);
  await details.waitFor();
}

test("a row's details: a request's images and the customer's other requests and fittings, a fitting's pull list; delete removes the files", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const tag = uid();
  const email = `mia-${tag}@example.com`;
  const name = `Mia ${tag}`;

  // The shopper, in a browser of her own: an account, a wishlist, a fitting with one dress to pull, two requests (one with images).
  const shopper = await browser.newContext();
  const her = shopper.request;
  const signUp = await her.post("/auth", { form: { intent: "sign-up", fullName: name, email, password: "secret12" }, maxRedirects: 0 });
  expect(signUp.status()).toBe(302);
  const origin = new URL(signUp.url()).origin;
  const wish = await her.post("/api/wishlist", {
    headers: { origin },
    data: {
      op: "upsert",
      items: [
        { id: `gid://pull/${tag}`, handle: "aurora-lace", title: `Aurora Lace ${tag}`, price: { amount: "1800.00", currencyCode: "USD" } },
      ],
    },
  });
  expect(wish.status()).toBe(200);
  let booked = 0;
  for (let attempt = 0; attempt < 20 && (booked === 0 || booked === 409); attempt++) {
    const time = `${String(10 + Math.floor(Math.random() * 8)).padStart(2, "0")}:00`;
    const booking = await her.post("/fitting-room", {
      form: { name, email, date: boutiqueDatePlus(20 + Math.floor(Math.random() * 60)), time, pull: `gid://pull/${tag}` },
      maxRedirects: 0,
    });
    booked = booking.status();
  }
  expect(booked, "booking").toBeLessThan(400);
  const earlier = await her.post("/custom-design", {
    multipart: { name, email, eventType: "prom", vision: `A blush tulle gown for prom ${tag}` },
    maxRedirects: 0,
  });
  expect(earlier.status(), "first request").toBeLessThan(400);
  const withImages = await her.post("/custom-design", {
    multipart: {
      name,
      email: email.toUpperCase(),
      eventType: "wedding",
      vision: `An ivory lace gown with a train ${tag}`,
      images: { name: "veil.jpg", mimeType: "image/jpeg", buffer: JPEG },
    },
    maxRedirects: 0,
  });
  expect(withImages.status(), "request with images").toBeLessThan(400);

  await signInAsAdmin(page.request);
  await openDashboard(page, `?tab=submissions&q=${encodeURIComponent(`ivory lace gown with a train ${tag}`)}`);
  const submissions = table(page, "Custom Design Submissions");
  await expect(submissions.getByRole("row")).toHaveCount(2);
  const row = submissions.getByRole("row").filter({ hasText: name });
  const details = await openDetails(page, row, name);
  // Every field, the image (a thumbnail linking to the picture), and her other request and her fitting.
  await expect(details.getByRole("definition").filter({ hasText: `An ivory lace gown with a train ${tag}` })).toBeVisible();
  const image = details.getByRole("link", { name: `Inspiration image 1 of 1 from ${name}` });
  await expect(image).toBeVisible();
  await expect.poll(() => image.getByRole("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const href = (await image.getAttribute("href"))!;
  expect((await page.request.get(href)).headers()["content-type"]).toBe("image/webp");
  const imageId = /images\/([0-9a-f-]{36})/.exec(href)![1]!;
  expect(await storedFiles(imageId)).toHaveLength(2);
  await expect(details.getByRole("list", { name: `Other requests from ${name}` }).getByRole("listitem")).toHaveText([/Prom/]);
  await expect(details.getByRole("list", { name: `Appointments of ${name}` }).getByRole("listitem")).toHaveCount(1);
  await expectNoAxeViolations(page);
  await shootDetails(page, details, "submission");

  // Her fitting's pull list links to the dress (the link leaves the panel for the appointments' list).
  await details.getByRole("link", { name: `All appointments of ${email}` }).click();
  await expect(details).toHaveCount(0);
  const fittings = table(page, "Appointments");
  const fitting = fittings.getByRole("row").filter({ hasText: name });
  await expect(fitting).toHaveCount(1);
  const fittingDetails = await openDetails(page, fitting, name);
  const dress = fittingDetails.getByRole("list", { name: `Dresses to pull for ${name}` }).getByRole("link", { name: `Aurora Lace ${tag}` });
  await expect(dress).toHaveAttribute("href", "/product/aurora-lace");
  await expectNoAxeViolations(page);
  await shootDetails(page, fittingDetails, "appointment");

  // Deleting the request removes its stored files.
  await openDashboard(page, `?tab=submissions&q=${encodeURIComponent(`ivory lace gown with a train ${tag}`)}`);
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Item deleted successfully")).toBeVisible();
  await expect(page.getByText("No submissions found")).toBeVisible();
  await expect.poll(() => storedFiles(imageId)).toHaveLength(0);
  expect((await page.request.get(href)).status()).toBe(404);
  await shopper.close();
});

test("pages by keyset, and the page lives in the URL", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const tag = uid();
  await seed(page.request, tag, { submissions: 27 });
  await signInAsAdmin(page.request);
  await openDashboard(page, `?tab=submissions&q=${tag}`);
  const rows = table(page, "Custom Design Submissions").getByRole("row");
  await expect(rows).toHaveCount(26);
  await expect(rows.nth(1)).toContainText(`Client ${tag} 27`);
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(/after=.*page=2/);
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText(`Client ${tag} 1`);
  await expect(page.getByText("Page 2")).toBeVisible();
  await page.reload();
  await expect(rows).toHaveCount(3);
  await page.getByRole("link", { name: "Newer" }).click();
  await expect(rows).toHaveCount(26);
  await expect(page.getByRole("link", { name: "Newer" })).toHaveCount(0);
});

test("works without JavaScript: search, status, delete after the question, refresh", async ({ browser }: { browser: Browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone });
  const page = await context.newPage();
  const tag = uid();
  await seed(page.request, tag);
  await signInAsAdmin(page.request);
  await page.goto(`/admin/dashboard?tab=submissions&q=${tag}`);
  const name = `Client ${tag} 2`;
  const submissions = table(page, "Custom Design Submissions");
  await expect(submissions.getByRole("row")).toHaveCount(3);
  const row = submissions.getByRole("row").filter({ hasText: name });
  await page.getByRole("combobox", { name: `Update ${name}` }).selectOption("completed");
  await row.getByRole("button", { name: "Save" }).click();
  await expectFlash(page, "Status updated successfully");
  await expect(row.getByText("completed", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));

  await page.getByRole("link", { name: `Delete ${name}` }).click();
  const question = page.getByRole("alertdialog", { name: "Are you sure you want to delete this item?" });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Delete" }).click();
  await expectFlash(page, "Item deleted successfully");
  await expect(submissions.getByRole("row")).toHaveCount(2);

  await page.getByRole("button", { name: "Refresh" }).click();
  await expectFlash(page, "Data refreshed");
  // An export of nothing comes back to the view with the message.
  await page.goto(`/admin/dashboard/export?tab=submissions&q=nothing-${tag}`);
  await expectFlash(page, "No data to export");
  await context.close();
});

test("a fitting reads in the boutique's time and words; no-show has its badge and filter; a fitting to come is cancelled first, not deleted", async ({
  page,
}) => {
  const tag = uid();
  const name = `Guest ${tag}`;
  const booked = await bookGuest(page.request, name, `guest-${tag}@example.com`);
  await signInAsAdmin(page.request);
  await openDashboard(page, `?tab=appointments&q=${tag}`);
  const row = table(page, "Appointments").getByRole("row").filter({ hasText: name });

  // The fitting column: its day and hour as SPEC writes times (shortened in a table), never "2026-12-01 at 14:00".
  await expect(row.getByText(slotShort(booked.date, booked.time), { exact: true })).toBeVisible();
  await expect(row).not.toContainText(booked.date);
  await expect(row).not.toContainText("UTC");
  // When it was booked, on the boutique's clock (Savannah: America/New_York), whatever the browser's own zone.
  const received = row.locator("time").first();
  const instant = new Date((await received.getAttribute("datetime"))!);
  const savannah = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", dateStyle: "medium", timeStyle: "short" });
  await expect(received).toHaveText(savannah.format(instant).replace(/\u202f/g, " "));
  const details = await openDetails(page, row, name);
  await expect(details.getByText(dayName(booked.date), { exact: true })).toBeVisible();
  await expect(details.getByText(timeLabel(booked.time), { exact: true })).toBeVisible();
  await expect(
    details.getByText(/^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/),
  ).toBeVisible();
  await closeDetails(page, details);

  // Deleting it would leave the customer to turn up: the question says so, and the server refuses.
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const question = page.getByRole("alertdialog");
  await expect(question).toContainText("still to come");
  await question.getByRole("button", { name: "Delete" }).click();
  // The refusal is said in the dialog, which keeps the page behind it (and its toasts) out of reach while open.
  await expect(question.getByRole("alert")).toHaveText("Cancel it first");
  await question.getByRole("button", { name: "Keep it" }).click();
  await expect(question).toBeHidden();
  await expect(row).toBeVisible();

  // She did not come: no-show, with its own badge and filter; it no longer holds its seat, so it may go.
  await page.getByRole("combobox", { name: `Update ${name}` }).selectOption({ label: "No-show" });
  await expect(toast(page, "Status updated successfully")).toBeVisible();
  await expect(row.getByText("no-show", { exact: true })).toBeVisible();
  await chooseStatus(page, "No-show");
  await expect(row).toBeVisible();
  await chooseStatus(page, "Confirmed");
  await expect(page.getByText("No appointments found")).toBeVisible();
  await chooseStatus(page, "No-show");
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(question).toContainText(`${name} will be removed`);
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Item deleted successfully")).toBeVisible();
  await expect(page.getByText("No appointments found")).toBeVisible();
});

/** The console's navigation at each width, with who is signed in beside it: in the sidebar, or in the phone's menu. */
const CONSOLE_NAV = {
  desktop: async (page: Page, email: string) => {
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole("button", { name: "Open staff menu" })).toBeHidden();
    return page.getByRole("navigation", { name: "Staff console" });
  },
  phone: async (page: Page, email: string) => {
    // The pages fold into a menu.
    await expect(page.getByRole("navigation", { name: "Staff console" })).toBeHidden();
    await page.getByRole("button", { name: "Open staff menu" }).click();
    const menu = page.getByRole("dialog", { name: "Staff console" });
    await expect(menu.getByText(email)).toBeVisible();
    return menu.getByRole("navigation", { name: "Staff console" });
  },
} as const;

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`the staff console at ${size} width: its own layout, the pages, who is signed in and Logout; no storefront chrome`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const email = await signInAsAdmin(page.request);
    await openDashboard(page);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    // The sign-up's flash is said on the first page it reaches.
    const signedUp = page.getByRole("region", { name: /^Notifications/ }).getByText("Account created successfully!");
    await expect(signedUp).toBeVisible();
    // None of the storefront's header, footer, bag, search, splash or golden cursor.
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Shopping bag/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Search dresses" })).toHaveCount(0);
    await expect(page.locator("canvas")).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

    const nav = await CONSOLE_NAV[size as keyof typeof CONSOLE_NAV](page, email);
    await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Agenda", "Availability", "Insights", "Mail"]);
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Mail" }).click();
    await expect(page).toHaveURL(/\/admin\/mail$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mail Outbox" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // Axe judges the page once the flash has gone by itself (sonner's 4 s), not a toast caught fading out.
    await expect(signedUp).toHaveCount(0, { timeout: 15_000 });
    await expectNoAxeViolations(page);

    // /admin opens the dashboard; Logout leaves for the login page, which keeps the storefront's look.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
}

for (const { size, viewport, theme } of VIEWS) {
  test(`the dashboard passes axe at ${size} in both themes (loaded in ${theme})`, async ({ page }) => {
    await setView(page, { viewport, theme }, { reducedMotion: "reduce" });
    const tag = uid();
    await seed(page.request, tag);
    await signInAsAdmin(page.request);
    for (const tab of ["submissions", "appointments", "subscribers"]) {
      await openDashboard(page, `?tab=${tab}&q=${tag}`);
      await expect(page.getByRole("table")).toBeVisible();
      await page
        .getByRole("button", { name: /^Details and history of / })
        .first()
        .click();
      const details = page.getByRole("dialog", { name: /^Details of / });
      await expect(details).toBeVisible();
      // The page itself never scrolls sideways: a wide table scrolls inside its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectFinishedInBothThemes(page, `admin-${tab}-${size}`, { fullPage: true });
      await closeDetails(page, details);
    }
    await page
      .getByRole("button", { name: /^Delete / })
      .first()
      .click();
    const question = page.getByRole("alertdialog");
    await expect(question).toBeVisible();
    // Hovered, as a mouse about to press it leaves it: its colours must still read in both themes.
    await question.getByRole("button", { name: "Delete" }).hover();
    await expectFinishedInBothThemes(page, `admin-dialog-${size}`);
    await page.getByRole("button", { name: "Cancel" }).click();
    await openDashboard(page, `?tab=submissions&q=nothing-${tag}`);
    await expect(page.getByText("No submissions found")).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
