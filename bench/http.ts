/**
 * Requests per second the built server answers, against a bare React Router
 * page served on the same machine in the same run: React Router's own template
 * with one heading (bench/fixtures/bare-page), built here with the installed
 * react-router and served by Express with compression in production mode.
 *
 * Each of our paths is measured in one-second slices alternating with slices
 * against the bare page, and its ratio is to those, so that load from
 * elsewhere on the machine moves both figures alike. Requests ask for
 * compressed answers as a browser does.
 * The server runs as in `bench:startup` (PGlite, fresh data folder, LOG_LEVEL=warn).
 *
 *   npm run build && npx tsx bench/http.ts [seconds=5] [connections=4] [quick]
 *
 * `quick` (npm run bench -- --quick) measures only the three pages of the
 * bench table (home, product first and returning view) and warms each for at
 * most 3 rounds of 500 requests.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { freePort, printHeader, reportRow, startBenchServer, table } from "./bench-helpers";

const SECONDS = Number(process.argv[2] ?? 5);
const CONNECTIONS = Number(process.argv[3] ?? 4);
const QUICK = process.argv[4] === "quick";
const WARM_ROUNDS = QUICK ? 3 : 12;
/** Requests per warm-up round: a quick run's rounds are half as long, so that the whole quick bench fits in 5 minutes. */
const WARM_ROUND = QUICK ? 500 : 1000;
// What Chrome sends: the server's compression is part of what is measured.
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html,*/*" };

const root = fileURLToPath(new URL("..", import.meta.url));
const fixture = fileURLToPath(new URL("./fixtures/bare-page/", import.meta.url));

async function startBarePage() {
  const built = spawnSync(process.execPath, [`${root}node_modules/@react-router/dev/bin.cjs`, "build", fixture], {
    cwd: root,
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`building the bare page failed:\n${built.stdout}\n${built.stderr}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [`${fixture}server.js`], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  };
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(base)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || tries > 300) {
      stop();
      throw new Error("the bare page's server did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, pid: child.pid!, stop };
}

interface Measured {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Mean bytes on the wire per answer, headers included. */
  bytes: number;
  /** Server CPU ms per answer. */
  cpuPerAnswer: number;
}

/**
 * CPU time a process has used so far, in ms (user + system, all its threads: the compressor's too), from
 * /proc; NaN where there is none. Steadier than requests per second on a busy machine.
 */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, in clock ticks of 1/100 s (USER_HZ on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * Sends rounds of WARM_ROUND requests until a round's server CPU per answer is within 5% of the round before (at most
 * WARM_ROUNDS rounds), and says how many it took.
 */
async function warmUntilSteady(url: string, pid: number, headers: Record<string, string>): Promise<number> {
  let previous = Number.POSITIVE_INFINITY;
  for (let round = 1; round <= WARM_ROUNDS; round++) {
    const before = cpuMs(pid);
    await autocannon({ url, headers, connections: CONNECTIONS, amount: WARM_ROUND });
    const perAnswer = (cpuMs(pid) - before) / WARM_ROUND;
    if (Number.isFinite(previous) && Math.abs(perAnswer - previous) <= previous * 0.05) return round;
    previous = perAnswer;
  }
  return WARM_ROUNDS;
}

interface Slice {
  /** CPU ms the server used during the slice. */
  cpu: number;
  requests: number;
  seconds: number;
  errors: number;
  bytes: number;
  latencies: number[];
}

/** One second of load against one URL. */
async function slice(url: string, pid: number, headers: Record<string, string>, expectStatus: number): Promise<Slice> {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const cpu = cpuMs(pid) - cpuBefore;
  const wrongStatus =
    expectStatus === 200 ? result.non2xx : result.requests.total - (result.statusCodeStats?.[`${expectStatus}`]?.count ?? 0);
  return {
    cpu,
    requests: result.requests.total,
    seconds: result.duration || 1,
    errors: wrongStatus + result.errors + result.timeouts,
    bytes: result.throughput.total,
    latencies: [result.latency.p50, result.latency.p99],
  };
}

function summarise(slices: Slice[]): Measured {
  const requests = slices.reduce((sum, s) => sum + s.requests, 0);
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return {
    perSecond: requests / seconds,
    p50: middle(slices.map((s) => s.latencies[0]!)),
    p99: Math.max(...slices.map((s) => s.latencies[1]!)),
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    bytes: slices.reduce((sum, s) => sum + s.bytes, 0) / (requests || 1),
    cpuPerAnswer: slices.reduce((sum, s) => sum + s.cpu, 0) / (requests || 1),
  };
}

/**
 * The bare page and one of ours, in alternating one-second slices for SECONDS
 * each: whatever else the machine is doing weighs on both alike.
 */
async function measurePair(
  bare: { url: string; pid: number },
  ours: { url: string; pid: number },
  headers: Record<string, string>,
  expectStatus: number,
) {
  const [bareUrl, url] = [bare.url, ours.url];
  // Warm both again, together: a server left idle while others were measured ran its first slices slower (V8
  // shrinks the heap of an idle process).
  for (let i = 0; i < 3; i++) {
    await autocannon({ url: bareUrl, headers: BROWSER_HEADERS, connections: CONNECTIONS, amount: 300 });
    await autocannon({ url, headers, connections: CONNECTIONS, amount: 100 });
  }
  const bareSlices: Slice[] = [];
  const ourSlices: Slice[] = [];
  for (let i = 0; i < SECONDS; i++) {
    bareSlices.push(await slice(bareUrl, bare.pid, BROWSER_HEADERS, 200));
    ourSlices.push(await slice(url, ours.pid, headers, expectStatus));
  }
  return { bare: summarise(bareSlices), ours: summarise(ourSlices) };
}

