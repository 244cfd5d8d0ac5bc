import { expect, test, type Page } from "@playwright/test";
import { signUpInBrowser, startSessionAsReturning, uniqueEmail, waitForHydration } from "./brand-helpers";
import {
  collectConsoleErrors,
  expectFinishedInBothThemes,
  expectNoSidewaysScroll,
  screenshotForPeople,
  VIEWPORTS,
  VIEWS,
  setView,
} from "./helpers";

const next = (page: Page) => page.getByRole("button", { name: "Next" });
const progress = (page: Page) => page.getByRole("progressbar", { name: "Custom design form progress" });
const optionsOf = (page: Page, label: string) => page.getByLabel(label).locator("option");
// The choices of step 2's event select and step 3's budget select, in order.
const EVENT_TYPES = ["Select your event", "Wedding", "Prom", "Gala", "Birthday", "Anniversary", "Other"];
const BUDGET_RANGES = ["Select a range", "Under $1,000", "$1,000 - $2,500", "$2,500 - $5,000", "$5,000+"];

async function open(page: Page) {
  await page.goto("/custom-design");
  await waitForHydration(page);
}

function isoDaysFromNow(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** Step 1: Ada's name and email, then on to step 2. */
async function aboutAda(page: Page) {
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill("ada@example.com");
  await next(page).click();
}

/** Step 1 as Ada, step 2 an event of that type with no date, then on to step 3. */
async function toStepThree(page: Page, event: string) {
  await aboutAda(page);
  await page.getByLabel("Event type").selectOption(event);
  await next(page).click();
}

test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

test("the page: title, How It Works, and the four steps with their messages", async ({ page }) => {
  await open(page);
  await expect(page.getByRole("heading", { level: 1, name: "A Dress as Unique as Your Story" })).toBeVisible();
  const how = page.getByRole("region", { name: "How It Works" });
  for (const title of ["Share Your Vision", "Design Together", "Perfect Fit"]) {
    await expect(how.getByRole("heading", { name: title })).toBeVisible();
  }

  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await next(page).click();
  // The toast says it; the copy beside the field waits until the toast has gone, so the words are on the page once.
  await expect(page.getByText("Please fill in your name and email")).toBeVisible();
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  // An overlong entry is kept as typed (no maxlength cuts it short) and refused with SPEC's message.
  await page.getByLabel("Full name").fill("A".repeat(101));
  await expect(page.getByLabel("Full name")).toHaveValue("A".repeat(101));
  await page.getByLabel("Email").fill("ada@example.com");
  await next(page).click();
  await expect(page.getByText("Name must be less than 100 characters").first()).toBeVisible();
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Phone").fill("1".repeat(21));
  await next(page).click();
  await expect(page.getByText("Phone must be less than 20 characters").first()).toBeVisible();
  await page.getByLabel("Phone").fill("");
  await page.getByLabel("Email").fill("not-an-address");
  await next(page).click();
  await expect(page.getByText("Invalid email address").first()).toBeVisible();
  await page.getByLabel("Email").fill("ada@example.com");
  await next(page).click();

  await expect(page.getByText("Step 2 of 4")).toBeVisible();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "2");
  await expect(page.getByRole("button", { name: "Previous" })).toBeEnabled();
  await expect(optionsOf(page, "Event type")).toHaveText(EVENT_TYPES);
  await next(page).click();
  await expect(page.getByText("Please tell us about your event").first()).toBeVisible();
  await page.getByLabel("Event type").selectOption("gala");
  await page.getByLabel("Event date").fill(isoDaysFromNow(-3));
  await next(page).click();

  await expect(page.getByText("Step 3 of 4")).toBeVisible();
  await expect(optionsOf(page, "Budget range")).toHaveText(BUDGET_RANGES);
  await next(page).click();
  await expect(page.getByText("Please share your vision").first()).toBeVisible();
  // Step 3 asks only what SPEC's step rule asks (a vision); the schema's limits are the submit's, which goes back to step 3.
  const submit = page.getByRole("button", { name: "Submit Vision" });
  for (const [vision, style, message] of [
    ["short", "", "Please provide at least 10 characters describing your vision"],
    ["v".repeat(1001), "", "Vision must be less than 1000 characters"],
    ["A column gown in midnight silk with a low back", "s".repeat(101), "Style preference must be less than 100 characters"],
  ] as const) {
    await page.getByLabel("Describe your vision").fill(vision);
    await page.getByLabel("Style preference").fill(style);
    await next(page).click();
    await expect(page.getByText("Step 4 of 4")).toBeVisible();
    await submit.click();
    await expect(page.getByText(message).first()).toBeVisible();
    await expect(page.getByText("Step 3 of 4")).toBeVisible();
  }
  await page.getByLabel("Style preference").fill("");
  await page.getByLabel("Describe your vision").fill("A column gown in midnight silk with a low back");
  await next(page).click();

  await expect(page.getByText("Step 4 of 4")).toBeVisible();
  await expect(page.getByRole("heading", { name: "What Happens Next?" })).toBeVisible();
  // The past event date is refused by the server: back to step 2 with the message beside the field.
  await page.getByRole("button", { name: "Submit Vision" }).click();
  await expect(page.getByText("The event date has passed. Please choose a date in the future.").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Step 2 of 4")).toBeVisible();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
});

test("submits: 'Submitting...', the toast, a cleared form back on step 1; a short-notice date is said plainly", async ({ page }) => {
  await open(page);
  await aboutAda(page);
  await page.getByLabel("Event type").selectOption("wedding");
  await page.getByLabel("Event date").fill(isoDaysFromNow(30));
  await expect(page.getByText(/Custom designs need at least 8 weeks before your event/)).toBeVisible();
  await next(page).click();
  await page.getByLabel("Describe your vision").fill("A long lace gown with sleeves and a chapel train");
  await page.getByLabel("Budget range").selectOption("2500-5000");
  await next(page).click();

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/custom-design/submit", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Submit Vision" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  release();
  await expect(page.getByText("Vision submitted!")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("We'll be in touch within 24 hours to start bringing your dream dress to life.")).toBeVisible();
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("");
});

test("a failure reaching the server ends in SPEC's message", async ({ page }) => {
  await open(page);
  await toStepThree(page, "prom");
  await page.getByLabel("Describe your vision").fill("A bright two-piece with a beaded top");
  await next(page).click();
  await page.route("**/custom-design/submit", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
  await page.getByRole("button", { name: "Submit Vision" }).click();
  await expect(page.getByText("Failed to submit. Please try again.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Describe your vision")).toHaveValue("A bright two-piece with a beaded top");
});

/** A 16 px JPEG made with sharp, shipped as bytes. */
const JPEG = Buffer.from(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCmAmmP/9k=",
  "base64",
);

async function toStepFour(page: Page) {
  await toStepThree(page, "wedding");
  await page.getByLabel("Describe your vision").fill("A long lace gown with sleeves and a chapel train");
  await next(page).click();
  await expect(page.getByText("Step 4 of 4")).toBeVisible();
}

test("inspiration images: a progress bar while they upload, then the toast; a non-image is refused and the form kept", async ({ page }) => {
  await open(page);
  await toStepFour(page);
  const images = page.getByLabel("Inspiration images");
  await expect(images).toHaveAccessibleDescription(/Up to 6 images \(JPEG, PNG, WebP, AVIF or HEIC\), 10 MB each/);

  // Seven files: refused before sending.
  await images.setInputFiles(Array.from({ length: 7 }, (_, i) => ({ name: `${i}.jpg`, mimeType: "image/jpeg", buffer: JPEG })));
  await expect(page.getByText("Please choose at most 6 images.").first()).toBeVisible();

  // A text file named like a photo: the server reads its bytes and says so; every field stays.
  await images.setInputFiles([{ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("these are my notes, not a photo") }]);
  await page.getByRole("button", { name: "Submit Vision" }).click();
  await expect(page.getByText("notes.jpg is not a JPEG, PNG, WebP, AVIF or HEIC image.").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Step 4 of 4")).toBeVisible();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Describe your vision")).toHaveValue("A long lace gown with sleeves and a chapel train");
  await next(page).click();

  await images.setInputFiles([
    { name: "veil.jpg", mimeType: "image/jpeg", buffer: JPEG },
    { name: "lace.jpg", mimeType: "image/jpeg", buffer: JPEG },
  ]);
  await expect(page.getByRole("list", { name: "Chosen images" }).getByRole("listitem")).toHaveCount(2);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/custom-design/submit", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Submit Vision" }).click();
  await expect(page.getByRole("progressbar", { name: "Uploading images" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  release();
  await expect(page.getByText("Vision submitted!")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Uploading images" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Chosen images" })).toHaveCount(0);
});

