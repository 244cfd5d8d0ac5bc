import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "~/lib/logger.server";
import { Redactor } from "~/lib/redact-secrets";

const TOKEN = "Q7fK2pX9mZr4Lw8cVt3nBy6H";
const redactor = new Redactor({ paths: ["/api/auth/reset-password/:token", "/checkout/:cartId", "/shop/*/orders/:orderKey/*"] });

describe("a secret segment of a path", () => {
  it("becomes its pattern's name, the rest of the URL kept as written", () => {
    expect(redactor.url(`/api/auth/reset-password/${TOKEN}?callbackURL=%2Fauth%2Freset-password`)).toBe(
      "/api/auth/reset-password/:token?callbackURL=%2Fauth%2Freset-password",
    );
    expect(redactor.url(`https://shop.example/checkout/${TOKEN}`)).toBe("https://shop.example/checkout/:cartId");
    expect(redactor.url("/shop/north/orders/k-123/receipt")).toBe("/shop/north/orders/:orderKey/receipt");
  });

  it("is found in every spelling a router or URL parser still reads as that route", () => {
    for (const spelling of [
      `/api/auth/reset-password/${TOKEN}/`,
      `/api/auth/reset-password/${TOKEN}/more`,
      `/api/auth//reset-password/${TOKEN}`,
      `/api/auth/./reset-password/${TOKEN}`,
      `/api/auth/x/../reset-password/${TOKEN}`,
      `/api/auth/x/%2e%2E/reset-password/${TOKEN}`,
      `/API/Auth/Reset-Password/${TOKEN}`,
      `/api/auth/reset%2Dpassword/${TOKEN}`,
      `/api/auth/reset-password%2F${TOKEN}`,
      `/api/auth/reset-password%2f${encodeURIComponent(TOKEN)}`,
      `\\api\\auth\\reset-password\\${TOKEN}`,
      `/api/auth/reset-password%5C${TOKEN}`,
      `http://user:pw@host:3000/api/auth/reset-password/${TOKEN}#x`,
    ]) {
      const redacted = redactor.url(spelling);
      expect(redacted, spelling).not.toContain(TOKEN);
      expect(redacted, spelling).toContain(":token");
    }
  });

  it("leaves paths of other routes alone, and a pattern without a secret adds nothing", () => {
    const quiet = new Redactor({ paths: ["/product/*", "/weddings"] });
    for (const path of [`/product/${TOKEN}`, `/weddings/${TOKEN}`, "/api/auth/sign-in/email", `/api/reset-password/${TOKEN}`]) {
      expect(quiet.url(path)).toBe(path);
      expect(redactor.url(path)).toBe(path);
    }
  });

  it("reads optional segments both ways", () => {
    const optional = new Redactor({ paths: ["/links/:lang?/open/:key"] });
    expect(optional.url("/links/en/open/abc")).toBe("/links/:lang/open/:key");
    expect(optional.url("/links/open/abc")).toBe("/links/open/:key");
  });

  it("can be learnt after the redactor is made", () => {
    const later = new Redactor();
    expect(later.url(`/checkout/${TOKEN}`)).toBe(`/checkout/${TOKEN}`);
    later.addPaths(["/checkout/:cartId"]);
    expect(later.url(`/checkout/${TOKEN}`)).toBe("/checkout/:cartId");
  });
});

describe("a secret in the query, the fragment or the authority", () => {
  it("hides token-like query values, by name however the name is encoded", () => {
    expect(redactor.url(`/fitting-room/cancel?token=${TOKEN}`)).toBe("/fitting-room/cancel?token=redacted");
    expect(redactor.url(`/x?%74oken=${TOKEN}&tab=forgot`)).toBe("/x?%74oken=redacted&tab=forgot");
    expect(redactor.url(`/x?access+key=${TOKEN}&sig=${TOKEN}&email=a%40b.c`)).toBe("/x?access+key=redacted&sig=redacted&email=redacted");
    expect(redactor.url("/collection?sort=price&style=a-line")).toBe("/collection?sort=price&style=a-line");
  });

  it("redacts a URL carried in another parameter's value (a callback, a redirect)", () => {
    const inner = encodeURIComponent(`/checkout/${TOKEN}?token=${TOKEN}`);
    const redacted = redactor.url(`/auth?redirectTo=${inner}`);
    expect(redacted).not.toContain(TOKEN);
    expect(decodeURIComponent(redacted)).toBe("/auth?redirectTo=/checkout/:cartId?token=redacted");
  });

  it("hides a fragment and a password in the authority", () => {
    expect(redactor.url(`/callback#access_token=${TOKEN}`)).toBe("/callback#redacted");
    expect(redactor.url("/page#")).toBe("/page#");
    expect(redactor.url(`postgres://shop:${TOKEN}@db:5432/hive`)).toBe("postgres://shop:redacted@db:5432/hive");
    expect(redactor.url(`https://${TOKEN}@git.example/x`)).toBe("https://redacted@git.example/x");
  });
});

describe("free text and log records", () => {
  it("finds the URLs in a message or a stack, and bearer tokens and secret-named pairs", () => {
    const message = `No route matches URL "/checkout/${TOKEN}" (GET http://127.0.0.1:3000/api/auth/reset-password/${TOKEN}?x=1)`;
    expect(redactor.text(message)).toBe(
      'No route matches URL "/checkout/:cartId" (GET http://127.0.0.1:3000/api/auth/reset-password/:token?x=1)',
    );
    expect(redactor.text(`Authorization: Bearer ${TOKEN}`)).toBe("Authorization: Bearer redacted");
    expect(redactor.text(`cookie hive.session_token=${TOKEN}.sig; theme=dark`)).toBe("cookie hive.session_token=redacted; theme=dark");
    const stack = "Error: boom\n    at loader (file:///srv/build/server/index.js:12:3)\n    at /srv/node_modules/x.js:4:1";
    expect(redactor.text(stack)).toBe(stack);
  });

  it("walks a record: strings as text, and credential headers whole wherever they sit", () => {
    const record = {
      msg: "request",
      path: `/checkout/${TOKEN}`,
      status: 200,
      nested: { headers: { cookie: `a=${TOKEN}`, Authorization: `Basic ${TOKEN}`, accept: "text/html" }, list: [`/checkout/${TOKEN}`, 3] },
      hasToken: true,
    };
    const redacted = redactor.record(record);
    expect(JSON.stringify(redacted)).not.toContain(TOKEN);
    expect(redacted).toEqual({
      msg: "request",
      path: "/checkout/:cartId",
      status: 200,
      nested: { headers: { cookie: "redacted", Authorization: "redacted", accept: "text/html" }, list: ["/checkout/:cartId", 3] },
      hasToken: true,
    });
    const clean = { msg: "boutique listening", url: "http://127.0.0.1:3000" };
    expect(redactor.record(clean)).toBe(clean);
  });

  it("is what the logger writes: every line, every field, errors included", () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger("info", stream, redactor).child({ reqId: "r1" });
    logger.info({ path: `/api/auth/reset-password/${TOKEN}?callbackURL=%2Fauth` }, "request");
    logger.error({ err: new Error(`fetch /checkout/${TOKEN} failed`), req: { headers: { cookie: TOKEN } } }, "unhandled error");
    logger.warn(`page not found: /x?token=${TOKEN}`);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain(TOKEN);
      expect(line.endsWith("}\n")).toBe(true);
    }
    expect(JSON.parse(lines[0]!).path).toBe("/api/auth/reset-password/:token?callbackURL=%2Fauth");
    expect(JSON.parse(lines[1]!).err.message).toBe("fetch /checkout/:cartId failed");
  });
});
