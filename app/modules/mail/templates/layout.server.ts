import { BRAND } from "~/lib/brand";
import type { MailAttachment, MailMessage } from "../types";

/**
 * The one branded layout every mail of ours uses, as HTML and as plain text
 * from the same blocks. Callers pass text, never markup: every value is
 * escaped here, so a customer's name or note cannot inject HTML or links.
 */
export type MailBlock =
  | { kind: "heading"; text: string }
  /** A line break in the text is kept (a sign-off, an address). */
  | { kind: "paragraph"; text: string }
  /** Something to copy exactly: a discount code, a reference number. */
  | { kind: "code"; text: string }
  /** The mail's main action; the plain text shows the URL beside the label. */
  | { kind: "button"; label: string; url: string }
  /** Label and value pairs: an order's lines and total, a fitting's date and time. `strong` marks a total. */
  | { kind: "details"; rows: { label: string; value: string; strong?: boolean }[] }
  /** Small print inside the body. */
  | { kind: "note"; text: string };

export interface LayoutInput {
  /** The line mail clients show after the subject in the inbox; hidden in the body. */
  preheader?: string;
  blocks: MailBlock[];
  /** Newsletter mail: why this reached the reader, and the link that stops it. */
  unsubscribe?: { url: string; reason: string };
}

export interface RenderedMail {
  html: string;
  text: string;
}

/**
 * The palette, chosen to pass WCAG AA (4.5:1 for text) in both schemes:
 * light is inlined (clients that drop <style> keep it); dark comes from
 * `prefers-color-scheme` and Outlook.com's `[data-ogsc]` hooks. Tests check
 * each text and background pair.
 */
export const MAIL_PALETTE = {
  light: { page: "#f6f1e9", card: "#ffffff", text: "#2b2a28", muted: "#5f5a52", accent: "#7a5d28", border: "#e6dccb", onAccent: "#ffffff" },
  dark: { page: "#1b1916", card: "#26231f", text: "#f3eee6", muted: "#cbc2b4", accent: "#e3c98f", border: "#4a4238", onAccent: "#1b1916" },
} as const;

const SERIF = "Georgia,'Times New Roman',serif";
const SANS = "'Helvetica Neue',Arial,sans-serif";

export function boutiqueAddress(): string {
  return `${BRAND.street}, ${BRAND.city}, ${BRAND.region} ${BRAND.postalCode}`;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Only web and mail links go into a mail; anything else is a bug in the caller. */
export function safeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`mail link is not a URL: ${JSON.stringify(url.slice(0, 80))}`);
  }
  if (!["https:", "http:", "mailto:"].includes(parsed.protocol))
    throw new TypeError(`mail link must be http(s) or mailto, got ${parsed.protocol}`);
  return parsed.toString();
}

/** Text for a single-line spot (subject, preheader): no control characters, no line breaks. */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  return value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

/** Control characters other than line breaks have no place in a mail body. */
function cleanText(value: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  return value.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "");
}

const htmlText = (value: string) => escapeHtml(cleanText(value)).replace(/\n/g, "<br>");

function blockHtml(block: MailBlock): string {
  const { light } = MAIL_PALETTE;
  switch (block.kind) {
    case "heading":
      return `<tr><td class="hive-text" style="padding:8px 40px 8px;text-align:center;font-family:${SERIF};font-size:30px;line-height:1.25;font-weight:normal;color:${light.text}"><h1 style="margin:0;font-size:30px;font-weight:normal">${htmlText(block.text)}</h1></td></tr>`;
    case "paragraph":
      return `<tr><td class="hive-muted" style="padding:8px 40px;text-align:center;font-family:${SANS};font-size:15px;line-height:1.6;color:${light.muted}">${htmlText(block.text)}</td></tr>`;
    case "note":
      return `<tr><td class="hive-muted" style="padding:8px 40px;text-align:center;font-family:${SANS};font-size:13px;line-height:1.6;color:${light.muted}">${htmlText(block.text)}</td></tr>`;
    case "code":
      return `<tr><td align="center" style="padding:12px 40px 20px"><div class="hive-code" style="display:inline-block;border:1px dashed ${light.accent};padding:14px 28px;font-family:${SANS};font-size:22px;letter-spacing:6px;color:${light.text}">${htmlText(block.text)}</div></td></tr>`;
    case "button": {
      const href = escapeHtml(safeUrl(block.url));
      return `<tr><td align="center" style="padding:16px 40px 24px"><table role="presentation" cellpadding="0" cellspacing="0"><tr><td class="hive-button" style="background:${light.accent};border-radius:999px"><a class="hive-button-link" href="${href}" style="display:inline-block;padding:14px 32px;font-family:${SANS};font-size:13px;letter-spacing:2px;text-transform:uppercase;text-decoration:none;color:${light.onAccent}">${htmlText(block.label)}</a></td></tr></table></td></tr>`;
    }
    case "details": {
      const rows = block.rows
        .map(
          (row) =>
            `<tr><td class="hive-muted hive-rule" style="padding:10px 0;border-bottom:1px solid ${light.border};font-family:${SANS};font-size:14px;color:${light.muted};text-align:left">${htmlText(row.label)}</td><td class="hive-text hive-rule" style="padding:10px 0 10px 16px;border-bottom:1px solid ${light.border};font-family:${SANS};font-size:14px;color:${light.text};text-align:right;${row.strong ? "font-weight:bold" : ""}">${htmlText(row.value)}</td></tr>`,
        )
        .join("");
      return `<tr><td style="padding:8px 40px 16px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table></td></tr>`;
    }
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case "heading":
      return cleanText(block.text);
    case "paragraph":
    case "note":
      return cleanText(block.text);
    case "code":
      return `    ${cleanText(block.text)}`;
    case "button":
      return `${cleanText(block.label)}: ${safeUrl(block.url)}`;
    case "details":
      return block.rows.map((row) => `${cleanText(row.label)}: ${cleanText(row.value)}`).join("\n");
  }
}

