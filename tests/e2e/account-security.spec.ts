import { readFile } from "node:fs/promises";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { expect, test, type Page } from "@playwright/test";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { freePort, startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { expectNoAxeViolations, screenshotForPeople, showTheme, THEMES, VIEWPORTS } from "./helpers";

// A boutique of its own, at http://localhost:PORT: WebAuthn refuses an IP
// address as the relying party, and the shared server's APP_URL is
// 127.0.0.1. Its mail goes to a real SMTP server, so the tests follow the
// verification and password-reset links as a shopper would.
test.describe.configure({ mode: "serial", timeout: 240_000 });

let smtp: TestSmtpServer;
let boutique: BoutiqueServer;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtpServer();
  const port = await freePort();
  origin = `http://localhost:${port}`;
  boutique = await startBoutique({ PORT: String(port), APP_URL: origin, SMTP_URL: smtp.url, AUTH_RATE_LIMIT: "10000" });
});

test.afterAll(async () => {
  await boutique?.stop("SIGTERM");
  await smtp?.close();
});

test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

function shopper() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { name: "Grace Shopper", email: `grace-${id}@example.com`, password: "secret12" };
}

async function signUp(page: Page, who: ReturnType<typeof shopper>) {
  await page.goto(`${origin}/auth?tab=sign-up`);
  await waitForHydration(page);
  await page.getByLabel("Full name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 30_000 });
  await expect(page.getByText("Account created successfully!")).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Logged out successfully")).toBeVisible();
}

async function signInWithPassword(page: Page, who: ReturnType<typeof shopper>, password = who.password) {
  await page.goto(`${origin}/auth`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** The code an authenticator app shows now for the key the page displayed (base32, grouped by fours). */
async function totpCode(displayedKey: string): Promise<string> {
  const secret = new TextDecoder().decode(base32.decode(displayedKey.replace(/\s+/g, "")));
  return createOTP(secret).totp();
}

test("the verification mail and the password-reset mail arrive over SMTP and their links work", async ({ page }) => {
  const who = shopper();
  await signUp(page, who);
  await expect(page.getByText("Your email address is not confirmed yet", { exact: false })).toBeVisible();

  const [verification] = await smtp.waitFor((m) => m.to.includes(who.email) && m.subject === "Confirm your email address");
  const verifyLink = /https?:\/\/\S+\/api\/auth\/verify-email\?token=[\w.-]+\S*/.exec(verification!.text)?.[0];
  expect(verifyLink, "the mail carries the verification link").toBeTruthy();
  expect(verifyLink!.startsWith(`${origin}/`), "the link points at APP_URL").toBe(true);
  await page.goto(verifyLink!);
  await expect(page).toHaveURL(/\/account/);
  await expect(page.getByText("Email address confirmed. Thank you!")).toBeVisible();
  await expect(page.getByText("Your email address is confirmed.")).toBeVisible();
  // A verification link works once.
  await page.goto(verifyLink!);
  await expect(page.getByText("This confirmation link has expired or was already used", { exact: false })).toBeVisible();

  await logOut(page);
  await page.goto(`${origin}/auth`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/tab=forgot/);
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send reset link" })).toBeVisible();
  await page.getByLabel("Email").fill(who.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "a link to choose a new password is on its way" })).toBeVisible();

  const [reset] = await smtp.waitFor((m) => m.to.includes(who.email) && m.subject === "Reset your password");
  const resetLink = /https?:\/\/\S+\/api\/auth\/reset-password\/[\w.-]+\S*/.exec(reset!.text)?.[0];
  expect(resetLink, "the mail carries the reset link").toBeTruthy();
  await page.goto(resetLink!);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await page.getByLabel("New password").fill("brand-new-9");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Your password has been changed. Please sign in.")).toBeVisible();

  // The old password no longer opens the account; the new one does; the used link is spent.
  await signInWithPassword(page, who);
  await expect(page.getByText("Sign in failed").first()).toBeVisible();
  await signInWithPassword(page, who, "brand-new-9");
  await expect(page).toHaveURL(/\/account/, { timeout: 30_000 });
  await expect(page.getByText("Signed in successfully!")).toBeVisible();
  await page.goto(resetLink!);
  await expect(page.getByRole("alert").filter({ hasText: "This link has expired or was already used" })).toBeVisible();
});

test("an unconfirmed shopper asks for the verification mail again: it arrives, its link works, and asking too often is refused", async ({
  page,
}) => {
  const who = shopper();
  await signUp(page, who);
  const isVerification = (m: { to: string[]; subject: string }) => m.to.includes(who.email) && m.subject === "Confirm your email address";
  await smtp.waitFor(isVerification);
  const resend = page.getByRole("button", { name: "Resend verification mail" });

  // Three resends a window (the default): each one a mail.
  for (let sent = 1; sent <= 3; sent++) {
    await resend.click();
    await smtp.waitFor(isVerification, { count: 1 + sent });
  }
  await expect(page.getByText("Verification mail sent. Check your inbox.").first()).toBeVisible();

  // The fourth is refused with the limiter's words and a 429, and sends nothing.
  await resend.click();
  await expect(page.getByText("Too many attempts. Please try again in 15 minutes.").first()).toBeVisible();
  const refused = await page.request.post(`${origin}/account/profile`, {
    form: { intent: "resend-verification" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(smtp.received.filter(isVerification)).toHaveLength(4);

  // The newest mail's link confirms the address; the button goes.
  const latest = smtp.received.filter(isVerification).at(-1)!;
  const link = /https?:\/\/\S+\/api\/auth\/verify-email\?token=[\w.-]+\S*/.exec(latest.text)?.[0];
  expect(link, "the mail carries the verification link").toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText("Email address confirmed. Thank you!")).toBeVisible();
  await page.goto(`${origin}/account/profile`);
  await expect(page.getByText("Your email address is confirmed.")).toBeVisible();
  await expect(resend).toHaveCount(0);
});

test("a shopper turns on TOTP, signs in with a code and with a backup code, and turns it off", async ({ page }) => {
  const who = shopper();
  await signUp(page, who);
  await page.goto(`${origin}/account/security`);
  await waitForHydration(page);
  await expect(page.getByRole("tab", { name: "Security" })).toHaveAttribute("aria-selected", "true");

  // A wrong password turns nothing on.
  await page.getByLabel("Your password").fill("not-my-password");
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByText("That password is not right").first()).toBeVisible();

  await page.getByLabel("Your password").fill(who.password);
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("img", { name: "QR code of your authenticator app key" })).toBeVisible();
  const key = (await page.locator("code").first().textContent()) ?? "";
  expect(key.replace(/\s+/g, "")).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
  const backupCodes = await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(backupCodes).toHaveLength(10);

  // The codes copy to the clipboard, and download as a text file.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  await page.getByRole("button", { name: "Copy codes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(backupCodes.join("\n"));
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download codes" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("hive-backup-codes.txt");
  const file = await readFile(await download.path());
  const lines = file.toString("utf8").split("\n");
  for (const code of backupCodes) expect(lines).toContain(code);

  // The enrolment is on screen once (a reload would not show it again): each look is set in place, as the theme toggle does.
  for (const theme of THEMES) {
    await showTheme(page, theme);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await screenshotForPeople(page, `security-enrol-${size}-${theme}`, { fullPage: true });
    }
    await expectNoAxeViolations(page);
  }

  // A code that is not six digits is refused with its message; a wrong one too.
  await page.getByLabel("Code from your app").fill("12ab");
  await page.getByLabel("Code from your app").evaluate((input: HTMLInputElement) => input.removeAttribute("pattern"));
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app").first()).toBeVisible();
  await expect(page.getByText("Setup is not finished")).toBeVisible();
  const right = await totpCode(key);
  await page.getByLabel("Code from your app").fill(right === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("That code did not match", { exact: false }).first()).toBeVisible();

  await page.getByLabel("Code from your app").fill(await totpCode(key));
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("Two-factor authentication is on").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn off two-factor" })).toBeVisible();

  // Signing in now asks for the code.
  await logOut(page);
  await signInWithPassword(page, who);
  await expect(page).toHaveURL(/\/auth\?tab=two-factor/, { timeout: 30_000 });
  await page.getByRole("textbox", { name: "Code", exact: true }).fill("000000" === (await totpCode(key)) ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  // The shopper is told the code was not accepted, and how many tries this sign-in has left.
  await expect(page.getByText("That code was not accepted. 4 tries left.").first()).toBeVisible();
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(await totpCode(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/account/, { timeout: 30_000 });
  await expect(page.getByText("Signed in successfully!")).toBeVisible();

  // A backup code works once.
  await logOut(page);
  await signInWithPassword(page, who);
  await expect(page).toHaveURL(/\/auth\?tab=two-factor/, { timeout: 30_000 });
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(backupCodes[0]!);
  await page.getByLabel("Backup code").check();
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/account/, { timeout: 30_000 });

  // New backup codes replace the old ones, shown once; a spent or replaced code no longer works.
  await page.goto(`${origin}/account/security`);
  await page.getByLabel("Your password").fill(who.password);
  await page.getByRole("button", { name: "New backup codes" }).click();
  // The codes come back in the form's answer: wait for it before reading them.
  await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10, { timeout: 30_000 });
  const fresh = await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(fresh).toHaveLength(10);
  expect(fresh).not.toContain(backupCodes[1]);
  await page.reload();
  await expect(page.getByRole("list", { name: "Backup codes" })).toHaveCount(0);
  await logOut(page);
  await signInWithPassword(page, who);
  await expect(page).toHaveURL(/\/auth\?tab=two-factor/, { timeout: 30_000 });
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(backupCodes[1]!);
  await page.getByLabel("Backup code").check();
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code was not accepted. 4 tries left.").first()).toBeVisible();
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(fresh[0]!);
  await page.getByLabel("Backup code").check();
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/account/, { timeout: 30_000 });

  // Turned off: the password alone signs in again.
  await page.goto(`${origin}/account/security`);
  await page.getByLabel("Your password").fill(who.password);
  await page.getByRole("button", { name: "Turn off two-factor" }).click();
  await expect(page.getByText("Two-factor authentication is off").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn on two-factor" })).toBeVisible();
  await logOut(page);
  await signInWithPassword(page, who);
  await expect(page).toHaveURL(/\/account/, { timeout: 30_000 });
});

