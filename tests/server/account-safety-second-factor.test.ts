import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, expectTooManyAttempts, freshAddress, newShopper, signUp, turnOnTotp, wrongCode } from "../helpers/account-safety";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";

/**
 * Issue 23, account safety: the code step of a sign-in with two-factor on.
 * Its limit is keyed on the account, whatever else the Cookie header
 * carries (finding 5), and a wrong code says how many tries are left
 * (finding 11). The server runs on the default AUTH_RATE_LIMIT (20 per
 * client, 10 per account) and trusts X-Forwarded-For from loopback.
 */
let server: BoutiqueServer;

beforeAll(async () => {
  server = await startBoutique({ TRUST_PROXY: "loopback" });
}, 240_000);

afterAll(() => server?.stop("SIGKILL"));

const PENDING_COOKIE = "hive.two_factor";
const CODES_PER_ACCOUNT = 10;

/** A shopper with TOTP on; turning it on took one code check of the account's ten. */
async function shopperWithTotp(label: string) {
  const who = newShopper(label);
  const secret = await turnOnTotp(await signUp(server, who), who.password);
  return { who, secret };
}

describe("finding 5: the second factor's limit is keyed on the account, not on what the Cookie header says", () => {
  it("finding 5: an attacker with the password, a new address each round and a decoy a_two_factor cookie each code is refused after the account's 10 codes", async () => {
    const { who, secret } = await shopperWithTotp("Target");
    const statuses: number[] = [];
    let refusal: Response | null = null;
    // Better Auth ends a pending sign-in after five wrong codes: the attacker signs in again every two.
    for (let round = 0; round < 8 && !refusal; round++) {
      const attacker = new Browser(server, freshAddress());
      const signIn = await attacker.api("/sign-in/email", { email: who.email, password: who.password });
      expect(signIn.status, `round ${round}: the password is right`).toBe(200);
      expect(((await signIn.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
      expect(attacker.cookies.has(PENDING_COOKIE), "the pending sign-in's cookie").toBe(true);
      for (let code = 0; code < 2 && !refusal; code++) {
        attacker.address = freshAddress();
        const decoy = `a_two_factor=${randomBytes(16).toString("base64url")}`;
        const response = await attacker.api("/two-factor/verify-totp", { code: await wrongCode(secret) }, { extraCookies: [decoy] });
        if (response.status === 429) refusal = response;
        else statuses.push(response.status);
      }
    }
    // Our limit refuses, in SPEC's words, at the account's tenth code check: the owner's own right code when she turned
    // two-factor on was the first. (Better Auth's own lockout, ten wrong codes in a row, would come one code later.)
    expect(refusal, "refused although its address and its decoy cookie were new").not.toBeNull();
    await expectTooManyAttempts(refusal!, "the account's tenth code check");
    expect(statuses, "wrong codes answered as wrong until then").toEqual(Array<number>(CODES_PER_ACCOUNT - 1).fill(401));
  });
});

describe("finding 11: a wrong second-factor code says how many tries are left", () => {
  it("finding 11: the /auth two-factor form answers a wrong code with 'That code was not accepted. 4 tries left.'", async () => {
    const { who, secret } = await shopperWithTotp("Coded");
    const browser = new Browser(server, freshAddress());
    const signIn = await browser.form("/auth", { intent: "sign-in", email: who.email, password: who.password });
    expect(signIn.status, "the password is right").toBe(302);
    expect(signIn.headers.get("location")).toMatch(/^\/auth\?tab=two-factor/);
    expect(browser.cookies.has(PENDING_COOKIE), "the pending sign-in's cookie").toBe(true);

    const first = await browser.form("/auth?tab=two-factor", { intent: "two-factor", code: await wrongCode(secret), method: "totp" });
    expect(first.status).toBe(401);
    expect(await first.text()).toContain("That code was not accepted. 4 tries left.");
    const second = await browser.form("/auth?tab=two-factor", { intent: "two-factor", code: await wrongCode(secret), method: "totp" });
    expect(second.status).toBe(401);
    expect(await second.text()).toContain("That code was not accepted. 3 tries left.");
  });
});
