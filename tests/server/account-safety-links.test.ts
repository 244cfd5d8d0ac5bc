import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  Browser,
  freshAddress,
  newShopper,
  PROFILE_TAB,
  requestResetToken,
  resetWith,
  sessionCookieSet,
  signUp,
  turnOnTotp,
  verificationLink,
} from "../helpers/account-safety";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

/**
 * Issue 23, account safety: the mailed links (findings 2 and 3) and what
 * the sign-up API tells about an address (finding 7), on the built server
 * with its mail caught over SMTP (decision 0020).
 */
let smtp: TestSmtpServer;
let server: BoutiqueServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startBoutique({ SMTP_URL: smtp.url, TRUST_PROXY: "loopback" });
}, 240_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await smtp?.close();
});

const LINK_REFUSED = "This link has expired or was already used.";
const CONFIRMED = "Email address confirmed. Thank you! Please sign in.";
const VERIFICATION_REFUSED = "This confirmation link has expired or was already used. Please sign in.";

/** Opens a verification link in a browser that has no cookies; answers the redirect's target. */
async function openVerificationLink(link: string): Promise<{ location: URL; response: Response; browser: Browser }> {
  const browser = new Browser(server, freshAddress());
  const response = await browser.get(link);
  expect(response.status, `GET ${link}`).toBe(302);
  return { location: new URL(response.headers.get("location") ?? "", server.url), response, browser };
}

/** A verification link that must no longer verify: redirected with Better Auth's INVALID_TOKEN, and no session. */
async function expectVerificationRefused(link: string) {
  const { location, response } = await openVerificationLink(link);
  expect(location.searchParams.get("error"), `${link} is refused`).toBe("INVALID_TOKEN");
  expect(sessionCookieSet(response), "a refused link signs nobody in").toBeNull();
  return location;
}

/** The `iat` (seconds) of the JWT in a verification link. */
function issuedAt(link: string): number {
  const token = new URL(link, server.url).searchParams.get("token") ?? "";
  return (JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { iat: number }).iat;
}

/** Polls the clock until the second after `seconds` has begun. */
async function untilSecondAfter(seconds: number) {
  await vi.waitFor(() => expect(Date.now(), "the clock reaches the next second").toBeGreaterThanOrEqual((seconds + 1) * 1000), {
    timeout: 5_000,
    interval: 20,
  });
}

describe("finding 2: a reset, a new password or a deleted account ends every reset and verification link of the account", () => {
  it("finding 2: after a reset with one link, the account's other reset link and its verification link are refused", async () => {
    const who = newShopper("Reset");
    await signUp(server, who);
    const verify = await verificationLink(smtp, who.email);
    const first = await requestResetToken(smtp, server, who.email, 1);
    const second = await requestResetToken(smtp, server, who.email, 2);
    expect(second).not.toBe(first);

    const reset = await resetWith(new Browser(server, freshAddress()), first, "brand-new-1");
    expect(reset.status, "the first link sets a new password").toBe(302);

    const again = await resetWith(new Browser(server, freshAddress()), second, "attacker-2");
    expect(again.status, "the second link after the reset").toBe(400);
    expect(await again.text()).toContain(LINK_REFUSED);
    await expectVerificationRefused(verify);
    // The password is the one the reset set, not the one a stale link tried.
    const signIn = await new Browser(server, freshAddress()).api("/sign-in/email", { email: who.email, password: "brand-new-1" });
    expect(signIn.status).toBe(200);
  });

  it("finding 2: a new password from /change-password ends the account's reset link and verification link", async () => {
    const who = newShopper("Change");
    const owner = await signUp(server, who);
    const verify = await verificationLink(smtp, who.email);
    const token = await requestResetToken(smtp, server, who.email, 1);

    const changed = await owner.api("/change-password", { currentPassword: who.password, newPassword: "brand-new-2" });
    expect(changed.status, "the owner changes her password").toBe(200);

    const reset = await resetWith(new Browser(server, freshAddress()), token, "attacker-3");
    expect(reset.status, "the reset link made before the change").toBe(400);
    expect(await reset.text()).toContain(LINK_REFUSED);
    await expectVerificationRefused(verify);
  });

  it("finding 2: a deleted account's links are refused, even once a new account takes its address", async () => {
    const who = newShopper("Deleted");
    const owner = await signUp(server, who);
    const verify = await verificationLink(smtp, who.email);
    const token = await requestResetToken(smtp, server, who.email, 1);

    const deleted = await owner.form(PROFILE_TAB, { intent: "delete-account", password: who.password });
    expect(deleted.status, "the owner deletes her account").toBe(302);
    expect(deleted.headers.get("location")).toBe("/");

    // Someone else creates an account with the same address; the old links must not reach it. Better Auth's link is a
    // JWT of the address with a one-second `iat`: the newcomer's own link differs from the old one only a second later.
    await untilSecondAfter(issuedAt(verify));
    const newcomer = await signUp(server, { ...who, name: "New Person", password: "newcomer-pass-4" });
    const reset = await resetWith(new Browser(server, freshAddress()), token, "attacker-4");
    expect(reset.status, "the deleted account's reset link").toBe(400);
    await expectVerificationRefused(verify);
    expect((await newcomer.sessionUser())?.emailVerified, "the newcomer's address is not confirmed by the old link").toBe(false);
  });
});

