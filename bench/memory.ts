/**
 * The server's resident memory (RSS): idle after start on the embedded
 * default (PGlite, a fresh folder, then the same folder again) and on
 * PostgreSQL (a throwaway database on 127.0.0.1:5432), then after half
 * and after all of N mixed requests (pages, JSON, search, pictures,
 * refused input), to show whether it keeps growing over a run. Starts the
 * built server as `npm start` does (run `npm run build` first).
 *
 *   npm run bench:memory -- [requests=10000] [connections=4]
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { printHeader, reportRow, startBenchServer, table, type BenchServer } from "./bench-helpers";

const REQUESTS = Number(process.argv[2] ?? 10_000);
const CONNECTIONS = Number(process.argv[3] ?? 4);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

/** The mix: what shoppers ask most, plus what a careless or hostile client sends. */
function mixedRequest(i: number, base: string): [string, RequestInit] {
  const pick = i % 10;
  if (pick < 3) return [`${base}${["/", "/weddings", "/prom", "/celebrations", "/faq"][i % 5]}`, {}];
  if (pick < 5) return [`${base}/product/${["celeste-lace-a-line", "magnolia-lace-ball-gown", "ruby-satin-slit-gown"][i % 3]}`, {}];
  if (pick === 5) return [`${base}/api/search?q=${["lace", "satin", "gown", "tulle"][i % 4]}`, {}];
  if (pick === 6) return [`${base}/api/products/celeste-lace-a-line`, {}];
  if (pick === 7) return [`${base}/images/gowns/celeste-lace-a-line.webp?width=${[240, 480, 800][i % 3]}`, {}];
  if (pick === 8) return [`${base}/no-such-page-${i % 50}`, {}];
  return [
    `${base}/newsletter`,
    { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=not-an-address" },
  ];
}

async function run(server: BenchServer, from: number, to: number): Promise<number> {
  let next = from;
  let failures = 0;
  const worker = async () => {
    while (next < to) {
      const [url, init] = mixedRequest(next++, server.base);
      const response = await fetch(url, { ...init, redirect: "manual" });
      await response.arrayBuffer();
      if (response.status >= 500) failures++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return failures;
}

const rows: (string | number)[][] = [];
async function measure(label: string, env: Record<string, string>, { load }: { load: boolean }) {
  const server = await startBenchServer(env, { output: "ignore" });
  try {
    await settle();
    const idle = await server.rssMb();
    const command = `npm run build && npm run bench:memory -- ${REQUESTS} ${CONNECTIONS}`;
    reportRow({ figure: `RSS idle, ${label}`, value: idle, unit: "MB", command });
    if (!load) {
      rows.push([label, idle, "-", "-", "-", "-"]);
      return;
    }
    // Two halves: the first brings the heap to its working size, the second shows whether it keeps growing.
    const started = performance.now();
    let failures = await run(server, 0, REQUESTS / 2);
    const half = await server.rssMb();
    failures += await run(server, REQUESTS / 2, REQUESTS);
    const seconds = (performance.now() - started) / 1000;
    const all = await server.rssMb();
    rows.push([label, idle, half, all, all - half, `${REQUESTS} in ${seconds.toFixed(0)} s, ${failures} × 5xx`]);
    reportRow({ figure: `RSS after ${REQUESTS.toLocaleString("en-US")} mixed requests, ${label}`, value: all, unit: "MB", command });
    reportRow({
      figure: `5xx answers in ${REQUESTS.toLocaleString("en-US")} mixed requests, ${label}`,
      value: failures,
      unit: "",
      target: { op: "<=", value: 0 },
      command,
    });
  } finally {
    server.stop();
    await new Promise((resolve) => server.child.once("exit", resolve));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "boutique-memory-"));
await measure("PGlite, first start (fresh folder)", { DATA_DIR: dataDir }, { load: false });
await measure("PGlite, the same folder again", { DATA_DIR: dataDir }, { load: true });
rmSync(dataDir, { recursive: true, force: true });

const database = `bench_memory_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${database}`);
try {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  await measure(
    "PostgreSQL",
    { DATABASE_URL: url.toString(), APP_SECRET: randomBytes(32).toString("hex"), MAIL_TRANSPORT: "log" },
    { load: true },
  );
} finally {
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}

printHeader("Server memory (RSS, MB)", `npm run bench:memory -- ${REQUESTS} ${CONNECTIONS}`);
process.stdout.write(
  `${table(["engine", "idle", "after half the requests", "after all", "growth in the second half", "requests"], rows)}\n\n`,
);
