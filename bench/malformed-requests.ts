/**
 * A seeded generator of wrong requests, and a runner that sends them to a
 * running boutique over a few kept-alive connections. Every route and method,
 * with broken %-encodings, NUL bytes, odd Unicode, huge strings, missing and
 * wrongly typed fields, wrong content types and odd headers. Used by
 * tests/server/malformed-requests.test.ts and by
 *
 *   npm run build && npm run bench:malformed -- [count=5000] [seed=1]
 *
 * Every request is wrong in some way; none may answer 5xx, hang, or reset a
 * connection that the server did not say it would close.
 */
import http from "node:http";

export interface GeneratedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What was wrong with it, for a failure message. */
  label: string;
}

export interface MalformedRun {
  sent: number;
  byStatus: Record<string, number>;
  failures: { label: string; method: string; path: string; outcome: string }[];
  ms: number;
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "MKCOL"];
const ODD_TEXT = [
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31m",
  "\u202e\u200b\ufeff",
  "💍👰🏽‍♀️",
  "ǅ̶̧̛",
  "\ud800",
  "\uffff",
  "%",
  "%zz",
  "%E0%A4%A",
  "%C0%AF",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "${7*7}",
  "null",
  "[]",
  "{}",
  "-1",
  "1e309",
  "NaN",
  "true",
];
const BAD_EMAILS = [
  "",
  "a@b",
  "a@b.co,c@d.co,e@f.co",
  "x@y.co;victim@example.org",
  "Bob<victim@example.org>x@y.co",
  "@@@.@",
  "<script>x</script>@x.co",
  "a\u0000@b.co",
  "a b@c.co",
  '"q"@x.co',
];
const PAGE_PATHS = [
  "/",
  "/weddings",
  "/prom",
  "/celebrations",
  "/product/celeste-lace-a-line",
  "/robots.txt",
  "/sitemap.xml",
  "/our-story",
  "/journal",
  "/faq",
  "/newsletter",
  "/newsletter.data",
  "/newsletter/unsubscribe",
  "/api/search",
  "/api/products/celeste-lace-a-line",
  "/api/checkout",
  "/checkout/00000000-0000-4000-8000-000000000000",
  "/images/gowns/celeste-lace-a-line.webp",
  "/healthz",
  "/_ops/backup",
  "/_ops/grant-admin",
  // Accounts.
  "/auth",
  "/auth/reset-password",
  "/account",
  "/admin/login",
  "/admin/dashboard",
  "/api/wishlist",
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/get-session",
  "/api/auth/two-factor/verify-totp",
  "/.well-known/jwks.json",
  // Fittings and design requests.
  "/fitting-room",
  "/fitting-room/cancel",
  "/custom-design",
  "/no-such-page",
  "/assets/nothing.js",
];

