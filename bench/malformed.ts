/**
 * Sends N seeded malformed requests to the built server (a fresh data folder,
 * 4 connections) and prints the tally by status, then any failure (a 5xx, a
 * hang, an unannounced reset).
 *
 *   npm run build && npm run bench:malformed -- [count=5000] [seed=1]
 */
import { printHeader, startBenchServer, table } from "./bench-helpers";
import { generateRequests, sendRequests } from "./malformed-requests";

const COUNT = Number(process.argv[2] ?? 5000);
const SEED = Number(process.argv[3] ?? 1);

const server = await startBenchServer({}, { output: "ignore" });
const { base } = server;
try {
  // The demo pictures render on first request (seconds of CPU each): render the one the generator asks for before timing.
  await (await fetch(`${base}/images/gowns/celeste-lace-a-line.webp`)).arrayBuffer();
  const run = await sendRequests(base, generateRequests(COUNT, SEED, base), { connections: 4, deadlineMs: 600_000 });
  printHeader(
    `Malformed requests: ${run.sent} sent, seed ${SEED}, ${(run.ms / 1000).toFixed(1)} s`,
    `npm run bench:malformed -- ${COUNT} ${SEED}`,
  );
  const rows = Object.entries(run.byStatus).sort(([a], [b]) => a.localeCompare(b));
  process.stdout.write(`${table(["status", "requests"], rows)}\n\n`);
  process.stdout.write(run.failures.length === 0 ? "No 5xx, hang or unannounced reset.\n" : `${run.failures.length} failures:\n`);
  for (const failure of run.failures.slice(0, 20))
    process.stdout.write(`  ${failure.outcome} ${failure.method} ${failure.path} (${failure.label})\n`);
  process.exitCode = run.failures.length === 0 ? 0 : 1;
} finally {
  server.stop();
}
