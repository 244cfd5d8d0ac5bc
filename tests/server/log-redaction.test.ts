import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResponse, Product } from "~/modules/catalogue/types";
import { type BoutiqueServer, type MailingBoutique, startMailingBoutique } from "../helpers/boutique-server";
import { signUpShopper } from "../helpers/shoppers";
import type { ReceivedMail, TestSmtpServer } from "../helpers/smtp";
import { boutiqueDatePlus } from "../helpers/boutique-date";

// Issue 23, finding 1: every link the boutique mails carries a secret (a token in the path or the query, a
// signature), and the request log must never hold one. The built server with real SMTP: each kind of mailed
// link is followed, redirects and all, then the whole output (stdout and stderr, every line) is searched.

function linkIn(mail: ReceivedMail, path: RegExp): string {
  const link = new RegExp(`https?://[^\\s"<>]+${path.source}[^\\s"<>]*`).exec(mail.text)?.[0];
  expect(link, `a link to ${path.source} in "${mail.subject}"`).toBeTruthy();
  return link!;
}

/** Follows a link as a mail client's browser would, one redirect at a time; answers every URL visited. */
async function follow(link: string): Promise<string[]> {
  const visited = [link];
  for (let hop = 0; hop < 5; hop++) {
    const response = await fetch(visited.at(-1)!, { redirect: "manual" });
    await response.arrayBuffer();
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return visited;
    visited.push(new URL(location, visited.at(-1)).toString());
  }
  return visited;
}

/** A GET with the request target exactly as written (fetch would tidy it first). */
function rawGet(port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: target, method: "GET" }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The secret spellings of a token: whole, percent-encoded, and its signature (the part after the last dot). */
function spellings(token: string): string[] {
  const signature = token.split(".").at(-1)!;
  return [...new Set([token, encodeURIComponent(token), ...(signature.length >= 16 ? [signature] : [])])];
}

