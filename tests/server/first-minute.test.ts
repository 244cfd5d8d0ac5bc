import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { SERVER_START_TIMEOUT_MS, startBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { spawnCollecting, spawnNode, tempDir, type Spawned } from "../helpers/processes";
import { freePort } from "../helpers/smtp";

const MAIN = fileURLToPath(new URL("../../server/main.js", import.meta.url));
const START = fileURLToPath(new URL("../../server/start.sh", import.meta.url));
const children: Spawned[] = [];
const servers: BoutiqueServer[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.child.exitCode === null) child.child.kill("SIGKILL");
  await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
});

function spawnServer(env: Record<string, string | undefined>) {
  const child = spawnNode([MAIN], { HOST: "127.0.0.1", LOG_LEVEL: "info", ...env });
  children.push(child);
  return child;
}

describe("the first minute", () => {
  it("at a terminal, says in words where the boutique is open and on what, and reads requests as sentences", async () => {
    const port = await freePort();
    const dataDir = tempDir();
    // LOG_FORMAT=pretty is what a terminal gets without asking; a test's stdout is a pipe, so it asks.
    const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir, LOG_FORMAT: "pretty" });
    await server.waitForOutput(/The Hive is open at .*\n/, SERVER_START_TIMEOUT_MS);
    expect(server.stdout()).toContain(
      `The Hive is open at http://localhost:${port} — embedded PostgreSQL (PGlite) in ${dataDir} · built-in storefront (demo collection, no Shopify account) · mail printed to the log\n`,
    );

    expect((await fetch(`http://127.0.0.1:${port}/our-story`)).status).toBe(200);
    await server.waitForOutput(/GET \/our-story → 200 \(\d+(\.\d+)? ms\)/, 10_000);
    expect(
      server
        .stdout()
        .split("\n")
        .filter((line) => line.startsWith("{")),
    ).toEqual([]);
  });

  it("piped to a log collector, writes JSON lines; the opening line carries the same sentence", async () => {
    const server = await startBoutique();
    servers.push(server);
    const listening = server.logs().find((line) => line.msg === "boutique listening");
    expect(listening).toMatchObject({
      engine: "pglite",
      mail: "log",
      catalogue: "built-in",
      summary: `The Hive is open at http://localhost:${server.port} — embedded PostgreSQL (PGlite) in ${server.dataDir} · built-in storefront (demo collection, no Shopify account) · mail printed to the log`,
    });
  });

  it("renders pages with React's production build when NODE_ENV is not set", async () => {
    const port = await freePort();
    // NODE_DEBUG=module makes Node name every file it loads.
    const server = spawnServer({ PORT: String(port), DATA_DIR: tempDir(), NODE_ENV: undefined, NODE_DEBUG: "module" });
    await server.waitForOutput(/boutique listening/, SERVER_START_TIMEOUT_MS);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    const loaded = [...server.stderr().matchAll(/load "([^"]*\/node_modules\/react(?:-dom)?\/cjs\/[^"]+)"/g)].map((match) => match[1]!);
    expect(loaded.some((file) => file.endsWith("react-dom-server.node.production.js"))).toBe(true);
    expect(loaded.some((file) => file.endsWith("/react.production.js"))).toBe(true);
    expect(loaded.filter((file) => file.includes(".development."))).toEqual([]);
  });

  it("server/start.sh, as npm start runs it, gives the server its memory settings; a value already set wins", async () => {
    const port = await freePort();
    const server = spawnCollecting("sh", [START], {
      BOUTIQUE_NODE: process.execPath,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: tempDir(),
      LOG_LEVEL: "debug",
      MALLOC_ARENA_MAX: "1",
      GLIBC_TUNABLES: undefined,
    });
    children.push(server);
    await server.waitForOutput(/boutique listening/, SERVER_START_TIMEOUT_MS);
    // The script execs Node: its PID is the server's.
    const environ = readFileSync(`/proc/${server.child.pid}/environ`, "utf8").split("\0");
    expect(environ).toContain("MALLOC_ARENA_MAX=1");
    expect(environ).toContain("GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072");
    const argv = readFileSync(`/proc/${server.child.pid}/cmdline`, "utf8").split("\0");
    expect(argv[0]).toBe(process.execPath);
    expect(argv).toContain("--max-semi-space-size=8");
    expect(argv).toContain("--expose-gc");
    expect(argv).toContain(MAIN);
    // With gc exposed, the server collects start-up's garbage once, after it starts listening, and gives the heap's
    // pages back. Not judged by the whole RSS: the database's and the thread pool's own allocations go on meanwhile,
    // and on a busy machine they outweighed what the collection returned (RSS 536 -> 543 MB while the heap shrank).
    const line = await server.waitForOutput(/\{[^\n]*"start-up garbage collected"[^\n]*\}/, 30_000);
    const { heapUsedMb, heapTotalMb } = JSON.parse(line) as { heapUsedMb: [number, number]; heapTotalMb: [number, number] };
    expect(heapUsedMb[1]).toBeLessThan(heapUsedMb[0]);
    expect(heapTotalMb[1]).toBeLessThan(heapTotalMb[0]);
  });
});
