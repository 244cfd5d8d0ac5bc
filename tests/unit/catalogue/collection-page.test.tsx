import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { parseCollectionQuery } from "~/modules/catalogue/collection-rules";
import { CollectionPage } from "~/modules/catalogue/components/collection-page";
import type { CollectionHandle } from "~/modules/catalogue/types";

/**
 * The collection page as the server sends it for `url`, with no dress left after the filter (SPEC §4, state 3):
 * Weddings' page offers the style filter, Prom's does not.
 */
function render(url: string, collection: CollectionHandle): string {
  const query = parseCollectionQuery(new URL(url, "http://boutique.test").searchParams);
  const Stub = createRoutesStub([
    {
      path: "/weddings",
      Component: () => <CollectionPage collection={collection} data={{ total: 12, products: [], query, notice: null, showcase: [] }} />,
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={[url]} />);
}

/** The opening tags of every `<tag>` in the markup. */
const tags = (html: string, tag: string) => [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))].map((m) => m[0]);

/** Each `<button>` of the markup: its attributes and its text. */
const buttons = (html: string) =>
  [...html.matchAll(/<button\b([^>]*)>([^<]*)<\/button>/g)].map((m) => ({
    text: m[2],
    ...Object.fromEntries([...(m[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  }));

/** The markup of each GET form, in order. */
const forms = (html: string) => [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map((m) => m[0]);

describe("collection page controls, as the server renders them", () => {
  it("'Clear Filters' is a submit button of a GET form that keeps the sort and drops the style", () => {
    const html = render("/weddings?style=romantic&sort=name-az", "weddings");
    expect(html).toContain("No Results Found");
    const clear = forms(html).find((form) => form.includes("Clear Filters"));
    expect(clear).toMatch(/^<form\b[^>]*method="get"/);
    expect(buttons(clear!)).toEqual([expect.objectContaining({ type: "submit", text: "Clear Filters" })]);
    expect(buttons(clear!)[0]).not.toHaveProperty("name");
    expect(tags(clear!, "input")).toEqual(['<input type="hidden" name="sort" value="name-az"/>']);
    expect(html).not.toMatch(/<a\b[^>]*>Clear Filters/);
  });

  it("the bridal style filters are submit buttons in a group named Style, the chosen one pressed, and they keep the sort", () => {
    const html = render("/weddings?style=romantic&sort=name-az", "weddings");
    const styles = forms(html).find((form) => form.includes("<legend"))!;
    expect(styles).toMatch(/<fieldset><legend[^>]*>Style<\/legend>/);
    expect(styles).toMatch(/^<form\b[^>]*method="get"/);
    const pick = ({ type, name, value, text, ...rest }: Record<string, string | undefined>) => ({
      type,
      name,
      value,
      text,
      pressed: rest["aria-pressed"],
    });
    expect(buttons(styles).map(pick)).toEqual([
      { type: "submit", name: undefined, value: undefined, text: "All Styles", pressed: "false" },
      { type: "submit", name: "style", value: "outdoor", text: "Outdoor", pressed: "false" },
      { type: "submit", name: "style", value: "formal", text: "Formal", pressed: "false" },
      { type: "submit", name: "style", value: "bohemian", text: "Bohemian", pressed: "false" },
      { type: "submit", name: "style", value: "modern", text: "Modern", pressed: "false" },
      { type: "submit", name: "style", value: "romantic", text: "Romantic", pressed: "true" },
    ]);
    expect(tags(styles, "input")).toEqual(['<input type="hidden" name="sort" value="name-az"/>']);
  });

  it("the sort is a labelled select in a GET form that keeps the style, with an Apply button for browsers without JavaScript", () => {
    const html = render("/weddings?style=romantic&sort=name-az", "weddings");
    const sort = forms(html).find((form) => form.includes('id="sort-inline"'))!;
    expect(sort).toMatch(/<label for="sort-inline"[^>]*>Sort by<\/label>/);
    expect(sort).toContain('<input type="hidden" name="style" value="romantic"/>');
    const select = tags(sort, "select")[0];
    expect(select).toContain('id="sort-inline"');
    expect(select).toContain('name="sort"');
    expect(select).toContain('data-submit-on-change=""');
    expect(sort).toMatch(/<option value="name-az" selected="">Name: A-Z<\/option>/);
    expect(sort).toMatch(/<noscript><button type="submit"[^>]*>Apply<\/button><\/noscript>/);
  });

  it("without the style filter (Prom, Celebrations) there is the sort alone: no style buttons and no drawer", () => {
    const html = render("/weddings?sort=price-high", "prom");
    expect(html).toContain('id="sort-inline"');
    expect(html).not.toContain("All Styles");
    expect(html).not.toContain("Filter &amp; Sort");
    expect(html).not.toContain("<noscript><div");
  });
});
