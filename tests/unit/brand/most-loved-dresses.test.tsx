import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MostLovedDresses, type MostLovedProduct } from "~/modules/brand/components/home/most-loved-dresses";

function product(n: number, overrides: Partial<MostLovedProduct> = {}): MostLovedProduct {
  return {
    id: `gid://shopify/Product/${n}`,
    title: `Gown ${n}`,
    handle: `gown-${n}`,
    priceRange: { minVariantPrice: { amount: `${1000 + n * 100}.0`, currencyCode: "USD" } },
    images: [{ url: `https://cdn.shopify.com/gown-${n}.jpg`, altText: `Gown ${n} in ivory`, width: 1200, height: 1500 }],
    ...overrides,
  };
}

const render = (products: MostLovedProduct[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <MostLovedDresses products={products} />
    </MemoryRouter>,
  );

describe("Most Loved Dresses", () => {
  it("shows the first 3 of the 6 fetched, each linking to its product page with its price and a sized image", () => {
    const html = render([1, 2, 3, 4, 5, 6].map((n) => product(n)));
    expect(html.match(/href="\/product\/gown-\d"/g)).toEqual([
      'href="/product/gown-1"',
      'href="/product/gown-2"',
      'href="/product/gown-3"',
    ]);
    expect(html).toContain("USD $1,100.00");
    expect(html).toContain("USD $1,300.00");
    expect(html).not.toContain("Gown 4");
    expect(html).toContain('width="1200" height="1500"');
    expect(html).toContain('alt="Gown 1 in ivory"');
    expect(html).toContain('href="/weddings"');
    expect(html).not.toContain("coming soon");
  });

  it("says 'coming soon', and still leads to the collection, when there are none", () => {
    const html = render([]);
    expect(html).toContain("Coming soon");
    expect(html).toContain("Our most loved gowns are on their way");
    expect(html).toContain('href="/weddings"');
    expect(html).not.toContain("/product/");
  });

  it("copes with a product that has no image", () => {
    const html = render([product(7, { images: [] })]);
    expect(html).toContain('href="/product/gown-7"');
    expect(html).toContain("USD $1,700.00");
  });
});
