// A session's browser and system in words ("Chrome on macOS"), read from its
// User-Agent by a maintained parser (ua-parser-js) on the server: the page
// never shows, or receives, the raw string.
import { UAParser } from "ua-parser-js";

/** The parser's names as people say them. */
const OS_NAMES: Record<string, string> = { "Mac OS": "macOS", "Chromium OS": "ChromeOS" };

/** "Mobile Safari" is Safari, "Chrome Headless" is Chrome: the variant is not what a shopper recognises. */
function browserName(name: string | undefined): string | null {
  const plain = name
    ?.replace(/^Mobile /, "")
    .replace(/ Headless$/, "")
    .trim();
  return plain || null;
}

/** "Chrome on macOS", "Safari on iOS", "Firefox", "A browser on Linux", or "Unknown device". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return "Unknown device";
  const { browser, os } = new UAParser(userAgent).getResult();
  const name = browserName(browser.name);
  const system = os.name ? (OS_NAMES[os.name] ?? os.name) : null;
  if (name && system) return `${name} on ${system}`;
  if (name) return name;
  if (system) return `A browser on ${system}`;
  return "Unknown device";
}
