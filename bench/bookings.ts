/**
 * Fitting bookings under load, on the production build: N booking requests
 * sent at once to /fitting-room over distinct places (date, time and seat:
 * FITTING_SLOT_CAPACITY=2 so 1,000 fit inside the 90-day horizon), then every
 * acknowledged booking looked up in the database after the server stops.
 *
 *   npm run build && npx tsx bench/bookings.ts [count] [engines=pglite,postgres]
 *
 * Prints, for each engine (PGlite in a fresh folder; PostgreSQL in a
 * throwaway database at TEST_DATABASE_URL), bookings per second, latency
 * percentiles, the answers by status, and how many acknowledged bookings
 * were found.
 */
import { readFileSync } from "node:fs";
import { inArray } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { appointments } from "~/db/schema/fittings";
import { startOwnBoutique } from "../tests/helpers/boutique-server";
import { testEngines } from "../tests/helpers/databases";
import { printHeader, reportRow, summarise, table } from "./bench-helpers";

const count = Number(process.argv[2] ?? 1000);
const ENGINES = (process.argv[3] ?? "pglite,postgres").split(",") as ("pglite" | "postgres")[];
const COMMAND = `npm run build && npm run bench:bookings -- ${count}`;
const TIMES = ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"];

/** Boutique days from 2 to 88 days ahead, Monday to Saturday, on New York's calendar. */
function places(capacity: number): { date: string; time: string }[] {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  const out: { date: string; time: string }[] = [];
  for (let day = 2; day <= 88; day++) {
    const date = new Date(`${today}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + day);
    if (date.getUTCDay() === 0) continue;
    for (const time of TIMES) for (let seat = 0; seat < capacity; seat++) out.push({ date: date.toISOString().slice(0, 10), time });
  }
  return out;
}

const all = places(2);
if (count > all.length) throw new Error(`at most ${all.length} places in the horizon at capacity 2`);

async function bench(engine: "pglite" | "postgres") {
  const postgres = engine === "postgres" ? await testEngines.find((e) => e.name === "postgres")?.create({ migrate: false }) : undefined;
  if (engine === "postgres" && !postgres) throw new Error("PostgreSQL is not reachable");
  try {
    await measure(engine, postgres?.url, postgres?.handle);
  } finally {
    await postgres?.drop();
  }
}

async function measure(engine: string, databaseUrl: string | undefined, handle: DatabaseHandle | undefined) {
  // Its own address as APP_URL, which PostgreSQL (DATABASE_URL) requires.
  const server = await startOwnBoutique({
    FITTING_SLOT_CAPACITY: "2",
    BOOKING_RATE_LIMIT: String(count * 2),
    MAIL_TRANSPORT: "log",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, APP_SECRET: "bench-secret-bench-secret-bench-secret-32" } : {}),
  });
  printHeader(`Fitting bookings on ${engine}: ${count} at once over distinct places`, `${COMMAND} ${engine}`);

  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const acknowledged: string[] = [];
  const failures = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    all.slice(0, count).map(async ({ date, time }, index) => {
      const email = `bench-${index}@example.com`;
      const t0 = performance.now();
      let status: number;
      try {
        const response = await fetch(`${server.url}/fitting-room`, {
          method: "POST",
          body: new URLSearchParams({ name: `Bench ${index}`, email, date, time }),
        });
        status = response.status;
        await response.arrayBuffer();
      } catch (error) {
        status = 0;
        const code = String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
        failures.set(code, (failures.get(code) ?? 0) + 1);
      }
      latencies.push(performance.now() - t0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 200) acknowledged.push(email);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const peakRssMb = (() => {
    try {
      const status = readFileSync(`/proc/${server.process.child.pid}/status`, "utf8");
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return Number.NaN;
    }
  })();
  await server.stop("SIGTERM");

  const database = handle ?? (await openDatabase({ engine: "pglite", dataDir: server.dataDir }));
  const found = new Set<string>();
  for (let i = 0; i < acknowledged.length; i += 500) {
    const rows = await database.db
      .select({ email: appointments.email })
      .from(appointments)
      .where(inArray(appointments.email, acknowledged.slice(i, i + 500)));
    for (const row of rows) found.add(row.email);
  }
  if (!handle) await database.close();

  const s = summarise(latencies);
  process.stdout.write(
    `${table(
      ["requests", "seconds", "bookings/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "server peak RSS MB (run incl. start-up)"],
      [[count, seconds, acknowledged.length / seconds, s.p50, s.p95, s.p99, s.max, peakRssMb]],
    )}\n\n${table(
      ["status", "answers"],
      [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => [status === 0 ? "no answer" : status, n]),
    )}\n\nAcknowledged: ${acknowledged.length}; found in the database afterwards: ${found.size}${found.size === acknowledged.length ? " (all)" : " (MISSING SOME)"}\n${failures.size ? `Requests without an answer, by cause: ${[...failures].map(([c, n]) => `${c} ${n}`).join(", ")}\n` : ""}`,
  );
  reportRow({
    figure: `Bookings per second, ${engine}, ${count} concurrent requests`,
    value: acknowledged.length / seconds,
    unit: "/s",
    command: `${COMMAND} ${engine}`,
  });
  reportRow({
    figure: `Bookings acknowledged but not found afterwards, ${engine}, ${count} concurrent`,
    value: acknowledged.length - found.size,
    unit: "",
    target: { op: "<=", value: 0 },
    command: `${COMMAND} ${engine}`,
  });
  if (found.size !== acknowledged.length) process.exitCode = 1;
}

for (const engine of ENGINES) {
  try {
    await bench(engine);
  } catch (error) {
    // The other engine still runs; the runner shows this one's rows as errors.
    console.error(`${engine}: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
