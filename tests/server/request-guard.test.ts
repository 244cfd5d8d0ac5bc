import { readdirSync, readFileSync, statSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { hostname } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockFilePath } from "~/db/data-dir-lock.server";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { spawnCollecting, spawnNode } from "../helpers/processes";
import { freePort } from "../helpers/smtp";

const MAIN = fileURLToPath(new URL("../../server/main.js", import.meta.url));

/** One HTTP/1.1 exchange after another on a single socket, reading each answer whole (Content-Length or chunked). */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed = false;
  readonly socket: Socket;
  constructor(socket: Socket) {
    this.socket = socket;
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
    socket.on("error", () => {});
  }
  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => resolve(new RawConnection(socket)));
      socket.once("error", reject);
    });
  }
  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
  /** Waits for data or the close until `test` holds; false when the socket closes or `timeoutMs` passes first. */
  private async until(test: () => boolean, timeoutMs = 30_000) {
    let expired = false;
    const deadline = setTimeout(() => {
      expired = true;
      this.wake();
    }, timeoutMs);
    try {
      while (!test()) {
        if (this.closed || expired) return false;
        await new Promise<void>((resolve) => this.waiters.push(resolve));
      }
      return true;
    } finally {
      clearTimeout(deadline);
    }
  }
  write(data: string | Buffer) {
    this.socket.write(data);
  }
  /** The next response's status and headers (its body is read and dropped). */
  async response(): Promise<{ status: number; headers: Record<string, string> } | null> {
    const end = () => this.buffer.indexOf("\r\n\r\n");
    if (!(await this.until(() => end() !== -1))) return null;
    const head = this.buffer.subarray(0, end()).toString("latin1").split("\r\n");
    this.buffer = this.buffer.subarray(end() + 4);
    const status = Number(head[0]!.split(" ")[1]);
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) headers[line.slice(0, line.indexOf(":")).toLowerCase()] = line.slice(line.indexOf(":") + 1).trim();
    if (headers["content-length"]) {
      const length = Number(headers["content-length"]);
      await this.until(() => this.buffer.length >= length);
      this.buffer = this.buffer.subarray(length);
    } else if (headers["transfer-encoding"] === "chunked") {
      await this.until(() => this.buffer.includes("\r\n0\r\n\r\n") || this.buffer.subarray(0, 5).toString() === "0\r\n\r\n");
      const at = this.buffer.indexOf("0\r\n\r\n");
      this.buffer = this.buffer.subarray(at + 5);
    }
    return { status, headers };
  }
  async closedWithin(ms: number) {
    await this.until(() => false, ms);
    return this.closed;
  }
}