export function generateRequests(count: number, seed: number, origin: string, bodyCap = 64 * 1024): GeneratedRequest[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const odd = () => pick(ODD_TEXT);
  const huge = () => "x".repeat(1000 + Math.floor(random() * 40_000)) + odd();
  // A lone surrogate has no UTF-8 form: it goes out as the bytes a careless encoder would write.
  const escape = (c: string) => (/[\ud800-\udfff]/.test(c) ? "%ED%A0%80" : encodeURIComponent(c));
  const enc = (text: string) => (random() < 0.5 ? Array.from(text, escape).join("") : text.replace(/[^\x21-\x7e]/g, escape));
  const requests: GeneratedRequest[] = [];

  for (let i = 0; i < count; i++) {
    let path = pick(PAGE_PATHS);
    let method = random() < 0.5 ? "POST" : pick(METHODS);
    const headers: Record<string, string> = {};
    let body: Buffer | undefined;
    const labels: string[] = [];

    // The address.
    const pathMutation = random();
    if (pathMutation < 0.15) {
      path += `/${enc(odd())}`;
      labels.push("odd path segment");
    } else if (pathMutation < 0.25) {
      path = path.replace(/\/([^/]*)$/, `/$1${pick(["%", "%E0%A4%A", "%zz", "%00", "%C0%AF", "%ff%fe"])}`);
      labels.push("broken %-encoding in the path");
    } else if (pathMutation < 0.32) {
      path = `/product/${enc(random() < 0.5 ? huge().slice(0, 3000) : odd())}`;
      labels.push("odd product handle");
    } else if (pathMutation < 0.4) {
      path = `/api/products/${enc(odd())}`;
      labels.push("odd API handle");
    }
    const queryMutation = random();
    if (queryMutation < 0.2) {
      path += `?q=${enc(random() < 0.3 ? huge().slice(0, 4000) : odd())}`;
      labels.push("odd query");
    } else if (queryMutation < 0.3) {
      path += `?${pick(["q=%", "q=%E0%A4%A", "token=%00", "width=-1", "width=99999999", "v=%zz", "q[]=1&q[]=2", "token=a&token=b"])}`;
      labels.push("broken query");
    }
    if (path.startsWith("/api/search") && !path.includes("?")) path += `?q=${enc(odd())}`;

    // Headers.
    const headerMutation = random();
    if (headerMutation < 0.08) {
      headers.host = pick(["[::1", "x:99999999", "evil.example", "", "localhost:0", "a".repeat(300)]);
      labels.push("odd Host");
    } else if (headerMutation < 0.14) {
      headers["x-forwarded-for"] = pick(["1.2.3.4, 5.6.7.8", "garbage", "::::", "999.1.1.1"]);
      headers["x-forwarded-proto"] = pick(["https", "gopher", ""]);
      headers["x-forwarded-host"] = "evil.example";
      labels.push("forwarded headers");
    } else if (headerMutation < 0.18) {
      headers["x-request-id"] = pick(["../../x", "a".repeat(500), "id with spaces"]);
      labels.push("odd request id");
    } else if (headerMutation < 0.22) {
      headers.cookie = `session=${"\u00ff".repeat(20)}; x=${odd().replace(/[^\x20-\x7e]/g, "")}`;
      headers["accept-encoding"] = pick(["gzip;q=nan", "br, *;q=-1", "identity;q=0"]);
      headers.accept = pick(["*/*;q=x", "text/html, application/json;;", ""]);
      labels.push("odd cookie and accept headers");
    } else if (headerMutation < 0.26) {
      headers.range = pick(["bytes=99999999-", "bytes=-", "bytes=5-1", "lines=1-2"]);
      headers["if-none-match"] = pick(['"x"', "*", "W/"]);
      labels.push("odd range");
    }

    // The body, for methods that carry one: mostly from this site so it reaches the content checks.
    if (!["GET", "HEAD", "OPTIONS", "TRACE"].includes(method) || random() < 0.05) {
      const siteMutation = random();
      if (siteMutation < 0.75) headers.origin = origin;
      else if (siteMutation < 0.85) {
        headers.origin = pick(["https://evil.example", "null", "http://localhost.evil.example", origin.replace("http:", "https:")]);
        labels.push("cross-site origin");
      } else if (siteMutation < 0.92) {
        headers["sec-fetch-site"] = pick(["cross-site", "same-site", "same-origin", "bogus"]);
        labels.push("sec-fetch-site");
      }
      const bodyKind = random();
      if (bodyKind < 0.3) {
        const fields = new URLSearchParams();
        const field = random();
        if (field < 0.4) fields.set("email", pick(BAD_EMAILS) + (random() < 0.3 ? odd() : ""));
        else if (field < 0.6) {
          fields.set("name", random() < 0.5 ? huge().slice(0, 30_000) : odd());
          fields.set("email", pick(BAD_EMAILS));
        } else if (field < 0.7) fields.set("token", odd());
        else if (field < 0.8) fields.set(odd(), odd());
        else if (field < 0.9) {
          // The accounts, fitting and design forms' own fields, each wrong in its own way.
          fields.set("intent", pick(["sign-in", "sign-up", "logout", "update-profile", "save-address", "delete-address", "book", odd()]));
          fields.set(
            pick(["password", "fullName", "phone", "addressLine1", "postalCode", "id"]),
            random() < 0.3 ? huge().slice(0, 5000) : odd(),
          );
          fields.set(pick(["date", "preferredDate", "eventDate"]), pick(["2026-02-30", "9999-99-99", "1900-01-01", "", odd()]));
          fields.set(
            pick(["time", "eventType", "budget", "step", "vision"]),
            pick(["25:00 PM", "gala", "-1", "5", "x".repeat(1001), odd()]),
          );
        }
        // else: missing fields
        let text = fields.toString();
        if (random() < 0.25) text += pick(["&email=%", "&name=%E0%A4%A", "&%zz=1", "&email=a%00b"]);
        body = Buffer.from(text);
        headers["content-type"] = random() < 0.8 ? "application/x-www-form-urlencoded" : pick(["text/plain", "application/json", ""]);
        labels.push("form body");
      } else if (bodyKind < 0.5) {
        const json = pick([
          '{"lines":"x"}',
          '{"lines":[{"merchandiseId":null,"quantity":"1"}]}',
          `{"lines":[{"merchandiseId":"${"\\u0000"}","quantity":1}]}`,
          '{"lines":[{"merchandiseId":"gid://x","quantity":1e309}]}',
          '{"lines":[{"merchandiseId":"gid://x","quantity":-5}]}',
          "[",
          '{"a":',
          "null",
          '"\\ud800"',
          `{"lines":[${'{"merchandiseId":"gid://x","quantity":1},'.repeat(200)}{}]}`,
          JSON.stringify({ email: pick(BAD_EMAILS) }),
        ]);
        body = Buffer.from(json);
        headers["content-type"] =
          random() < 0.8
            ? "application/json"
            : pick(["application/json; charset=latin1", "text/json", "application/x-www-form-urlencoded"]);
        labels.push("JSON body");
      } else if (bodyKind < 0.62) {
        const boundary = "b0und4ry";
        const part = pick([
          `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${pick(BAD_EMAILS)}\r\n--${boundary}--\r\n`,
          `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated`,
          `--other\r\n\r\n`,
          `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n\u0000\u0001\r\n--${boundary}--\r\n`,
        ]);
        body = Buffer.from(part);
        headers["content-type"] = random() < 0.8 ? `multipart/form-data; boundary=${boundary}` : "multipart/form-data";
        labels.push("multipart body");
      } else if (bodyKind < 0.7) {
        body = Buffer.from(Array.from({ length: 200 + Math.floor(random() * 2000) }, () => Math.floor(random() * 256)));
        headers["content-type"] = pick(["application/octet-stream", "image/png", "application/x-www-form-urlencoded", "application/json"]);
        labels.push("binary body");
      } else if (bodyKind < 0.73) {
        body = Buffer.alloc(bodyCap + 1 + Math.floor(random() * 100_000), 0x61);
        headers["content-type"] = "application/x-www-form-urlencoded";
        labels.push("body past the cap");
      } else if (bodyKind < 0.8) {
        labels.push("no body");
      } else {
        body = Buffer.from(odd());
        if (random() < 0.5) headers["content-type"] = pick(["text/plain", "application/xml", "x/y; boundary", ";;;"]);
        labels.push("text body, odd type");
      }
    }
    if (method === "GET" && random() < 0.02) {
      method = "GET";
      body = Buffer.from("a=1");
      headers["content-type"] = "application/x-www-form-urlencoded";
      labels.push("GET with a body");
    }
    requests.push({ method, path, headers, body, label: labels.join(", ") || "odd method" });
  }
  return requests;
}