test("a long field counts its characters as the limit nears, read with the field", async ({ page }) => {
  await open(page);
  await toStepThree(page, "gala");
  const vision = page.getByLabel("Describe your vision");
  await vision.fill("v".repeat(799));
  await expect(page.getByText(/of 1000 characters/)).toHaveCount(0);
  await vision.fill("v".repeat(800));
  await expect(page.getByText("800 of 1000 characters")).toBeVisible();
  await expect(page.getByText("800 of 1000 characters")).toHaveAttribute("aria-live", "polite");
  await expect(vision).toHaveAccessibleDescription(/800 of 1000 characters/);
  await vision.fill("v".repeat(1003));
  await expect(page.getByText("1003 of 1000 characters: 3 too many")).toBeVisible();
  // The short fields count against their own limits, from the same schema.
  await page.getByLabel("Style preference").fill("s".repeat(85));
  await expect(page.getByText("85 of 100 characters")).toBeVisible();
  await vision.fill("A column gown in midnight silk");
  await expect(page.getByText(/of 1000 characters/)).toHaveCount(0);
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`photos she can see at ${size} width: thumbnails with their real sizes, remove, drag and drop; the request carries what is left`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await open(page);
    await toStepFour(page);
    const chosen = page.getByRole("list", { name: "Chosen images" });
    const input = page.getByLabel("Inspiration images");
    await input.setInputFiles([
      { name: "veil.jpg", mimeType: "image/jpeg", buffer: JPEG },
      { name: "lace.jpg", mimeType: "image/jpeg", buffer: JPEG },
    ]);
    await expect(chosen.getByRole("listitem")).toHaveCount(2);
    for (const name of ["veil.jpg", "lace.jpg"]) {
      const item = chosen.getByRole("listitem").filter({ hasText: name });
      await expect(item.getByRole("img", { name })).toBeVisible();
      // The preview is the file itself, drawn by the browser.
      await expect.poll(() => item.getByRole("img", { name }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
      await expect(item.getByText(`${JPEG.length} bytes`)).toBeVisible();
    }

    await page.getByRole("button", { name: "Remove veil.jpg" }).click();
    await expect(chosen.getByRole("listitem")).toHaveCount(1);
    await expect(chosen.getByRole("img", { name: "lace.jpg" })).toBeVisible();
    // The file input is what the form sends: it holds what is shown.
    expect(await input.evaluate((el: HTMLInputElement) => [...(el.files ?? [])].map((f) => f.name))).toEqual(["lace.jpg"]);

    // A file dropped on the drop zone joins them (a drop event with a DataTransfer made in the page).
    const zone = page.getByRole("group", { name: "Drop photos here, or choose them" });
    await zone.evaluate(
      (element, bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], "bouquet.jpg", { type: "image/jpeg" }));
        for (const type of ["dragenter", "dragover", "drop"]) {
          element.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
        }
      },
      [...JPEG],
    );
    await expect(chosen.getByRole("listitem")).toHaveCount(2);
    await expect(chosen.getByRole("img", { name: "bouquet.jpg" })).toBeVisible();
    expect(await input.evaluate((el: HTMLInputElement) => [...(el.files ?? [])].map((f) => f.name))).toEqual(["lace.jpg", "bouquet.jpg"]);

    // Removing the last one moves focus to the remove button before it.
    await page.getByRole("button", { name: "Remove bouquet.jpg" }).click();
    await expect(page.getByRole("button", { name: "Remove lace.jpg" })).toBeFocused();
    await expect(chosen.getByRole("listitem")).toHaveCount(1);

    const answered = page.waitForResponse((r) => r.url().endsWith("/custom-design/submit") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Submit Vision" }).click();
    await expect(page.getByText("Vision submitted!")).toBeVisible({ timeout: 30_000 });
    // The request carries the one image left.
    expect(await (await answered).json()).toMatchObject({ ok: true, images: 1 });
    await expect(chosen).toHaveCount(0);
  });
}