function post(path: string, length: number, type = "text/plain", extra = "") {
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n${extra}\r\n`;
}
const healthz = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

/** Rows per table, from the backup the running server hands its operator (the token is in the lock file, mode 0600). */
async function rowCounts(server: BoutiqueServer): Promise<Record<string, number>> {
  const owner = JSON.parse(readFileSync(lockFilePath(server.dataDir), "utf8")) as { control: { token: string } };
  const response = await fetch(`${server.url}/_ops/backup`, { headers: { authorization: `Bearer ${owner.control.token}` } });
  const text = await new Response(response.body!.pipeThrough(new DecompressionStream("gzip"))).text();
  const counts: Record<string, number> = {};
  for (const line of text.split("\n").slice(1).filter(Boolean)) {
    const table = (JSON.parse(line) as { table: string }).table;
    counts[table] = (counts[table] ?? 0) + 1;
  }
  return counts;
}

const ROUTES = [
  "/",
  "/weddings",
  "/prom",
  "/celebrations",
  "/product/celeste-lace-a-line",
  "/robots.txt",
  "/sitemap.xml",
  "/api/search?q=gown",
  "/api/products/celeste-lace-a-line",
  "/api/checkout",
  "/checkout/00000000-0000-4000-8000-000000000000",
  "/images/gowns/celeste-lace-a-line.webp",
  "/our-story",
  "/journal",
  "/faq",
  "/newsletter",
  "/newsletter.data",
  "/newsletter/unsubscribe?token=x",
  "/healthz",
  "/no-such-page",
];

describe("the request guard, on the built server", () => {
  let server: BoutiqueServer;
  beforeAll(async () => {
    const previous = process.umask(0o022);
    try {
      server = await startBoutique({ LOG_LEVEL: "info", LOG_FORMAT: "json" });
    } finally {
      process.umask(previous);
    }
  }, 400_000);
  afterAll(() => server?.stop());

  it("answers a refused body with its 4xx and keeps the kept-alive socket usable", async () => {
    const connection = await RawConnection.open(server.port);
    const body = "x".repeat(30_000);
    connection.write(post("/api/checkout", body.length) + body);
    expect((await connection.response())?.status).toBe(415);
    connection.write(post("/checkout/abc", 5, "application/x-www-form-urlencoded") + "a=%00");
    expect((await connection.response())?.status).toBe(400);
    connection.write(post("/newsletter", 3, "application/x-www-form-urlencoded", "Origin: https://evil.example\r\n") + "a=b");
    expect((await connection.response())?.status).toBe(403);
    connection.write("TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect((await connection.response())?.status).toBe(405);
    connection.write(healthz);
    expect((await connection.response())?.status).toBe(200);
    connection.socket.destroy();
  });

  it("answers a body past the cap with 413 and Connection: close, at once, whether its length is declared or streamed", async () => {
    const declared = await RawConnection.open(server.port);
    declared.write(post("/api/checkout", 1_000_000));
    declared.write(Buffer.alloc(200_000, 0x61));
    const first = await declared.response();
    expect(first?.status).toBe(413);
    expect(first?.headers.connection).toBe("close");
    expect(await declared.closedWithin(10_000)).toBe(true);

    const chunked = await RawConnection.open(server.port);
    chunked.write(
      "POST /newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n",
    );
    for (let i = 0; i < 10; i++) chunked.write(`2710\r\n${"a".repeat(10_000)}\r\n`);
    const second = await chunked.response();
    expect(second?.status).toBe(413);
    expect(second?.headers.connection).toBe("close");

    // The server itself is fine.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("refuses a cross-site POST to every route, by Origin or by Sec-Fetch-Site, and stores nothing", async () => {
    for (const route of ROUTES) {
      for (const headers of [
        { origin: "https://evil.example" } as Record<string, string>,
        { origin: "null" },
        { "sec-fetch-site": "cross-site" },
        { "sec-fetch-site": "same-site" },
      ]) {
        const response = await fetch(`${server.url}${route}`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          body: "email=victim%40example.org&name=Eve",
        });
        expect(response.status, `${route} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    const counts = await rowCounts(server);
    expect(counts.newsletter_subscribers ?? 0).toBe(0);
    expect(counts.mail_outbox ?? 0).toBe(0);
  });

  it("answers at both loopback names when APP_URL is unset, and builds URLs from neither a forged nor a broken Host", async () => {
    for (const host of ["localhost", "127.0.0.1"]) {
      const origin = `http://${host}:${server.port}`;
      expect((await fetch(`${origin}/`)).status).toBe(200);
      const signUp = await fetch(`${origin}/newsletter`, {
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: `email=${host}-guest%40example.com`,
      });
      expect(signUp.status).toBe(200);
    }
    for (const host of ["[::1", "x:99999999", "evil.example"]) {
      const connection = await RawConnection.open(server.port);
      connection.write(`GET /api/search?q=gown HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      expect((await connection.response())?.status, host).toBeLessThan(500);
      connection.socket.destroy();
    }
  });

  it("answers wrong requests with a 4xx: broken encodings, odd methods, control characters", async () => {
    const cases: [string, RequestInit, number][] = [
      ["/%E0%A4%A", {}, 400],
      ["/api/products/a%00b", {}, 400],
      ["/api/search?q=ab%00cd", {}, 400],
      ["/api/search?q=%E0%A4%A", {}, 400],
      ["/checkout/abc", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" }, 415],
      [
        "/checkout/abc",
        { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "name=a%00b&email=a%40b.co" },
        400,
      ],
      ["/newsletter", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=a%00%40b.co" }, 400],
      ["/newsletter", { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "x" }, 400],
      ["/api/checkout", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }, 400],
    ];
    for (const [path, init, status] of cases) expect((await fetch(`${server.url}${path}`, init)).status, path).toBe(status);
    for (const [method, status] of [
      ["TRACE", 405],
      ["OPTIONS", 405],
      ["PROPFIND", 501],
    ] as const) {
      const connection = await RawConnection.open(server.port);
      connection.write(`${method} / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      expect((await connection.response())?.status, method).toBe(status);
      connection.socket.destroy();
    }
  });

  it("ignores a client's own X-Request-Id when no proxy is trusted", async () => {
    const response = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "chosen-by-the-client" } });
    expect(response.headers.get("x-request-id")).not.toBe("chosen-by-the-client");
  });

  it("sends one Referrer-Policy on the unsubscribe page", async () => {
    const response = await fetch(`${server.url}/newsletter/unsubscribe?token=x`);
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
  });

  it("keeps the data folder private under umask 022, and tokens out of the log", async () => {
    expect(statSync(server.dataDir).mode & 0o777).toBe(0o700);
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? [join(dir, entry.name), ...walk(join(dir, entry.name))] : [join(dir, entry.name)],
      );
    // PGlite sets its own files' modes whatever the umask; the 0700 folder keeps them from other users. Ours are 0600.
    const open = walk(server.dataDir).filter((file) => !file.includes("/pgdata") && (statSync(file).mode & 0o077) !== 0);
    expect(open).toEqual([]);

    await fetch(`${server.url}/newsletter/unsubscribe?token=t1.SECRETTOKENVALUE123&utm=mail`);
    await fetch(`${server.url}/nowhere?token=ANOTHERSECRET456`);
    // Each is logged once its body has been sent, which may be after fetch resolved (on headers): wait for both lines.
    await expect.poll(() => server.process.stdout()).toContain("/nowhere?token=redacted");
    await expect.poll(() => server.process.stdout()).toContain("/newsletter/unsubscribe?token=redacted&utm=mail");
    const log = server.process.stdout();
    expect(log).not.toContain("SECRETTOKENVALUE123");
    expect(log).not.toContain("ANOTHERSECRET456");
  });

  it("refuses a second server on the folder, logging the holder's PID and purpose but never its token", async () => {
    const owner = JSON.parse(readFileSync(lockFilePath(server.dataDir), "utf8")) as { pid: number; control: { token: string } };
    const second = spawnNode([MAIN], { PORT: String(await freePort()), HOST: "127.0.0.1", DATA_DIR: server.dataDir, LOG_FORMAT: "json" });
    const { code } = await second.exited;
    expect(code).toBe(1);
    const output = second.stdout() + second.stderr();
    expect(output).toContain(`in use by process ${owner.pid}`);
    expect(output).toContain(`kill ${owner.pid}`);
    expect(output).not.toContain(owner.control.token);
  }, 120_000);

  // Last: it kills the shared server.
  it("starts again at once after kill -9, under another hostname, as a recreated container would", async () => {
    await server.stop("SIGKILL");
    const port = await freePort();
    const asRoot = process.getuid?.() === 0;
    const env = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: server.dataDir, LOG_FORMAT: "json" };
    const child = asRoot
      ? spawnCollecting("unshare", ["-u", "sh", "-c", `hostname other-host && exec "${process.execPath}" "${MAIN}"`], env)
      : spawnNode([MAIN], env);
    try {
      await child.waitForOutput(/boutique listening/, 300_000);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      // The lock names the host the new server runs on: another one where the test can make it so (as root).
      expect(JSON.parse(readFileSync(lockFilePath(server.dataDir), "utf8")).hostname).toBe(asRoot ? "other-host" : hostname());
    } finally {
      child.child.kill("SIGTERM");
      await child.exited;
    }
  }, 400_000);
});

describe("behind a TLS proxy (TRUST_PROXY)", () => {
  let server: BoutiqueServer;
  beforeAll(async () => {
    server = await startBoutique({
      APP_URL: "https://boutique.example",
      TRUST_PROXY: "loopback",
      NEWSLETTER_RATE_LIMIT: "2",
      LOG_FORMAT: "json",
    });
  }, 400_000);
  afterAll(() => server?.stop());

  it("accepts the site's https origin, and counts the client the proxy saw, whatever X-Forwarded-For entries the client forged", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${server.url}/newsletter`, {
        method: "POST",
        headers: {
          origin: "https://boutique.example",
          "x-forwarded-proto": "https",
          "x-forwarded-for": `10.9.9.${i}, 203.0.113.7`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: `email=guest${i}%40example.com`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const request = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "from-the-proxy" } });
    expect(request.headers.get("x-request-id")).toBe("from-the-proxy");
  });
});
