import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { selectedVariantFrom } from "~/modules/catalogue/catalogue";
import { ProductOptions } from "~/modules/catalogue/components/product-options";
import { gown } from "./two-option-gown";

/** The pickers as the server sends them, for the URL's search. */
function render(search: string): string {
  const Stub = createRoutesStub([
    {
      path: "/product/gown",
      Component: () => <ProductOptions product={gown} variant={selectedVariantFrom(gown, new URLSearchParams(search))} />,
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={[`/product/gown${search}`]} />);
}

/** Each form's fields in order: [name, value, kind], kind being "hidden", "submit" or "disabled". */
function forms(html: string) {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attributes, body]) => ({
    method: /method="([^"]*)"/.exec(attributes!)?.[1],
    action: /action="([^"]*)"/.exec(attributes!)?.[1],
    group: /<fieldset aria-labelledby="([^"]+)"/.exec(body!)?.[1],
    fields: [...body!.matchAll(/<(input|button)\b([^>]*)>(?:([^<]*)<\/button>)?/g)].map(([, tag, attrs, text]) => {
      const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs!)?.[1];
      return {
        tag,
        type: attr("type"),
        name: attr("name"),
        value: attr("value"),
        text,
        disabled: /\bdisabled=""/.test(attrs!),
        pressed: attr("aria-pressed"),
        describedBy: attr("aria-describedby"),
      };
    }),
    body: body!,
  }));
}

/** Both pickers for the URL's search, with their option buttons in order and each one's [text, aria-pressed, disabled]. */
function pickers(search: string) {
  const [size, color] = forms(render(search));
  const buttons = [...size!.fields, ...color!.fields].filter((f) => f.tag === "button");
  return { size: size!, color: color!, buttons, states: buttons.map((b) => [b.text, b.pressed, b.disabled]) };
}

describe("ProductOptions (SPEC §2 option buttons, §4 the choice in the URL)", () => {
  it("is one GET form per option, named by the option, whose buttons send the value and hidden fields the other choices in order", () => {
    const html = render("?Size=S&Color=Ivory");
    const [size, color] = forms(html);
    // A GET form's own fields replace the action's search, with and without JavaScript.
    for (const form of [size, color]) {
      expect(form?.method).toBe("get");
      expect(form?.action).toMatch(/^\/product\/gown(\?|$)/);
    }
    // The group's name is the element with the option's name alone ("Size"), not the legend's "Size: S".
    expect(html).toContain(`<span id="${size!.group}">Size</span>`);
    expect(html).toContain(`<span id="${color!.group}">Color</span>`);

    // Size first, then the other choice after it: the URL reads ?Size=…&Color=… as variantSearch writes it.
    expect(size!.fields.map((f) => [f.tag, f.type, f.name, f.value ?? f.text])).toEqual([
      ["button", "submit", "Size", "S"],
      ["button", "submit", "Size", "M"],
      ["input", "hidden", "Color", "Ivory"],
    ]);
    expect(color!.fields.map((f) => [f.tag, f.type, f.name, f.value ?? f.text])).toEqual([
      ["input", "hidden", "Size", "S"],
      ["button", "submit", "Color", "Ivory"],
      // S / Blush: no variant has it, so it cannot be chosen and sends nothing.
      ["button", "button", undefined, "Blush"],
    ]);
  });

  it("presses the chosen values, names each button by its value alone, and disables only a value no variant has", () => {
    const { buttons, states } = pickers("?Size=S&Color=Ivory");
    expect(states).toEqual([
      ["S", "true", false],
      ["M", "false", false],
      ["Ivory", "true", false],
      ["Blush", "false", true],
    ]);
    for (const button of buttons) expect(button).not.toHaveProperty("aria-label");
  });

  it("describes a sold-out choice as sold out, keeping its name the value", () => {
    const html = render("?Size=S&Color=Ivory");
    const [size] = forms(html);
    const m = size!.fields.find((f) => f.text === "M")!;
    // M / Ivory is sold out; S / Ivory is not.
    expect(m.describedBy).toBeTruthy();
    expect(html).toContain(`<span id="${m.describedBy}" class="sr-only">Sold out</span>`);
    expect(size!.fields.find((f) => f.text === "S")!.describedBy).toBeUndefined();
  });

  it("follows the URL: M / Blush presses M and Blush, and every value is open again", () => {
    const { size, color, states } = pickers("?Size=M&Color=Blush");
    expect(states).toEqual([
      ["S", "false", true],
      ["M", "true", false],
      ["Ivory", "false", false],
      ["Blush", "true", false],
    ]);
    expect(size.fields.at(-1)).toMatchObject({ type: "hidden", name: "Color", value: "Blush" });
    expect(color.fields[0]).toMatchObject({ type: "hidden", name: "Size", value: "M" });
  });
});