test.describe("signed in", () => {
  test.describe.configure({ timeout: 240_000 });

  test("her name, email and phone fill step 1 at both widths, and she may change them for this request", async ({ page }) => {
    const email = uniqueEmail("design");
    await signUpInBrowser(page, "Ada Designer", email);
    await page.getByLabel("Phone").fill("912-555-0100");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();

    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await open(page);
      await expect(page.getByLabel("Full name")).toHaveValue("Ada Designer");
      await expect(page.getByLabel("Email")).toHaveValue(email);
      await expect(page.getByLabel("Phone")).toHaveValue("912-555-0100");
      await screenshotForPeople(page, `custom-design-prefill-${size}`);
    }
    // Changed for this request only: the next visit starts from her profile again.
    await page.getByLabel("Full name").fill("Ada D. Designer");
    await next(page).click();
    await expect(page.getByText("Step 2 of 4")).toBeVisible();
    await open(page);
    await expect(page.getByLabel("Full name")).toHaveValue("Ada Designer");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every step is shown in one form; errors come back beside their fields; a valid request is accepted", async ({ page }) => {
    await page.goto("/custom-design");
    for (const legend of ["About You", "Event Details", "Your Vision", "Inspiration"]) {
      await expect(page.getByRole("heading", { name: legend, exact: true })).toBeVisible();
    }
    await page.getByLabel("Full name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Event type").selectOption("birthday");
    await page.getByLabel("Describe your vision").fill("short");
    await page.getByRole("button", { name: "Submit Vision" }).click();
    await expect(page.getByRole("alert").first()).toHaveText("Please provide at least 10 characters describing your vision");
    await expect(page.getByLabel("Describe your vision")).toHaveAccessibleDescription(/Please provide at least 10 characters/);
    await expect(page.getByLabel("Full name")).toHaveValue("Ada Lovelace");
    await page.getByLabel("Describe your vision").fill("A sequinned midi in emerald green");
    await page.getByLabel("Inspiration images").setInputFiles([{ name: "emerald.jpg", mimeType: "image/jpeg", buffer: JPEG }]);
    await page.getByRole("button", { name: "Submit Vision" }).click();
    await expect(page.getByRole("status")).toContainText("Vision submitted!");
    // The plain file input sent the photo.
    await expect(page.getByRole("status")).toContainText("1 inspiration image received.");
  });
});

for (const { size, viewport, theme } of VIEWS) {
  test(`looks finished and passes axe at ${size} width in both themes (loaded in ${theme})`, async ({ page }) => {
    test.slow();
    await setView(page, { viewport, theme });
    const errors = collectConsoleErrors(page);
    await open(page);
    await expectNoSidewaysScroll(page);
    await expectFinishedInBothThemes(page, `custom-design-${size}`, { fullPage: true });
    // The inspiration step with two photos chosen and one refused file's message.
    await toStepFour(page);
    await page.getByLabel("Inspiration images").setInputFiles([
      { name: "veil-with-a-rather-long-file-name-from-a-phone-IMG_20260412_101112.jpg", mimeType: "image/jpeg", buffer: JPEG },
      { name: "lace.jpg", mimeType: "image/jpeg", buffer: JPEG },
    ]);
    await expectNoSidewaysScroll(page);
    await expectFinishedInBothThemes(page, `custom-design-images-${size}`, { fullPage: true });
    expect(errors).toEqual([]);
  });
}