const loadAtStart = loadavg();
const bare = await startBarePage();
const server = await startBenchServer({}, { output: "ignore" });
const { base } = server;
try {
  // A checkout page to render (an uncached read of the cart from the database, then a full page).
  const product = (
    (await (await fetch(`${base}/api/products/magnolia-lace-ball-gown`)).json()) as {
      product: { variants: { id: string; availableForSale: boolean }[] };
    }
  ).product;
  const checkout = (await (
    await fetch(`${base}/api/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lines: [{ merchandiseId: product.variants.find((v) => v.availableForSale)!.id, quantity: 1 }] }),
    })
  ).json()) as { checkoutUrl: string };
  // A returning visitor's cookie, if the first view sets one (the stylesheet is then linked, not inlined).
  const firstView = await fetch(`${base}/`);
  const returning = firstView.headers
    .getSetCookie()
    .map((c) => c.split(";", 1)[0]!)
    .join("; ");
  // `inTable`: a row of npm run bench, judged against 0.5 of the bare page.
  const allTargets: { name: string; path: string; status?: number; cookie?: string; inTable?: boolean }[] = [
    { name: "empty page in our layout (the 404 page)", path: "/no-such-page", status: 404 },
    { name: "home page", path: "/", inTable: true },
    { name: "collection page (GET /weddings)", path: "/weddings" },
    { name: "product page (GET /product/:handle)", path: "/product/magnolia-lace-ball-gown", inTable: true },
    ...(returning
      ? [{ name: "product page, returning visitor's cookie", path: "/product/magnolia-lace-ball-gown", cookie: returning, inTable: true }]
      : []),
    { name: "checkout page", path: new URL(checkout.checkoutUrl).pathname },
    { name: "product read, JSON (GET /api/products/:handle)", path: "/api/products/magnolia-lace-ball-gown" },
    { name: "search, JSON (GET /api/search?q=lace)", path: "/api/search?q=lace" },
  ];
  const targets = QUICK ? allTargets.filter((target) => target.inTable) : allTargets;

  // Both servers' code optimised and their caches filled before anything is timed. A fixed number of warm-up
  // requests was not enough: the product page's CPU per answer kept falling for about 8,000 requests (5.7 → 3.7 ms)
  // while V8 optimised it, so the first rows measured a half-warm server. Each page is warmed in rounds until a
  // round costs the server what the one before did.
  // The bare page first, so that our server is not left idle between its warm-up and its first row.
  const warmRounds: string[] = [`bare page: ${await warmUntilSteady(`${bare.base}/`, bare.pid, BROWSER_HEADERS)}`];
  for (const target of targets) {
    const headers = target.cookie ? { ...BROWSER_HEADERS, cookie: target.cookie } : BROWSER_HEADERS;
    warmRounds.push(`${target.path}: ${await warmUntilSteady(`${base}${target.path}`, server.child.pid!, headers)}`);
  }

  const rows: (string | number)[][] = [];
  for (const target of targets) {
    const headers = target.cookie ? { ...BROWSER_HEADERS, cookie: target.cookie } : BROWSER_HEADERS;
    const { bare: reference, ours } = await measurePair(
      { url: `${bare.base}/`, pid: bare.pid },
      { url: `${base}${target.path}`, pid: server.child.pid! },
      headers,
      target.status ?? 200,
    );
    const ratio = ours.perSecond / reference.perSecond;
    reportRow({
      figure: `Server rendering ÷ bare page, req/s: ${target.name}${QUICK ? `, ${SECONDS} s` : ""}`,
      value: ratio,
      unit: "×",
      target: target.inTable ? { op: ">=", value: 0.5 } : undefined,
      command: `npm run build && npx tsx bench/http.ts ${process.argv.slice(2).join(" ")}`.trim(),
    });
    rows.push([
      target.name,
      Math.round(reference.perSecond),
      Math.round(ours.perSecond),
      `${ratio.toFixed(2)}×`,
      reference.cpuPerAnswer.toFixed(2),
      ours.cpuPerAnswer.toFixed(2),
      `${(reference.cpuPerAnswer / ours.cpuPerAnswer).toFixed(2)}×`,
      ours.p50,
      ours.p99,
      (ours.bytes / 1024).toFixed(1),
      ours.errors + reference.errors,
    ]);
  }
  printHeader(
    `Server throughput on loopback against a bare React Router page (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per path and as much for the bare page, in alternating 1 s slices, production builds, compressed answers, PGlite, LOG_LEVEL=warn)`,
    `npm run build && npx tsx bench/http.ts ${SECONDS} ${CONNECTIONS}`,
  );
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(", ");
  process.stdout.write(`Load average (1, 5, 15 min) at the start: ${load(loadAtStart)}; at the end: ${load(loadavg())}\n`);
  process.stdout.write(
    `Warm-up rounds of ${WARM_ROUND.toLocaleString("en-US")} requests until the server's CPU per answer held steady: ${warmRounds.join(", ")}\n\n`,
  );
  process.stdout.write(
    `${table(["path", "bare req/s (alongside)", "ours req/s", "ratio to bare", "bare CPU ms/answer", "ours CPU ms/answer", "CPU ratio (bare/ours)", "p50 ms", "p99 ms", "KB per answer", "errors"], rows)}\n`,
  );
} finally {
  server.stop();
  bare.stop();
}
