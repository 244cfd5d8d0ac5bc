/**
 * What `npm run bench` (bench/run.ts) runs: each bench with its sizes for a
 * full and a quick run, how long it may take, and the figures it is expected
 * to report (matched by the start of the figure's name). A figure a bench
 * reports beyond these shows too; one of these it does not report shows as
 * an error row.
 *
 * The time limits only stop a bench that hangs: on the shared 2-core machine
 * at a load of 20, a server alone took a minute to start.
 */
import { fileURLToPath } from "node:url";

export interface BenchSpec {
  name: string;
  /** The process to run, from the repository's root. */
  argv: string[];
  /** The same, as a person types it (the build is done once by the runner). */
  command: string;
  expect: string[];
  timeoutMs: number;
}

export const PAGES = ["/", "/weddings", "/product/magnolia-lace-ball-gown", "/custom-design", "/fitting-room", "/auth"];
const ENGINES = ["postgres", "pglite"] as const;
/** Issue 12's views: the first page and a search of each admin tab. */
const ADMIN_VIEWS = [
  "submissions: first page",
  "submissions: search '",
  "appointments: first page",
  "appointments: search '",
  "subscribers: first page",
  "subscribers: search '",
];
const MEMORY_ENGINES = ["PGlite", "PostgreSQL"];

const tsx = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));
const node = process.execPath;
const minutes = (n: number) => n * 60_000;

export function benches(quick: boolean): BenchSpec[] {
  const lighthouseRuns = quick ? 1 : 5;
  const admin = quick ? { rows: 20_000, rounds: 10, budget: 3 } : { rows: 1_000_000, rounds: 30, budget: 40 };
  const bookings = quick ? 200 : 1000;
  const startup = quick ? { runs: 1, rows: 10_000 } : { runs: 3, rows: 100_000 };
  const requests = quick ? 1000 : 10_000;
  const httpArgs = quick ? ["2", "4", "quick"] : ["5", "4"];
  return [
    ...PAGES.map((path) => ({
      name: `lighthouse${path.replaceAll("/", "-").replace(/-$/, "") || "-home"}`,
      argv: [node, "bench/lighthouse.mjs", "--runs", String(lighthouseRuns), "--path", path],
      command: `npm run bench:lighthouse -- --runs ${lighthouseRuns} --path ${path}`,
      expect: ["performance", "accessibility", "best practices", "SEO", "CLS"].map((s) => `Lighthouse ${path} ${s}`),
      timeoutMs: minutes(quick ? 4 : 12),
    })),
    {
      name: "first-load-js",
      argv: [node, "bench/first-load-js.mjs", ...PAGES],
      command: `npm run bench:js -- ${PAGES.join(" ")}`,
      expect: PAGES.map((path) => `First-load JS ${path},`),
      timeoutMs: minutes(6),
    },
    {
      name: "http",
      argv: [tsx, "bench/http.ts", ...httpArgs],
      command: `npx tsx bench/http.ts ${httpArgs.join(" ")}`,
      expect: ["home page", "product page (GET", "product page, returning"].map((t) => `Server rendering ÷ bare page, req/s: ${t}`),
      timeoutMs: minutes(quick ? 6 : 20),
    },
    {
      name: "admin",
      argv: [tsx, "bench/admin.ts", String(admin.rows), String(admin.rounds), ENGINES.join(","), "no", String(admin.budget)],
      command: `npm run bench:admin -- ${admin.rows} ${admin.rounds} ${ENGINES.join(",")} no ${admin.budget}`,
      // The agenda's row, and any other view bench/admin.ts reports, shows without being listed here.
      expect: ENGINES.flatMap((engine) => ADMIN_VIEWS.map((view) => `Admin, ${engine}: ${view}`)),
      timeoutMs: minutes(quick ? 8 : 100),
    },
    {
      name: "bookings",
      argv: [tsx, "bench/bookings.ts", String(bookings), "pglite,postgres"],
      command: `npm run bench:bookings -- ${bookings} pglite,postgres`,
      expect: ["pglite", "postgres"].map((engine) => `Bookings per second, ${engine},`),
      timeoutMs: minutes(quick ? 6 : 10),
    },
    {
      name: "startup",
      argv: ["env", `RUNS=${startup.runs}`, `ROWS=${startup.rows}`, node, "bench/startup.mjs"],
      command: `RUNS=${startup.runs} ROWS=${startup.rows} npm run bench:startup`,
      expect: ["Cold start to /healthz, fresh folder"],
      timeoutMs: minutes(quick ? 6 : 10),
    },
    {
      name: "memory",
      argv: [tsx, "bench/memory.ts", String(requests), "4"],
      command: `npm run bench:memory -- ${requests} 4`,
      expect: MEMORY_ENGINES.flatMap((engine) => [
        `RSS idle, ${engine}`,
        `RSS after ${requests.toLocaleString("en-US")} mixed requests, ${engine}`,
      ]),
      timeoutMs: minutes(quick ? 6 : 15),
    },
  ];
}
