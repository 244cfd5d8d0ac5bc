import { describe, expect, it } from "vitest";
import { BRAND } from "~/lib/brand";
import { brandedMail, renderLayout } from "~/modules/mail/mail.server";
import { MAIL_PALETTE } from "~/modules/mail/templates/layout.server";

const ADDRESS = `${BRAND.street}, ${BRAND.city}, ${BRAND.region} ${BRAND.postalCode}`;

function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("the branded mail layout", () => {
  it("says who we are and where, in HTML and in plain text", () => {
    const { html, text } = renderLayout({ blocks: [{ kind: "heading", text: "Your fitting is booked" }] });
    for (const body of [html, text]) {
      expect(body).toContain("Your fitting is booked");
      expect(body).toContain(ADDRESS);
      expect(body).toContain(BRAND.phone);
      expect(body).toContain(BRAND.email);
    }
    expect(html).toContain(`${BRAND.fullName.replace("&", "&#38;")}`);
    expect(text).toContain(BRAND.fullName);
    expect(html).not.toContain("Unsubscribe");
    expect(text).not.toContain("Unsubscribe");
  });

  it("escapes every value it is given: a customer's text cannot add markup, attributes or links", () => {
    const hostile = `Zoë "<script>alert(1)</script>" & <a href="https://evil.example">win</a> ' onload='x`;
    const { html, text } = renderLayout({
      preheader: hostile,
      blocks: [
        { kind: "heading", text: hostile },
        { kind: "paragraph", text: hostile },
        { kind: "code", text: hostile },
        { kind: "note", text: hostile },
        { kind: "details", rows: [{ label: hostile, value: hostile }] },
        { kind: "button", label: hostile, url: 'https://boutique.example/a?b=1&c="2"' },
      ],
      unsubscribe: { url: "https://boutique.example/u?token=t1.x.y", reason: hostile },
    });
    expect(html).not.toContain("<script");
    expect(html).not.toContain('evil.example">');
    expect(html).not.toMatch(/<a href="https:\/\/evil/);
    expect(html).not.toContain("onload='x");
    expect(html).toContain("&#60;script&#62;");
    expect(html).toContain('href="https://boutique.example/a?b=1&#38;c=%222%22"');
    // The plain text keeps the words as written: there is nothing to escape in text.
    expect(text).toContain(hostile);
  });

  it("refuses links that are not web or mail links", () => {
    for (const url of ["javascript:alert(1)", "data:text/html,hi", "not a url", "//evil.example"]) {
      expect(() => renderLayout({ blocks: [{ kind: "button", label: "Go", url }] }), url).toThrow(TypeError);
    }
  });

  it("keeps control characters out of the subject and the body", () => {
    const mail = brandedMail({
      kind: "test",
      to: "ava@example.com",
      subject: "Hello\r\nBcc: victim@example.org",
      blocks: [{ kind: "paragraph", text: "Line one\r\nLine two\u0007\u001b[31m" }],
    });
    expect(mail.subject).toBe("Hello Bcc: victim@example.org");
    expect(mail.text).toContain("Line one\nLine two[31m");
    expect(mail.html).toContain("Line one<br>Line two[31m");
  });

  it("shows the same content in the plain text: codes, details, buttons with their URL", () => {
    const { text } = renderLayout({
      blocks: [
        { kind: "code", text: "HIVE15" },
        {
          kind: "details",
          rows: [
            { label: "Date", value: "Saturday, May 16" },
            { label: "Total", value: "$1,200.00", strong: true },
          ],
        },
        { kind: "button", label: "View your order", url: "https://boutique.example/checkout/1" },
      ],
    });
    expect(text).toContain("    HIVE15");
    expect(text).toContain("Date: Saturday, May 16\nTotal: $1,200.00");
    expect(text).toContain("View your order: https://boutique.example/checkout/1");
  });

  it("adds the unsubscribe footer and List-Unsubscribe only to newsletter mail", () => {
    const url = "https://boutique.example/newsletter/unsubscribe?token=t1.a.b";
    const bulk = brandedMail({
      kind: "newsletter",
      to: "ava@example.com",
      subject: "News",
      blocks: [{ kind: "paragraph", text: "Hi" }],
      unsubscribe: { url, reason: "You joined our newsletter." },
    });
    expect(bulk.listUnsubscribeUrl).toBe(url);
    expect(bulk.text).toContain(`You joined our newsletter.\nUnsubscribe: ${url}`);
    expect(bulk.html).toContain(`href="${url}"`);
    const personal = brandedMail({ kind: "order", to: "ava@example.com", subject: "Order", blocks: [{ kind: "paragraph", text: "Hi" }] });
    expect(personal.listUnsubscribeUrl).toBeUndefined();
  });

  it("reads in light and in dark mail clients: every text colour passes WCAG AA on its background", () => {
    for (const scheme of ["light", "dark"] as const) {
      const p = MAIL_PALETTE[scheme];
      for (const [fg, bg, label] of [
        [p.text, p.card, "text on card"],
        [p.muted, p.card, "muted on card"],
        [p.accent, p.card, "accent on card"],
        [p.onAccent, p.accent, "button label"],
        [p.muted, p.page, "muted on page"],
      ] as const) {
        expect(contrast(fg, bg), `${scheme}: ${label}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    const { html } = renderLayout({ blocks: [] });
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain("@media (prefers-color-scheme: dark)");
    for (const colour of Object.values(MAIL_PALETTE.dark)) expect(html).toContain(colour);
  });
});