test("a shopper adds a passkey, signs in with it and removes it (Chromium's virtual authenticator)", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const who = shopper();
  await signUp(page, who);
  await page.goto(`${origin}/account/security`);
  await waitForHydration(page);
  await expect(page.getByText("No passkeys yet")).toBeVisible();
  await page.getByLabel("Passkey name").fill("Grace's laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added")).toBeVisible();
  await expect(page.getByRole("list", { name: "Your passkeys" }).getByText("Grace's laptop")).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);

  await logOut(page);
  await page.goto(`${origin}/auth`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/account/, { timeout: 30_000 });
  await expect(page.getByText("Signed in successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: who.name })).toBeVisible();

  await page.goto(`${origin}/account/security`);
  await page.getByRole("button", { name: "Remove passkey Grace's laptop" }).click();
  await expect(page.getByText("Passkey removed")).toBeVisible();
  await expect(page.getByText("No passkeys yet")).toBeVisible();

  // The authenticator still holds the key, but the boutique no longer knows it.
  await logOut(page);
  await page.goto(`${origin}/auth`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByText("Sign in failed")).toBeVisible();
  await page.goto(`${origin}/account`);
  await expect(page).toHaveURL(/\/auth/);
});

test("the Security tab lists where the shopper is signed in, and signs one device out, or every one", async ({ page, browser }) => {
  const who = shopper();
  await signUp(page, who);
  // The second device is Chromium as it names itself (the project's device profile would say Windows).
  const cdp = await browser.newBrowserCDPSession();
  const { userAgent } = await cdp.send("Browser.getVersion");
  await cdp.detach();
  const phone = await browser.newContext({ userAgent });
  const other = await phone.newPage();
  await startSessionAsReturning(other);
  await signInWithPassword(other, who);
  await expect(other).toHaveURL(/\/account/, { timeout: 30_000 });
  const otherToken = (await phone.cookies()).find((c) => c.name.endsWith("session_token"))?.value ?? "";
  expect(otherToken).not.toBe("");

  await page.goto(`${origin}/account/security`);
  await waitForHydration(page);
  await expect(page.getByText(/· this device$/)).toHaveCount(1);
  // Each session by its browser and system, read from its User-Agent (the other context's is Chromium's own, on Linux;
  // this page's is Playwright's "Desktop Chrome" profile, on Windows), never the raw string.
  await expect(page.getByText("Chrome on Linux", { exact: true })).toBeVisible();
  await expect(page.getByText("Chrome on Windows", { exact: true })).toBeVisible();
  expect(await page.content()).not.toContain("AppleWebKit");
  await expect(page.getByRole("button", { name: "Sign out this device" })).toHaveCount(1);
  // Session tokens are bearer secrets: the page names sessions by id only.
  expect(await page.content()).not.toContain(decodeURIComponent(otherToken).split(".")[0]!);
  await page.getByRole("button", { name: "Sign out this device" }).click();
  await expect(page.getByRole("button", { name: "Sign out this device" })).toHaveCount(0);
  await other.goto(`${origin}/account`);
  await expect(other).toHaveURL(/\/auth/);

  // Signed in again elsewhere, then "Sign out everywhere" ends both.
  await signInWithPassword(other, who);
  await expect(other).toHaveURL(/\/account/, { timeout: 30_000 });
  await page.reload();
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await other.goto(`${origin}/account`);
  await expect(other).toHaveURL(/\/auth/);
  await page.goto(`${origin}/account`);
  await expect(page).toHaveURL(/\/auth/);
  await phone.close();
});
