/**
 * Accounts on the built server (run `npm run build` first): sign-in latency
 * (password hashing included), session checks per second on a protected
 * page, and the server's resident memory with many active sessions.
 *
 *   npm run build && npx tsx bench/auth.ts [sign-ins=50] [sessions=1000] [seconds=10]
 */
import autocannon from "autocannon";
import { formPost as form, percentile, printHeader, sessionCookie, startBenchServer, table } from "./bench-helpers";

const SIGN_INS = Number(process.argv[2] ?? 50);
const SESSIONS = Number(process.argv[3] ?? 1000);
const SECONDS = Number(process.argv[4] ?? 10);

// The bench signs in thousands of times from one address: lift the brute-force limit.
const server = await startBenchServer({ AUTH_RATE_LIMIT: "1000000" });
const { base } = server;

const rssMb = () => server.rssMb();

try {
  const email = "bench@example.com";
  const signedUp = await fetch(`${base}/auth`, form({ intent: "sign-up", fullName: "Bench Shopper", email, password: "bench-password" }));
  if (signedUp.status !== 302) throw new Error(`sign-up answered ${signedUp.status}`);
  const rssBefore = await rssMb();

  const times: number[] = [];
  let cookie = "";
  for (let i = 0; i < SIGN_INS; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/auth`, form({ intent: "sign-in", email, password: "bench-password" }));
    times.push(performance.now() - started);
    if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
    cookie = sessionCookie(response);
  }
  times.sort((a, b) => a - b);

  const checks = await autocannon({ url: `${base}/account`, connections: 10, duration: SECONDS, headers: { cookie } });

  // Active sessions: each sign-in leaves one; add more up to SESSIONS.
  for (let i = SIGN_INS; i < SESSIONS; i++) await fetch(`${base}/auth`, form({ intent: "sign-in", email, password: "bench-password" }));
  const rssAfter = await rssMb();

  printHeader(
    "Accounts on the production build (PGlite, loopback, LOG_LEVEL=warn)",
    `npx tsx bench/auth.ts ${SIGN_INS} ${SESSIONS} ${SECONDS}`,
  );
  console.log(
    table(
      ["measure", "value"],
      [
        [`sign-in p50 (ms, ${SIGN_INS} sequential, scrypt hashing included)`, Math.round(percentile(times, 50))],
        [`sign-in p95 (ms)`, Math.round(percentile(times, 95))],
        [`session checks per second on /account (10 connections, ${SECONDS} s)`, Math.round(checks.requests.average)],
        [`  non-2xx or errors`, checks.non2xx + checks.errors + checks.timeouts],
        [`RSS after sign-up (MB)`, rssBefore],
        [`RSS with ${SESSIONS} active sessions (MB)`, rssAfter],
      ],
    ),
  );
} finally {
  server.stop();
}
