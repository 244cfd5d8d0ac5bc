import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  expectTooManyAttempts,
  freshAddress,
  KNOWN_CLIENT_COOKIE,
  LOGOUT_ACTION,
  newShopper,
  signUp,
} from "../helpers/account-safety";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";

/**
 * Issue 23, account safety, finding 6: failing someone's sign-in must not
 * lock her out. With AUTH_RATE_LIMIT=4 a sign-in is counted per account and
 * client pair (2), per client (4), and against a ceiling per account
 * (10 × 4 = 40) that a browser which signed in to the account before does
 * not meet (decision 0021). The server trusts X-Forwarded-For from loopback,
 * so the attacker can come from many addresses.
 */
let server: BoutiqueServer;

beforeAll(async () => {
  server = await startBoutique({ TRUST_PROXY: "loopback", AUTH_RATE_LIMIT: "4" });
}, 240_000);

afterAll(() => server?.stop("SIGKILL"));

const PER_PAIR = 2;
const CEILING = 40;

describe("finding 6: an attacker elsewhere cannot lock the owner out of her account", () => {
  it("finding 6: once sign-ins from many addresses reach the account's ceiling (40) a new browser is refused, but the owner's known browser signs in, from her address or a new one", async () => {
    const who = newShopper("Owner");
    const home = freshAddress();
    await signUp(server, who, home);
    // The owner signs in once from her address: her browser is marked as one that knows the account.
    const owner = new Browser(server, home);
    const first = await owner.api("/sign-in/email", { email: who.email, password: who.password });
    expect(first.status).toBe(200);
    await owner.form(LOGOUT_ACTION, { intent: "logout" });
    expect(await owner.sessionUser(), "signed out again").toBeNull();

    // The attacker tries two wrong passwords from each of twenty addresses (each pair's limit): with the owner's own
    // sign-in from a browser that did not know the account yet, that is 41 sign-ins counted against the ceiling of 40.
    const attackerStatuses: number[] = [];
    for (let i = 0; i < CEILING / PER_PAIR; i++) {
      const attacker = new Browser(server, freshAddress());
      for (let j = 0; j < PER_PAIR; j++)
        attackerStatuses.push((await attacker.api("/sign-in/email", { email: who.email, password: `guess-${i}-${j}` })).status);
    }

    // Past the ceiling, a browser the account has never seen is refused, even with the right password.
    const stranger = new Browser(server, freshAddress());
    await expectTooManyAttempts(
      await stranger.api("/sign-in/email", { email: who.email, password: who.password }),
      "a new browser past the ceiling",
    );

    // The owner's browser signs in from her address...
    const atHome = await owner.api("/sign-in/email", { email: who.email, password: who.password });
    expect(atHome.status, "the owner's browser at home").toBe(200);
    expect(await owner.sessionUser(), "signed in").not.toBeNull();
    await owner.form(LOGOUT_ACTION, { intent: "logout" });
    // ...and from a new one (a café, her phone's network), carrying her known-client cookie.
    owner.address = freshAddress();
    const away = await owner.api("/sign-in/email", { email: who.email, password: who.password });
    expect(away.status, "the owner's browser elsewhere").toBe(200);
    expect(await owner.sessionUser(), "signed in").not.toBeNull();

    expect(owner.cookies.has(KNOWN_CLIENT_COOKIE), "what tells her browser apart: the known-client cookie").toBe(true);
    expect(attackerStatuses, "the attacker's wrong passwords are refused as wrong until the ceiling, then limited").toEqual([
      ...Array<number>(CEILING - 1).fill(401),
      429,
    ]);
  });
});
