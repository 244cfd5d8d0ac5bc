import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Small helpers shared by the benches: percentiles and a plain-text table. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map((c) => (typeof c === "number" ? (Number.isInteger(c) ? String(c) : c.toFixed(2)) : c)))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => String(r[i]).length)));
  const line = (r: (string | number)[]) => `| ${r.map((c, i) => String(c).padEnd(widths[i]!)).join(" | ")} |`;
  return [line(cells[0]!), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.slice(1).map(line)].join("\n");
}

export function printHeader(title: string, command: string) {
  process.stdout.write(`\n## ${title}\n\nCommand: \`${command}\`\nNode ${process.version}, ${new Date().toISOString()}\n\n`);
}

/** A free TCP port on loopback (nothing listens on it once this resolves). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

export interface BenchServer {
  base: string;
  port: number;
  child: ChildProcess;
  /** The server's resident memory now, in MB (from /proc). */
  rssMb(): Promise<number>;
  stop(): void;
}

/**
 * Spawns the built server through server/start.sh, as `npm start` does (its
 * Node flags and malloc settings; decision 0023), on this process's Node.
 * The script execs Node, so the child's PID is the server's.
 */
export function spawnServer(env: NodeJS.ProcessEnv, options: Omit<SpawnOptions, "env"> = {}): ChildProcess {
  return spawn("sh", [fileURLToPath(new URL("../server/start.sh", import.meta.url))], {
    ...options,
    env: { ...env, BOUTIQUE_NODE: process.execPath },
  });
}

/**
 * Starts the built server (`server/start.sh`; run `npm run build` first)
 * on a free loopback port with a fresh data folder, and resolves once
 * /healthz answers. `env` adds to or overrides the defaults (warn-level logs:
 * the benches measure serving, not logging).
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  { output = "inherit", startTimeoutMs = 180_000 }: { output?: "inherit" | "ignore"; startTimeoutMs?: number } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // A data folder of its own unless the bench gives one (and cleans it up itself): removed when the server exits.
  const ownDataDir = env.DATA_DIR ? null : mkdtempSync(join(tmpdir(), "boutique-bench-"));
  const child = spawnServer(
    {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      LOG_LEVEL: "warn",
      APP_URL: base,
      ...env,
    },
    { stdio: ["ignore", output, "inherit"] },
  );
  if (ownDataDir) child.once("exit", () => rmSync(ownDataDir, { recursive: true, force: true }));
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  };
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error("the server did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    port,
    child,
    async rssMb() {
      const status = await readFile(`/proc/${child.pid}/status`, "utf8");
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
    },
    stop,
  };
}

/** A urlencoded form POST that does not follow the redirect (fetch's init). */
export function formPost(fields: Record<string, string>) {
  return {
    method: "POST",
    redirect: "manual" as const,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  };
}

/** The Better Auth session cookie a response sets, as a Cookie header value ("" when none). */
export function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";", 1)[0]!)
    .filter((c) => c.includes("session_token=") && !c.endsWith("="))
    .join("; ");
}

/*
 * The rows of `npm run bench` (bench/run.ts). Each bench reports its figures with `reportRow`, which appends one
 * JSON line to the file named by BENCH_ROWS_FILE (the runner sets it; a bench run on its own writes nothing and
 * prints only its own tables). A bench that reports a new row, such as a new view in bench/admin.ts's CASES, shows
 * in the table with no change to the runner.
 */
export interface Target {
  op: ">=" | "<=";
  value: number;
}

export interface BenchRow {
  /** What is measured, with its size and engine: "Admin submissions: first page p95, 1,000,000 rows, postgres". */
  figure: string;
  value: number | null;
  /** Printed after the value: "ms", "KB", "MB", "×", "/s" or "". */
  unit: string;
  /** No target: the figure is reported, not judged. */
  target?: Target;
  /** The command that reproduces this row. */
  command: string;
  /** Set when the row could not be measured: shown as "error: <reason>". */
  error?: string;
}

/** Appends a row for the runner; a no-op when the bench runs on its own. */
export function reportRow(row: BenchRow): void {
  const file = process.env.BENCH_ROWS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(row)}\n`);
}