/**
 * Sends the requests over `connections` kept-alive sockets. A failure is a
 * 5xx, no answer within `timeoutMs`, or a reset of a connection the server had
 * not announced it would close.
 */
export async function sendRequests(
  base: string,
  requests: GeneratedRequest[],
  options: { connections?: number; timeoutMs?: number; deadlineMs?: number } = {},
): Promise<MalformedRun> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections ?? 4 });
  const started = Date.now();
  const deadline = started + (options.deadlineMs ?? 120_000);
  const byStatus: Record<string, number> = {};
  const failures: MalformedRun["failures"] = [];
  let next = 0;
  let sent = 0;

  const one = (request: GeneratedRequest) =>
    new Promise<string>((resolve) => {
      let settled = false;
      const done = (outcome: string) => {
        if (!settled) {
          settled = true;
          resolve(outcome);
        }
      };
      let req: http.ClientRequest;
      try {
        const headers: Record<string, string> = { ...request.headers };
        if (request.body) headers["content-length"] = String(request.body.length);
        req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent });
      } catch (error) {
        // Node's client refuses to send it (an invalid header or path): not the server's doing.
        done(`unsendable: ${(error as Error).message.slice(0, 60)}`);
        return;
      }
      req.setTimeout(options.timeoutMs ?? 30_000, () => {
        done("timeout");
        req.destroy();
      });
      req.on("response", (res) => {
        const closing = /close/i.test(String(res.headers.connection ?? ""));
        res.resume();
        res.on("end", () => done(`${res.statusCode}${closing ? " close" : ""}`));
        res.on("error", () => done(`${res.statusCode} aborted`));
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        // A body past the cap may be cut off by the server's 413 + close before we finish sending it.
        done(request.label.includes("past the cap") ? "413 close (reset while sending)" : `error ${error.code ?? error.message}`);
      });
      req.end(request.body);
    });

  const worker = async () => {
    while (next < requests.length && Date.now() < deadline) {
      const request = requests[next++]!;
      const outcome = await one(request);
      sent++;
      const status = outcome.split(" ")[0]!;
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      // 501 is the answer to a method nobody implements: a refusal, not a failure.
      const bad = status === "timeout" || status === "error" || (/^5/.test(status) && status !== "501");
      if (bad && !outcome.startsWith("unsendable")) {
        failures.push({ label: request.label, method: request.method, path: request.path.slice(0, 120), outcome });
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections ?? 4 }, worker));
  agent.destroy();
  return { sent, byStatus, failures, ms: Date.now() - started };
}