describe("finding 3: a verification link only verifies, once", () => {
  it("finding 3: the link confirms the address without signing in (no step around the second factor), and a used link is refused", async () => {
    const who = newShopper("Verify");
    const owner = await signUp(server, who);
    await turnOnTotp(owner, who.password);
    const link = await verificationLink(smtp, who.email);

    // Someone who holds the mail but not the phone opens the link in another browser.
    const { location, response, browser } = await openVerificationLink(link);
    expect(sessionCookieSet(response), "the verification link sets no session cookie").toBeNull();
    expect(location.pathname + location.search).toBe("/auth?verified=1");
    expect(await browser.sessionUser(), "the link's browser is not signed in").toBeNull();
    const landing = await browser.get(location.pathname + location.search);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain(CONFIRMED);
    expect((await owner.sessionUser())?.emailVerified, "the address is confirmed").toBe(true);

    // The same link again: refused, with its own words.
    const refused = await expectVerificationRefused(link);
    const page = await new Browser(server, freshAddress()).get(refused.pathname + refused.search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(VERIFICATION_REFUSED);
  });
});

/** The keys of a JSON value, all the way down, with the kind of each leaf: what a caller can tell apart. */
function shape(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, inner]) => [key, shape(inner)])
        .sort(),
    );
  return typeof value;
}

describe("finding 7: the sign-up API does not tell which addresses have accounts", () => {
  it("finding 7: a new and a taken address get the same answer, with no token, and the owner of the taken one is told by mail", async () => {
    const owner = newShopper("Taken");
    await signUp(server, owner);
    const fresh = newShopper("Fresh");
    const attacker = new Browser(server, freshAddress());

    const forNew = await attacker.api("/sign-up/email", { name: "Probe", email: fresh.email, password: "probe-pass-1" });
    const forTaken = await attacker.api("/sign-up/email", { name: "Probe", email: owner.email, password: "probe-pass-1" });
    const newBody = (await forNew.json()) as { token?: unknown };
    const takenBody = (await forTaken.json()) as { token?: unknown };

    expect(forTaken.status, "a taken address").toBe(forNew.status);
    expect(forNew.status).toBe(200);
    expect(shape(takenBody)).toEqual(shape(newBody));
    expect(newBody.token).toBeNull();
    expect(takenBody.token).toBeNull();
    expect(sessionCookieSet(forNew), "no session for an API sign-up").toBeNull();
    expect(sessionCookieSet(forTaken), "no session for a taken address").toBeNull();

    const [mail] = await smtp.waitFor(
      (m) => m.to.includes(owner.email) && m.subject === "Someone tried to create an account with your address",
    );
    expect(mail!.text).toContain("nothing was changed");
  });
});
