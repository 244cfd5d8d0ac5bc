import { existsSync } from "node:fs";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, lockFilePath, readLockOwner } from "~/db/data-dir-lock.server";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { spawnNode, tempDir } from "../helpers/processes";
import { freePort } from "../helpers/smtp";

const MAIN = fileURLToPath(new URL("../../server/main.js", import.meta.url));
const running: BoutiqueServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop("SIGKILL")));
});

async function start(env: Record<string, string> = {}) {
  const server = await startBoutique(env);
  running.push(server);
  return server;
}

describe("the server process", () => {
  it("answers /healthz after checking the database", async () => {
    const server = await start();
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "ok", engine: "pglite" });
  });

  it("refuses a second server on the same data folder, naming the first; the first keeps serving", async () => {
    const first = await start();
    const port = await freePort();
    const second = spawnNode([MAIN], { PORT: String(port), DATA_DIR: first.dataDir, LOG_LEVEL: "info" });
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.stderr()).toContain(`in use by process ${first.process.child.pid}`);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  });

  it("starts on a folder whose previous server was killed, with nothing lost", async () => {
    const dataDir = tempDir();
    const first = await start({ DATA_DIR: dataDir });
    expect(existsSync(lockFilePath(dataDir))).toBe(true);
    await first.stop("SIGKILL");
    // The lock file is still there, naming a dead process.
    expect(existsSync(lockFilePath(dataDir))).toBe(true);
    const second = await start({ DATA_DIR: dataDir });
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    // Two cold starts in one test: on a busy machine each can take most of a minute.
  }, 150_000);

  it("stops at start-up with a message naming a bad variable", async () => {
    const child = spawnNode([MAIN], { PORT: "not-a-port", DATA_DIR: tempDir() });
    const { code } = await child.exited;
    expect(code).toBe(1);
    expect(child.stderr()).toContain("PORT: must be a whole number between 1 and 65535");
  });

  it("refuses to start a production deployment whose mail would only reach the log, and says what to set", async () => {
    const child = spawnNode([MAIN], {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://boutique@127.0.0.1:1/boutique",
      APP_URL: "https://boutique.example",
      APP_SECRET: "k".repeat(40),
      SMTP_URL: "",
      MAIL_TRANSPORT: "",
      PORT: String(await freePort()),
      DATA_DIR: tempDir(),
    });
    const { code } = await child.exited;
    expect(code).toBe(1);
    expect(child.stderr()).toContain("SMTP_URL: is required in production (NODE_ENV=production with DATABASE_URL)");
    expect(child.stderr()).toContain("MAIL_TRANSPORT=log");
  });

  it("starts on the embedded defaults with NODE_ENV=production, printing mail to the log", async () => {
    const server = await start({ NODE_ENV: "production", SMTP_URL: "" });
    const listening = server.logs().find((l) => l.msg === "boutique listening");
    expect(listening).toMatchObject({ mail: "log", engine: "pglite", secret: "data folder" });
  });

  it("serves the 404 page with status 404 and logs the unknown path", async () => {
    const server = await start();
    const response = await fetch(`${server.url}/no-such-gown?colour=blue`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
    // Logged once answered: wait for the line.
    await expect.poll(() => server.logs().find((l) => l.msg === "page not found")).toBeDefined();
    const line = server.logs().find((l) => l.msg === "page not found");
    expect(line).toMatchObject({ path: "/no-such-gown?colour=blue", level: 40 });
    expect(line?.reqId).toBe(response.headers.get("x-request-id"));
  });

  it("sends security headers, and a CSP nonce that matches the page's scripts", async () => {
    const server = await start();
    const response = await fetch(`${server.url}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // Plain HTTP on loopback: no HSTS (it is sent only over HTTPS).
    expect(response.headers.get("strict-transport-security")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    // A fresh nonce on every response.
    const again = (await fetch(`${server.url}/`)).headers.get("content-security-policy");
    expect(again).not.toContain(nonce!);
  });

  it("serves hashed assets with a year-long immutable cache, compressed", async () => {
    const server = await start();
    const html = await (await fetch(`${server.url}/`)).text();
    // A first view inlines the stylesheet (its file: stylesheet.test.ts): check the scripts and a font it points at.
    const font = /url\((\/assets\/[^)]+\.woff2)\)/.exec(html)?.[1];
    expect(font).toBeTruthy();
    const fontResponse = await fetch(`${server.url}${font}`);
    expect(fontResponse.status).toBe(200);
    expect(fontResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const scripts = [...html.matchAll(/href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const encodings: (string | null)[] = [];
    for (const script of scripts) {
      const response = await fetch(`${server.url}${script}`, { headers: { "accept-encoding": "gzip" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      encodings.push(response.headers.get("content-encoding"));
    }
    // Tiny files go as they are; the framework bundle and the route code are compressed.
    expect(encodings).toContain("gzip");
  });

  it("on SIGTERM answers the requests already received, then exits cleanly and frees the data folder", async () => {
    // What is under test is that received requests are answered, not the deadlines. On a busy
    // machine the server may not have accepted all twenty connections from the kernel's queue
    // within the default 1 s drain (closing the listener then resets them), and twenty renders
    // can outlast the default 10 s, after which the server rightly cuts them.
    const server = await start({ SHUTDOWN_DRAIN_MS: "5000", SHUTDOWN_TIMEOUT_MS: "90000" });
    // Twenty page requests sent at once, and the signal right behind them.
    const sockets = Array.from({ length: 20 }, () => connect(server.port, "127.0.0.1"));
    await Promise.all(sockets.map((socket) => new Promise<void>((resolve) => socket.once("connect", () => resolve()))));
    const answers = sockets.map(
      (socket) =>
        new Promise<string>((resolve) => {
          let text = "";
          socket.on("data", (chunk) => (text += chunk.toString()));
          socket.on("error", (error) => (text += `\n[socket error: ${error.message}]`));
          socket.on("close", () => resolve(text));
        }),
    );
    for (const socket of sockets) socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    server.process.child.kill("SIGTERM");
    await server.process.waitForOutput(/shutting down/);
    // While it drains, the health check tells load balancers to look elsewhere.
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "draining" });
    for (const answer of await Promise.all(answers)) {
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(answer).toContain("</html>");
    }
    const { code } = await server.process.exited;
    expect(code).toBe(0);
    expect(server.process.stdout()).toContain("shutting down");
    expect(server.process.stdout()).toContain("shut down cleanly");
    // The lock file stays (a kernel lock on it is what counts), names no holder, and the folder can be locked again.
    expect(readLockOwner(server.dataDir)).toBeNull();
    acquireDataDirLock(server.dataDir, "lifecycle test").release();
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  }, 150_000);
});