function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe("no working secret in the log", { timeout: 300_000 }, () => {
  let mailing: MailingBoutique | undefined;
  let smtp: TestSmtpServer;
  let boutique: BoutiqueServer;

  beforeAll(async () => {
    mailing = await startMailingBoutique();
    ({ smtp, boutique } = mailing);
  }, 300_000);

  afterAll(async () => {
    await mailing?.stop();
  });

  it("follows every mailed link and a checkout, and the output never holds their tokens", async () => {
    const tag = Date.now();
    const secrets: { kind: string; token: string }[] = [];
    const visitedPaths: string[] = [];
    const visit = async (link: string) => {
      for (const url of await follow(link)) visitedPaths.push(new URL(url).pathname);
    };

    // Email verification: the sign-up form sends it.
    const shopper = `reader-${tag}@example.com`;
    await signUpShopper(boutique.url, "Ada Lovelace", shopper);
    const [welcome] = await smtp.waitFor((m) => m.to.includes(shopper) && /confirm your email/i.test(m.subject), { timeoutMs: 60_000 });
    const verify = linkIn(welcome!, /\/api\/auth\/verify-email\?/);
    secrets.push({ kind: "email verification", token: new URL(verify).searchParams.get("token")! });
    await visit(verify);

    // Password reset: the /auth?tab=forgot form sends it; the token is a segment of the link's path.
    const forgot = await fetch(`${boutique.url}/auth?tab=forgot`, {
      method: "POST",
      body: new URLSearchParams({ intent: "forgot", email: shopper }),
    });
    expect(forgot.status).toBe(200);
    const [resetMail] = await smtp.waitFor((m) => m.to.includes(shopper) && /reset your password/i.test(m.subject), { timeoutMs: 60_000 });
    const reset = linkIn(resetMail!, /\/api\/auth\/reset-password\//);
    const resetToken = /\/reset-password\/([^/?#]+)/.exec(new URL(reset).pathname)![1]!;
    secrets.push({ kind: "password reset", token: resetToken });
    await visit(reset);
    // The same token in the spellings a parser still routes, or that still carry it.
    const resetPath = new URL(reset).pathname + new URL(reset).search;
    for (const target of [
      resetPath.replace("/reset-password/", "//reset-password/"),
      resetPath.replace("/reset-password/", "/./reset-password/"),
      resetPath.replace("/api/auth/", "/api/auth/x/../"),
      resetPath.replace(resetToken, `${resetToken}/`),
      resetPath.replace("/api/auth/reset-password/", "/API/Auth/reset%2Dpassword%2F"),
    ]) {
      expect(await rawGet(boutique.port, target), target).toBeGreaterThan(0);
    }

    // A fitting's cancel link: booking on /fitting-room sends it.
    const client = `fitting-${tag}@example.com`;
    const booked = await fetch(`${boutique.url}/fitting-room`, {
      method: "POST",
      body: new URLSearchParams({ name: "Grace Hopper", email: client, date: boutiqueDatePlus(8), time: "11:00" }),
    });
    expect(booked.status).toBe(200);
    const [fittingMail] = await smtp.waitFor((m) => m.to.includes(client), { timeoutMs: 60_000 });
    const cancel = linkIn(fittingMail!, /\/fitting-room\/cancel\?/);
    secrets.push({ kind: "fitting cancel", token: new URL(cancel).searchParams.get("token")! });
    await visit(cancel);

    // The newsletter's unsubscribe link: subscribing sends it.
    const reader = `news-${tag}@example.com`;
    const subscribed = await fetch(`${boutique.url}/newsletter`, { method: "POST", body: new URLSearchParams({ email: reader }) });
    expect(subscribed.status).toBe(200);
    const [newsMail] = await smtp.waitFor((m) => m.to.includes(reader), { timeoutMs: 60_000 });
    const unsubscribe = linkIn(newsMail!, /\/newsletter\/unsubscribe\?/);
    secrets.push({ kind: "newsletter unsubscribe", token: new URL(unsubscribe).searchParams.get("token")! });
    await visit(unsubscribe);

    // A checkout page: its cart id is all it takes to open it, so it is a secret too.
    const product = ((await (await fetch(`${boutique.url}/api/products/ruby-satin-slit-gown`)).json()) as { product: Product }).product;
    const created = await fetch(`${boutique.url}/api/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lines: [{ merchandiseId: product.variants.find((v) => v.availableForSale)!.id, quantity: 1 }] }),
    });
    expect(created.status).toBe(200);
    const checkoutUrl = new URL(((await created.json()) as Extract<CheckoutResponse, { ok: true }>).checkoutUrl, boutique.url);
    const cartId = /^\/checkout\/([^/]+)$/.exec(checkoutUrl.pathname)![1]!;
    secrets.push({ kind: "checkout", token: decodeURIComponent(cartId) });
    await visit(checkoutUrl.toString());

    for (const { kind, token } of secrets) expect(token.length, `the ${kind} token`).toBeGreaterThanOrEqual(16);
    // Each page and redirect it went through was answered and logged (the request line is written as the answer ends).
    const expectedPaths = [
      "/api/auth/verify-email",
      "/api/auth/reset-password/",
      "/auth/reset-password",
      "/fitting-room/cancel",
      "/newsletter/unsubscribe",
      "/checkout/",
    ];
    for (const path of expectedPaths)
      expect(
        visitedPaths.some((p) => p.startsWith(path)),
        `visited ${path}`,
      ).toBe(true);
    const loggedPaths = () =>
      boutique
        .logs()
        .filter((line) => line.msg === "request")
        .map((line) => String(line.path));
    await expect
      .poll(() => expectedPaths.filter((path) => !loggedPaths().some((p) => p.startsWith(path))), { timeout: 30_000 })
      .toEqual([]);
    await expect.poll(() => loggedPaths().filter((p) => /reset-password|reset%2Dpassword/i.test(p)).length).toBeGreaterThanOrEqual(7);

    const output = `${boutique.process.stdout()}\n${boutique.process.stderr()}`;
    const found = secrets.flatMap(({ kind, token }) =>
      spellings(token)
        .map((spelling) => ({ kind, spelling, count: occurrences(output, spelling) }))
        .filter(({ count }) => count > 0),
    );
    expect(found, "secrets written to the server's output").toEqual([]);
  });
});
