/**
 * The admin dashboards' live fan-out (issue 12): N signed-in admin browsers
 * hold the Server-Sent Events stream; a newsletter sign-up is made; how long
 * until every one of them has the change? Prints p50, p95 and max per round
 * and over all rounds. Bounded: at most 500 clients and 20 rounds, and each
 * round gives up after 10 s.
 *
 *   npm run bench:sse                       (builds first; 100 clients, 5 rounds)
 *   npx tsx bench/sse.ts [clients=100] [rounds=5]
 *
 * The stream allows 5 per user (MAX_STREAMS_PER_USER), so the bench signs up
 * clients/5 admins and opens 5 streams for each.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest, type ClientRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formPost as form, printHeader, sessionCookie, startBenchServer, summarise, table } from "./bench-helpers";

const CLIENTS = Math.min(500, Math.max(1, Number(process.argv[2] ?? 100)));
const ROUNDS = Math.min(20, Math.max(1, Number(process.argv[3] ?? 5)));
const PER_USER = 5;
const ROUND_TIMEOUT_MS = 10_000;

const dataDir = mkdtempSync(join(tmpdir(), "boutique-bench-sse-"));
// Sign-ups and sign-ins from one address, many times over.
const server = await startBenchServer({ DATA_DIR: dataDir, AUTH_RATE_LIMIT: "1000000", NEWSLETTER_RATE_LIMIT: "1000000" });
const { base } = server;

interface Client {
  request: ClientRequest;
  /** Arrival time (performance.now()) of each newsletter insert event, by subscriber id. */
  seen: Map<string, number>;
}

/** One EventSource-like client on its own socket (no pooling), reading frames as they come. */
function openStream(cookie: string, onEvent: () => void): Promise<Client> {
  return new Promise((resolve, reject) => {
    const seen = new Map<string, number>();
    const request = httpRequest(
      `${base}/api/admin/events`,
      { headers: { cookie, accept: "text/event-stream" }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`the stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (!data) continue;
            const event = JSON.parse(data) as { table?: string; op?: string; id?: string };
            if (event.table === "newsletter_subscribers" && event.op === "insert" && event.id) {
              seen.set(event.id, at);
              onEvent();
            }
          }
        });
        resolve({ request, seen });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

const clients: Client[] = [];
try {
  const control = (JSON.parse(readFileSync(join(dataDir, "boutique.lock"), "utf8")) as { control: { url: string; token: string } }).control;

  // Admins: sign up, then the operator's grant (the same loopback endpoint `npm run admin:grant` uses while the server runs).
  const admins = Math.ceil(CLIENTS / PER_USER);
  const cookies: string[] = [];
  for (let i = 0; i < admins; i++) {
    const email = `bench-admin-${i}@example.com`;
    const signedUp = await fetch(
      `${base}/auth`,
      form({ intent: "sign-up", fullName: `Bench Admin ${i}`, email, password: "bench-password" }),
    );
    if (signedUp.status !== 302) throw new Error(`sign-up answered ${signedUp.status}`);
    cookies.push(sessionCookie(signedUp));
    await signedUp.text();
    const granted = await fetch(`${control.url}/_ops/grant-admin`, {
      method: "POST",
      headers: { authorization: `Bearer ${control.token}`, "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    if (!granted.ok) throw new Error(`the admin grant answered ${granted.status}`);
    await granted.text();
  }

  let wake = () => {};
  const connectStarted = performance.now();
  for (let i = 0; i < CLIENTS; i++) clients.push(await openStream(cookies[Math.floor(i / PER_USER)]!, () => wake()));
  const connectMs = performance.now() - connectStarted;
  // One more than the cap for one admin: refused.
  const refused = await fetch(`${base}/api/admin/events`, { headers: { cookie: cookies[0]! } });
  await refused.text();

  const rounds: { round: number; missed: number; p50: number; p95: number; max: number }[] = [];
  const all: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await new Promise((r) => setTimeout(r, 200));
    const sent = performance.now();
    const response = await fetch(`${base}/newsletter`, form({ email: `bench-${round}-${Date.now()}@example.com` }));
    if (response.status !== 200) throw new Error(`the sign-up answered ${response.status}`);
    await response.text();
    // The id is whatever arrived first after `sent`; every client must see that same id.
    const done = new Promise<void>((resolve) => {
      const check = () => {
        const first = clients.find((c) => [...c.seen.values()].some((at) => at >= sent));
        const id = first && [...first.seen].find(([, at]) => at >= sent)?.[0];
        if (id && clients.every((c) => c.seen.has(id))) resolve();
      };
      wake = check;
      check();
    });
    await Promise.race([done, new Promise((r) => setTimeout(r, ROUND_TIMEOUT_MS))]);
    const id = [...(clients.find((c) => [...c.seen.values()].some((at) => at >= sent))?.seen ?? [])].find(([, at]) => at >= sent)?.[0];
    const latencies = clients
      .map((c) => (id ? c.seen.get(id) : undefined))
      .filter((at): at is number => at !== undefined)
      .map((at) => at - sent);
    all.push(...latencies);
    const s = summarise(latencies);
    rounds.push({ round, missed: CLIENTS - latencies.length, p50: s.p50, p95: s.p95, max: s.max });
  }

  const total = summarise(all);
  printHeader(
    `Admin live updates: one change fanned out to ${CLIENTS} SSE clients (${admins} admins x ${PER_USER}), PGlite, loopback, LOG_LEVEL=warn`,
    `npx tsx bench/sse.ts ${CLIENTS} ${ROUNDS}`,
  );
  console.log(
    table(
      ["round", "clients reached", "p50 (ms)", "p95 (ms)", "max (ms)"],
      [
        ...rounds.map((r) => [String(r.round), `${CLIENTS - r.missed}/${CLIENTS}`, r.p50, r.p95, r.max]),
        ["all", `${all.length}/${CLIENTS * ROUNDS}`, total.p50, total.p95, total.max],
      ],
    ),
  );
  console.log(
    `\nTime is from sending the sign-up (POST /newsletter: validation, the row and its welcome mail in one transaction) to each client's receipt of the event.` +
      `\nOpening ${CLIENTS} streams took ${Math.round(connectMs)} ms; a ${PER_USER + 1}th stream for one admin answered ${refused.status}.`,
  );
  if (all.length < CLIENTS * ROUNDS) process.exitCode = 1;
} finally {
  for (const client of clients) client.request.destroy();
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.stop();
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  rmSync(dataDir, { recursive: true, force: true });
}