const DARK_CSS = (() => {
  const { dark } = MAIL_PALETTE;
  const rules = `
  .hive-page { background:${dark.page} !important; }
  .hive-card { background:${dark.card} !important; border-color:${dark.border} !important; }
  .hive-text, .hive-text h1 { color:${dark.text} !important; }
  .hive-muted { color:${dark.muted} !important; }
  .hive-accent, .hive-accent a { color:${dark.accent} !important; }
  .hive-code { color:${dark.text} !important; border-color:${dark.accent} !important; }
  .hive-rule { border-color:${dark.border} !important; }
  .hive-button { background:${dark.accent} !important; }
  .hive-button-link { color:${dark.onAccent} !important; }`;
  const outlook = rules.replace(/^ {2}\./gm, "  [data-ogsc] .").replace(/, \./g, ", [data-ogsc] .");
  return `@media (prefers-color-scheme: dark) {${rules}\n}\n${outlook}`;
})();

export function renderLayout({ preheader, blocks, unsubscribe }: LayoutInput): RenderedMail {
  const { light } = MAIL_PALETTE;
  const address = boutiqueAddress();
  const unsubscribeUrl = unsubscribe ? safeUrl(unsubscribe.url) : null;

  const footerHtml = [
    `<strong style="font-weight:normal;letter-spacing:1px">${escapeHtml(BRAND.fullName)}</strong><br>${escapeHtml(address)}<br>${escapeHtml(BRAND.phone)} &middot; <a class="hive-accent" href="mailto:${escapeHtml(BRAND.email)}" style="color:${light.accent}">${escapeHtml(BRAND.email)}</a>`,
    unsubscribe && unsubscribeUrl
      ? `<br><br>${htmlText(unsubscribe.reason)}<br><a class="hive-accent" href="${escapeHtml(unsubscribeUrl)}" style="color:${light.accent}">Unsubscribe</a>`
      : "",
  ].join("");

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(BRAND.fullName)}</title>
<style>
:root { color-scheme: light dark; supported-color-schemes: light dark; }
${DARK_CSS}
</style>
</head>
<body class="hive-page" style="margin:0;padding:0;background:${light.page};color:${light.text}">
${preheader ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(oneLine(preheader))}</div>` : ""}
<table class="hive-page" role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${light.page}"><tr><td align="center" style="padding:40px 16px">
<table class="hive-card" role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${light.card};border:1px solid ${light.border}">
<tr><td class="hive-text" style="padding:40px 40px 8px;text-align:center;letter-spacing:6px;font-family:${SERIF};font-size:22px;text-transform:uppercase;color:${light.text}">${escapeHtml(BRAND.name)}</td></tr>
<tr><td class="hive-accent" style="padding:0 40px 24px;text-align:center;letter-spacing:4px;font-size:10px;text-transform:uppercase;color:${light.accent};font-family:${SANS}">Bridal &amp; Formal</td></tr>
${blocks.map(blockHtml).join("\n")}
<tr><td class="hive-muted hive-rule" style="padding:24px 40px 32px;border-top:1px solid ${light.border};text-align:center;font-family:${SANS};font-size:12px;line-height:1.6;color:${light.muted}">${footerHtml}</td></tr>
</table></td></tr></table>
</body>
</html>
`;

  const text = [
    `${BRAND.name.toUpperCase()} · Bridal & Formal`,
    "",
    ...blocks.flatMap((block) => [blockText(block), ""]),
    "--",
    BRAND.fullName,
    address,
    `${BRAND.phone} · ${BRAND.email}`,
    ...(unsubscribe && unsubscribeUrl ? ["", cleanText(unsubscribe.reason), `Unsubscribe: ${unsubscribeUrl}`] : []),
    "",
  ].join("\n");

  return { html, text };
}

export interface BrandedMailInput extends LayoutInput {
  kind: string;
  to: string;
  subject: string;
  attachments?: MailAttachment[];
}

/**
 * A whole message in the house layout, ready for `enqueueMail`. With
 * `unsubscribe`, the message also carries `List-Unsubscribe` (one click).
 */
export function brandedMail({ kind, to, subject, attachments, ...layout }: BrandedMailInput): MailMessage {
  const { html, text } = renderLayout(layout);
  return {
    kind,
    to,
    subject: oneLine(subject),
    text,
    html,
    ...(attachments?.length ? { attachments } : {}),
    ...(layout.unsubscribe ? { listUnsubscribeUrl: safeUrl(layout.unsubscribe.url) } : {}),
  };
}
