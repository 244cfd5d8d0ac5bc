import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBoutique, type BoutiqueServer, grantAdminRole } from "../helpers/boutique-server";
import { designForm, signUpShopper } from "../helpers/shoppers";
import { boutiqueDatePlus } from "../helpers/boutique-date";

/**
 * Every protected loader and action, walked as anonymous, a customer,
 * another customer and an admin, on the production build. A new protected
 * route joins TABLE. The customer owns one address and one wishlist item;
 * nobody else may see or change them.
 */
let server: BoutiqueServer;
const ADMIN_EMAIL = "boss@example.com";

type Who = "anonymous" | "customer" | "other" | "admin";
const cookies: Record<Who, string> = { anonymous: "", customer: "", other: "", admin: "" };
let addressId = "";
let submissionId = "";

async function post(path: string, fields: Record<string, string>, cookie = "", headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

const signUp = (name: string, email: string) => signUpShopper(server.url, name, email);

beforeAll(async () => {
  server = await startBoutique({ ADMIN_EMAILS: ADMIN_EMAIL, AUTH_RATE_LIMIT: "6", AUTH_RATE_WINDOW_MS: "600000" });
  cookies.customer = await signUp("Cara Customer", "cara@example.com");
  cookies.other = await signUp("Otto Other", "otto@example.com");
  cookies.admin = await signUp("Bea Boss", ADMIN_EMAIL);
  // The admin role: granted by the operator's CLI path (ADMIN_EMAILS needs a verified address).
  await grantAdminRole(ADMIN_EMAIL, server.dataDir);
  const added = await post(
    "/account/addresses",
    {
      intent: "save-address",
      addressType: "shipping",
      fullName: "Cara Customer",
      addressLine1: "1 Secret Lane",
      city: "Savannah",
      state: "GA",
      postalCode: "31401",
      country: "US",
    },
    cookies.customer,
  );
  expect(added.status).toBe(302);
  const page = await (await fetch(`${server.url}/account/addresses`, { headers: { cookie: cookies.customer } })).text();
  addressId = /edit=([0-9a-f-]{36})/.exec(page)?.[1] ?? "";
  expect(addressId).not.toBe("");
  // One design request, so the admin's export has a row and a status change has a target.
  // The design form is multipart since it takes images (decision 0013).
  const design = await fetch(`${server.url}/custom-design`, {
    method: "POST",
    redirect: "manual",
    body: designForm({ name: "Dora Design", email: "dora@example.com", eventType: "gala", vision: "A velvet gown with a long train" }),
  });
  expect(design.status).toBeLessThan(400);
  const dashboard = await (
    await fetch(`${server.url}/admin/dashboard?tab=submissions&q=dora`, { headers: { cookie: cookies.admin } })
  ).text();
  submissionId = /name="id" value="([0-9a-f-]{36})"/.exec(dashboard)?.[1] ?? "";
  expect(submissionId).not.toBe("");
  const wish = await fetch(`${server.url}/api/wishlist`, {
    method: "POST",
    headers: { cookie: cookies.customer, "content-type": "application/json" },
    body: JSON.stringify({
      op: "upsert",
      items: [{ id: "gid://p/secret", handle: "secret-gown", title: "Secret Gown", price: { amount: "100.00", currencyCode: "USD" } }],
    }),
  });
  expect(wish.status).toBe(200);
}, 400_000);
afterAll(() => server?.stop("SIGKILL"));

interface Row {
  name: string;
  request: (cookie: string) => Promise<Response>;
  expect: Record<Who, number>;
  /** Where the answer goes for a redirect, by who asked. */
  location?: Partial<Record<Who, RegExp>>;
}

const MISSING = "00000000-0000-4000-8000-000000000000";

const get = (path: string) => (cookie: string) => fetch(`${server.url}${path}`, { redirect: "manual", headers: { cookie } });

const TABLE: Row[] = [
  ...["profile", "orders", "wishlist", "addresses", "design-requests", "appointments", "security"].map((tab) => ({
    name: `GET /account/${tab}`,
    request: get(`/account/${tab}`),
    expect: { anonymous: 302, customer: 200, other: 200, admin: 200 },
    location: { anonymous: /^\/auth\?redirectTo=/ },
  })),
  {
    name: "GET /admin/dashboard",
    request: get("/admin/dashboard"),
    expect: { anonymous: 302, customer: 302, other: 302, admin: 200 },
    location: { anonymous: /^\/admin\/login$/, customer: /^\/$/, other: /^\/$/ },
  },
  ...["appointments", "subscribers"].map((tab) => ({
    name: `GET /admin/dashboard?tab=${tab}`,
    request: get(`/admin/dashboard?tab=${tab}&q=a&status=all`),
    expect: { anonymous: 302, customer: 302, other: 302, admin: 200 },
    location: { anonymous: /^\/admin\/login$/, customer: /^\/$/, other: /^\/$/ },
  })),
  {
    name: "GET /admin/dashboard/export",
    request: get("/admin/dashboard/export?tab=submissions"),
    expect: { anonymous: 302, customer: 302, other: 302, admin: 200 },
    location: { anonymous: /^\/admin\/login$/, customer: /^\/$/, other: /^\/$/ },
  },
  {
    name: "GET /admin/dashboard/export (nothing to export)",
    request: get("/admin/dashboard/export?tab=subscribers&q=nobody-at-all"),
    expect: { anonymous: 302, customer: 302, other: 302, admin: 303 },
    location: {
      anonymous: /^\/admin\/login$/,
      customer: /^\/$/,
      other: /^\/$/,
      admin: /^\/admin\/dashboard\?tab=subscribers&q=nobody-at-all$/,
    },
  },
  ...(
    [
      ["status", { intent: "status", tab: "submissions", id: "00000000-0000-4000-8000-000000000000", status: "contacted" }, 404],
      [
        "status (a status not in the list)",
        { intent: "status", tab: "submissions", id: "00000000-0000-4000-8000-000000000000", status: "shipped" },
        400,
      ],
      ["delete", { intent: "delete", tab: "appointments", id: "00000000-0000-4000-8000-000000000000" }, 404],
      ["delete (a bad id)", { intent: "delete", tab: "subscribers", id: "1 or 1=1" }, 400],
      ["refresh", { intent: "refresh" }, 200],
      ["reschedule (no such appointment)", { intent: "reschedule", id: MISSING, date: boutiqueDatePlus(14), time: "11:00" }, 404],
      ["reschedule (garbage)", { intent: "reschedule", id: "1 or 1=1", date: "tomorrow", time: "25:00" }, 400],
      ["cancel-fitting (no such appointment)", { intent: "cancel-fitting", id: MISSING }, 404],
    ] as const
  ).map(([what, fields, adminStatus]) => ({
    name: `POST /admin/dashboard ${what}`,
    request: (cookie: string) => post("/admin/dashboard", { ...fields, via: "fetcher" }, cookie),
    expect: { anonymous: 302, customer: 302, other: 302, admin: adminStatus },
    location: { anonymous: /^\/admin\/login$/, customer: /^\/$/, other: /^\/$/ },
  })),
  {
    name: "POST /admin/dashboard status of a real row (plain form)",
    request: (cookie: string) =>
      post(
        "/admin/dashboard",
        { intent: "status", tab: "submissions", id: submissionId, status: "contacted", back: "/admin/dashboard?tab=submissions" },
        cookie,
      ),
    expect: { anonymous: 302, customer: 302, other: 302, admin: 302 },
    location: { anonymous: /^\/admin\/login$/, customer: /^\/$/, other: /^\/$/, admin: /^\/admin\/dashboard\?tab=submissions$/ },
  },
  {
    name: "GET /admin/dashboard/slots",
    request: get(`/admin/dashboard/slots?date=${boutiqueDatePlus(14)}`),
    expect: { anonymous: 302, customer: 302, other: 302, admin: 200 },
    location: { anonymous: /^\/admin\/login$/, customer: /^\/$/, other: /^\/$/ },
  },
  {
    name: "GET /admin/mail",
    request: get("/admin/mail"),
    expect: { anonymous: 302, customer: 302, other: 302, admin: 200 },
    location: { anonymous: /^\/admin\/login$/, customer: /^\/$/, other: /^\/$/ },
  },
  {
    name: "GET /admin/insights",
    request: get("/admin/insights"),
    expect: { anonymous: 302, customer: 302, other: 302, admin: 200 },
    location: { anonymous: /^\/admin\/login$/, customer: /^\/$/, other: /^\/$/ },
  },
  {
    name: "POST /admin/mail retry",
    request: (cookie) => post("/admin/mail?status=failed", { intent: "retry", id: "00000000-0000-4000-8000-000000000000" }, cookie),
    // Only the admin reaches the action: it answers with the outbox view and a toast.
    expect: { anonymous: 302, customer: 302, other: 302, admin: 302 },
    location: { anonymous: /^\/admin\/login$/, customer: /^\/$/, other: /^\/$/, admin: /^\/admin\/mail\?status=failed$/ },
  },
  {
    // The live stream never ends by itself: an open one is read to its first frame, then dropped.
    name: "GET /api/admin/events",
    request: async (cookie) => {
      const controller = new AbortController();
      const response = await fetch(`${server.url}/api/admin/events`, {
        redirect: "manual",
        headers: { cookie },
        signal: controller.signal,
      });
      if (response.status !== 200) return response;
      const first = await response.body!.getReader().read();
      controller.abort();
      return new Response(first.value, { status: response.status, headers: response.headers });
    },
    expect: { anonymous: 401, customer: 403, other: 403, admin: 200 },
  },
  {
    name: "GET /api/wishlist",
    request: get("/api/wishlist"),
    expect: { anonymous: 401, customer: 200, other: 200, admin: 200 },
  },
  {
    name: "POST /api/wishlist",
    request: (cookie) =>
      fetch(`${server.url}/api/wishlist`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ op: "remove", id: "none" }),
      }),
    expect: { anonymous: 401, customer: 200, other: 200, admin: 200 },
  },
  {
    name: "POST /account update-profile",
    request: (cookie) => post("/account/profile", { intent: "update-profile", fullName: "Someone", phone: "" }, cookie),
    expect: { anonymous: 302, customer: 200, other: 200, admin: 200 },
  },
  {
    name: "POST /account save-address (someone else's id)",
    request: (cookie) =>
      post(
        "/account/addresses",
        {
          intent: "save-address",
          id: addressId,
          addressType: "shipping",
          fullName: "Hijack",
          addressLine1: "x",
          city: "x",
          state: "x",
          postalCode: "1",
          country: "US",
        },
        cookie,
      ),
    // Anyone but the owner finds no such address (the owner's own edits are the browser test's; here they would overwrite the row checked below).
    expect: { anonymous: 302, customer: 0, other: 404, admin: 404 },
  },
  {
    name: "POST /account delete-address (someone else's id)",
    request: (cookie) => post("/account/addresses", { intent: "delete-address", id: addressId }, cookie),
    expect: { anonymous: 302, customer: 0, other: 404, admin: 404 },
  },
  // The Security tab: nothing changes for a wrong password or code, and a passkey that is not the viewer's is not found.
  // (Each wrong password counts toward the password-check limit, 6 per client here: two intents per user stay under it.)
  ...(["enable-two-factor", "disable-two-factor"] as const).map((intent) => ({
    name: `POST /account ${intent} (wrong password)`,
    request: (cookie: string) => post("/account/security", { intent, password: "not-the-password" }, cookie),
    expect: { anonymous: 302, customer: 400, other: 400, admin: 400 },
  })),
  {
    name: "POST /account verify-two-factor (nothing to verify)",
    request: (cookie) => post("/account/security", { intent: "verify-two-factor", code: "000000" }, cookie),
    expect: { anonymous: 302, customer: 400, other: 400, admin: 400 },
  },
  {
    name: "POST /account delete-passkey (no such passkey)",
    request: (cookie) => post("/account/security", { intent: "delete-passkey", id: "someone-elses-passkey" }, cookie),
    expect: { anonymous: 302, customer: 404, other: 404, admin: 404 },
  },
];

