import { expect, test, type Page } from "@playwright/test";
import { expectImagesLoadedAndSized, loadAllImages, revealWholePage, startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { collectConsoleErrors, expectFinishedInBothThemes, expectNoSidewaysScroll, VIEWS, setView } from "./helpers";

const PAGES = [
  {
    path: "/our-story",
    name: "our-story",
    h1: "Made for the Moments You Will Remember",
    title: "Our Story | The Hive Bridal & Formal, Savannah",
  },
  { path: "/journal", name: "journal", h1: "Notes from the Fitting Room", title: "The Journal | The Hive Bridal & Formal" },
  { path: "/faq", name: "faq", h1: "Frequently Asked Questions", title: "Frequently Asked Questions | The Hive Bridal & Formal" },
];

test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

for (const brandPage of PAGES) {
  test.describe(brandPage.path, () => {
    test("has its title, description and canonical address, and its images load", async ({ page, baseURL }) => {
      await page.goto(brandPage.path);
      await expect(page).toHaveTitle(brandPage.title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(brandPage.h1);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length).toBeGreaterThan(60);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${brandPage.path}`);
      if (brandPage.name !== "faq") {
        await loadAllImages(page);
        await expectImagesLoadedAndSized(page);
      }
    });

    for (const { size, viewport, theme } of VIEWS) {
      test(`looks finished and passes axe at ${size} width in both themes (loaded in ${theme})`, async ({ page }) => {
        await setView(page, { viewport, theme });
        const errors = collectConsoleErrors(page);
        await page.goto(brandPage.path);
        await waitForHydration(page);
        await loadAllImages(page);
        await revealWholePage(page);
        await expectNoSidewaysScroll(page);
        await expectFinishedInBothThemes(page, `${brandPage.name}-${size}`, { fullPage: true });
        expect(errors).toEqual([]);
      });
    }
  });
}

test("our story: the founder's letter, three beliefs and the way to custom design", async ({ page }) => {
  await page.goto("/our-story");
  await expect(page.getByText("A letter from our founder")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Dear friend," })).toBeVisible();
  const beliefs = page.getByRole("region", { name: "Three Things We Hold Dear" });
  await expect(beliefs.getByRole("heading", { level: 3 })).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Start Your Custom Design" })).toHaveAttribute("href", "/custom-design");
});

test("journal: four articles with title, category, date and excerpt, none of them a link", async ({ page }) => {
  await page.goto("/journal");
  const articles = page.locator("main article");
  await expect(articles).toHaveCount(4);
  for (const article of await articles.all()) {
    await expect(article.getByRole("heading", { level: 2 })).not.toBeEmpty();
    await expect(article.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    await expect(article.locator("p").filter({ hasText: /·/ })).toHaveText(/^(Bridal Guide|Planning|Prom|Gown Care) · \w+ \d{1,2}, \d{4}$/);
    expect((await article.locator("p").last().textContent())?.length).toBeGreaterThan(80);
    await expect(article.getByRole("link")).toHaveCount(0);
  }
});

async function faqState(page: Page, categoryName: string) {
  const section = page.getByRole("region", { name: categoryName });
  return section.getByRole("button").evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-expanded")));
}

test.describe("FAQ", () => {
  test("six categories; the first question of each is open; one open at a time, and it closes again", async ({ page }) => {
    await page.goto("/faq");
    await waitForHydration(page);
    const categories = ["Shipping & Delivery", "Returns & Exchanges", "Custom Design", "Alterations", "Appointments", "Gown Care"];
    await expect(page.locator("main section[id]")).toHaveCount(6);
    for (const category of categories) expect(await faqState(page, category)).toEqual(["true", "false", "false"]);

    const shipping = page.getByRole("region", { name: "Shipping & Delivery" });
    await shipping.getByRole("button", { name: "Do you ship outside the United States?" }).click();
    expect(await faqState(page, "Shipping & Delivery")).toEqual(["false", "true", "false"]);
    await expect(shipping.getByText("we ship within the US only")).toBeVisible();
    await expect(shipping.getByText("Standard shipping takes 5-7 business days")).toBeHidden();
    // The other categories are independent.
    expect(await faqState(page, "Returns & Exchanges")).toEqual(["true", "false", "false"]);
    await shipping.getByRole("button", { name: "Do you ship outside the United States?" }).click();
    expect(await faqState(page, "Shipping & Delivery")).toEqual(["false", "false", "false"]);
    // By keyboard too.
    await shipping.getByRole("button", { name: "How long does shipping take?" }).focus();
    await page.keyboard.press("Enter");
    expect(await faqState(page, "Shipping & Delivery")).toEqual(["true", "false", "false"]);
  });

  test("states SPEC's facts, links to contact and booking, and ends with the collections and experiences", async ({ page }) => {
    await page.goto("/faq");
    const text = await page.locator("main").textContent();
    for (const fact of [
      "5-7 business days",
      "2-3 days",
      "4-6 weeks",
      "at least 8 weeks before your event",
      "within 24 hours",
      "within 14 days of delivery",
      "unworn and still has its tags",
      "Custom designs and sale items are final sale",
      "Simple hems start at $50",
      "up to 2 guests",
      "within the US only",
      "Within 2 weeks of the wedding",
    ]) {
      expect(text, fact).toContain(fact);
    }
    await expect(page.getByRole("link", { name: "Contact Our Design Team" })).toHaveAttribute("href", "/custom-design");
    await expect(page.getByRole("link", { name: "Book a Fitting" })).toHaveAttribute("href", "/fitting-room");
    const explore = page.getByRole("navigation", { name: "Explore The Hive" });
    for (const href of ["/weddings", "/prom", "/celebrations", "/custom-design", "/fitting-room"])
      await expect(explore.locator(`a[href="${href}"]`)).toHaveCount(1);
  });

  test("carries FAQPage structured data matching the page, under the CSP nonce", async ({ page, request }) => {
    const response = await request.get("/faq");
    const csp = response.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const html = await response.text();
    const script = /<script type="application\/ld\+json" nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
    expect(script?.[1]).toBe(nonce);
    const data = JSON.parse(script![2]!) as {
      "@type": string;
      mainEntity: { "@type": string; name: string; acceptedAnswer: { text: string } }[];
    };
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(18);
    expect(data.mainEntity[0]).toMatchObject({ "@type": "Question", name: "How long does shipping take?" });
    expect(data.mainEntity[0]!.acceptedAnswer.text).toContain("5-7 business days");
    // Every answer is in the HTML, closed ones too (hidden until opened).
    for (const entry of data.mainEntity) expect(html).toContain(entry.name.replace(/'/g, "&#x27;"));

    await page.goto("/faq");
    await waitForHydration(page);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
  });
});
