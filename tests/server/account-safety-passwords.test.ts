import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, expectTooManyAttempts, freshAddress, newShopper, PROFILE_TAB, signUp, turnOnTotp } from "../helpers/account-safety";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";

/**
 * Issue 23, account safety: a signed-in browser (a borrowed one, an
 * unlocked laptop) must not be a way to guess the account's password
 * without limit (finding 4), nor to delete the account without it
 * (finding 10). The server runs on the default AUTH_RATE_LIMIT (20 per
 * client; 10 per account) and trusts X-Forwarded-For from loopback, so each
 * attempt can come from its own client address (decision 0021).
 */
let server: BoutiqueServer;

beforeAll(async () => {
  server = await startBoutique({ TRUST_PROXY: "loopback" });
}, 240_000);

afterAll(() => server?.stop("SIGKILL"));

const PER_ACCOUNT = 10;
const PER_CLIENT = 20;
const WRONG = "not-her-password";
const TOO_MANY = /Too many attempts\. Please try again in \d+ minutes?\./;

/** Better Auth's endpoints that check a signed-in shopper's password, with a body that carries a wrong one. */
const PASSWORD_ENDPOINTS = [
  { path: "/two-factor/enable", body: { password: WRONG }, totpOn: false },
  { path: "/two-factor/disable", body: { password: WRONG }, totpOn: true },
  { path: "/two-factor/generate-backup-codes", body: { password: WRONG }, totpOn: true },
  { path: "/change-password", body: { currentPassword: WRONG, newPassword: "chosen-by-attacker" }, totpOn: false },
] as const;

/** Sends wrong passwords from the session's browser, each from a new client address, until a 429 or `max` tries. */
async function guessUntilRefused(browser: Browser, send: (browser: Browser) => Promise<Response>, max = 25) {
  const statuses: number[] = [];
  for (let i = 0; i < max; i++) {
    browser.address = freshAddress();
    const response = await send(browser);
    if (response.status === 429) return { statuses, refusal: response };
    statuses.push(response.status);
  }
  return { statuses, refusal: null };
}

describe("finding 4: a signed-in browser cannot guess the account's password without limit", () => {
  it.each(PASSWORD_ENDPOINTS)(
    "finding 4: wrong passwords to $path are counted per account: 429 after 10, whatever the client address",
    async ({ path, body, totpOn }) => {
      const who = newShopper("Guessed");
      const session = await signUp(server, who);
      // Turning two-factor on is one password check of the account's ten (and one code check).
      const checksBefore = totpOn ? (await turnOnTotp(session, who.password), 1) : 0;

      const { statuses, refusal } = await guessUntilRefused(session, (browser) => browser.api(path, body));
      expect(statuses, `${path}: Better Auth refused each wrong password until the account's limit`).toEqual(
        Array<number>(PER_ACCOUNT - checksBefore).fill(400),
      );
      expect(refusal, `${path}: refused with 429 long before 25 tries`).not.toBeNull();
      await expectTooManyAttempts(refusal!, `${path} past the account's limit`);
    },
  );

  it("finding 4: one client address guessing across accounts and endpoints is refused after AUTH_RATE_LIMIT (20)", async () => {
    const attacker = freshAddress();
    const sessions: Browser[] = [];
    for (const label of ["One", "Two", "Three"]) sessions.push(await signUp(server, newShopper(label)));
    const statuses: number[] = [];
    for (let i = 0; i < PER_CLIENT; i++) {
      const session = sessions[i % sessions.length]!;
      session.address = attacker;
      const { path, body } = PASSWORD_ENDPOINTS[i % 2 === 0 ? 0 : 3];
      statuses.push((await session.api(path, body)).status);
    }
    // Seven wrong passwords per account at most: only the client's own limit stops the twenty-first.
    expect(statuses).toEqual(Array<number>(PER_CLIENT).fill(400));
    sessions[0]!.address = attacker;
    await expectTooManyAttempts(await sessions[0]!.api("/change-password", PASSWORD_ENDPOINTS[3].body), "the client's 21st wrong password");
  });
});

describe("finding 10: deleting an account asks for its password", () => {
  const deleteAccount = (browser: Browser, fields: Record<string, string> = {}) =>
    browser.form(PROFILE_TAB, { intent: "delete-account", ...fields });

  it("finding 10: deleting is refused without the password and with a wrong one, and works with the right one", async () => {
    const who = newShopper("Deleting");
    const owner = await signUp(server, who);

    const none = await deleteAccount(owner);
    expect(none.status, "no password").toBe(400);
    expect(await owner.sessionUser(), "the account is still there").not.toBeNull();

    const wrong = await deleteAccount(owner, { password: WRONG });
    expect(wrong.status, "a wrong password").toBe(400);
    expect(await wrong.text()).toContain("That password is not right");
    expect(await owner.sessionUser(), "the account is still there").not.toBeNull();

    const right = await deleteAccount(owner, { password: who.password });
    expect(right.status, "the right password").toBe(302);
    expect(right.headers.get("location")).toBe("/");
    expect(await owner.sessionUser(), "signed out").toBeNull();
    const signIn = await owner.api("/sign-in/email", { email: who.email, password: who.password });
    expect(signIn.status, "the deleted account no longer signs in").toBe(401);
  });

  it("finding 10: wrong passwords to delete the account are counted like a sign-in's: 429 after 10", async () => {
    const who = newShopper("Kept");
    const owner = await signUp(server, who);
    const statuses: number[] = [];
    for (let i = 0; i < PER_ACCOUNT; i++) {
      owner.address = freshAddress();
      statuses.push((await deleteAccount(owner, { password: WRONG })).status);
    }
    expect(statuses).toEqual(Array<number>(PER_ACCOUNT).fill(400));

    owner.address = freshAddress();
    const refused = await deleteAccount(owner, { password: WRONG });
    expect(refused.status, "the 11th wrong password").toBe(429);
    expect(await refused.text()).toMatch(TOO_MANY);
    expect(Number(refused.headers.get("retry-after")), "Retry-After, as every limit's 429 carries").toBeGreaterThan(0);
    expect(await owner.sessionUser(), "the account is still there").not.toBeNull();
  });
});