describe("authorization on every protected loader and action", () => {
  for (const row of TABLE) {
    for (const who of ["anonymous", "other", "admin", "customer"] as const) {
      const expected = row.expect[who];
      if (expected === 0) continue;
      it(`${row.name} as ${who} → ${expected}`, async () => {
        const response = await row.request(cookies[who]);
        expect(response.status).toBe(expected);
        // Where the table names no place, a redirect goes somewhere and any other answer nowhere.
        const redirect = expected >= 300 && expected < 400;
        expect(response.headers.get("location") ?? "").toMatch(row.location?.[who] ?? (redirect ? /./ : /^$/));
        // Only the customer may see her address and her gown.
        const text = await response.text();
        const secrets = who === "customer" ? [] : ["1 Secret Lane", "Secret Gown"];
        expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
      });
    }
  }

  it("shows the customer their own rows", async () => {
    const addresses = await (await get("/account/addresses")(cookies.customer)).text();
    expect(addresses).toContain("1 Secret Lane");
    const wishlist = (await (await get("/api/wishlist")(cookies.customer)).json()) as { items: { title: string }[] };
    expect(wishlist.items.map((i) => i.title)).toEqual(["Secret Gown"]);
  });

  it("refuses a customer on /admin/login and ends the new session", async () => {
    const response = await post("/admin/login", { intent: "login", email: "cara@example.com", password: "secret12" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/login");
    const set = response.headers.getSetCookie().join("\n");
    expect(set).toMatch(/session_token=;/);
    expect(Buffer.from(/hive_flash=([^;]+)/.exec(set)![1]!, "base64url").toString()).toContain("Access denied. Admin privileges required.");
  });

  it("gives the admin the CSV, and records the plain-form status change in audit_log's history (read in the row's details panel)", async () => {
    const response = await get("/admin/dashboard/export?tab=submissions&q=dora")(cookies.admin);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="Custom Design Submissions \d{4}-\d{2}-\d{2}\.csv"/);
    expect(await response.text()).toContain('"Dora Design"');
    const page = await (await get(`/admin/dashboard?tab=submissions&q=dora&id=${submissionId}`)(cookies.admin)).text();
    expect(page).toContain("changed the status from pending to contacted");
  });

  it("lets the admin in with 'Login successful!'", async () => {
    const response = await post("/admin/login", { intent: "login", email: ADMIN_EMAIL, password: "secret12" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/dashboard");
    const flash = /hive_flash=([^;]+)/.exec(response.headers.getSetCookie().join("\n"))![1]!;
    expect(Buffer.from(flash, "base64url").toString()).toContain("Login successful!");
  });
});

describe("brute-force limits", () => {
  it("sign-in: the per-account limit bites first, with Retry-After", async () => {
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 5; i++) {
      last = await post("/auth", { intent: "sign-in", email: "otto@example.com", password: "wrong-password" }, "", {
        "x-forwarded-for": "10.0.0.1",
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await last!.text()).toContain("Too many attempts");
  });

  it("sign-up, password reset and two-factor verification are limited too", async () => {
    for (const [path, fields] of [
      ["/auth", { intent: "forgot", email: "reset-target@example.com" }],
      ["/auth", { intent: "sign-up", fullName: "Spam", email: "spam@example.com", password: "secret12" }],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await post(path, fields)).status);
      expect(statuses.at(-1), `${fields.intent}`).toBe(429);
    }
    const twoFactor: number[] = [];
    for (let i = 0; i < 8; i++) twoFactor.push((await post("/auth?tab=two-factor", { intent: "two-factor", code: "000000" })).status);
    expect(twoFactor.at(-1)).toBe(429);
  });
});

describe("JWKS", () => {
  it("publishes public keys at /.well-known/jwks.json", async () => {
    const response = await fetch(`${server.url}/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { keys: { kty: string; d?: string }[] };
    expect(body.keys.length).toBeGreaterThan(0);
    for (const key of body.keys) expect(key.d).toBeUndefined();
  });
});
