/**
 * `npm run bench`: runs every bench and prints one table. Each row is a
 * figure, its target, met or missed, and the command that reproduces it.
 *
 *   npm run bench [-- --quick] [--no-build] [--only <name>,<name>]
 *
 * The rows come from the benches themselves (`reportRow` in bench-helpers.ts),
 * so a row a bench adds shows here with no change. A bench that fails, times
 * out or leaves out a figure it was expected to give shows those figures as
 * "error: <reason>" rows, and the other benches still run.
 *
 * The full run writes the table to bench/results.md. `--quick` uses fewer
 * runs and smaller sizes, fits in about 5 minutes on a quiet machine, and
 * says QUICK in the table; it writes bench/results/quick.md instead.
 * Every bench's own output goes to bench/results/<name>.log.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchRow } from "./bench-helpers";
import { errorRows, renderTable, tally } from "./report";
import { benches, type BenchSpec } from "./run-list";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const QUICK = args.includes("--quick");
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? new Set(args[onlyAt + 1]?.split(",")) : null;
const resultsDir = join(root, "bench/results");
mkdirSync(resultsDir, { recursive: true });

const say = (text: string) => process.stderr.write(`${text}\n`);
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(", ");

/** The last line a failing bench printed to stderr that says something: its reason. */
function reasonFrom(stderr: string, fallback: string): string {
  const lines = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("at ") && !/^\s*[\^~]+$/.test(l) && !l.startsWith("Node.js v"));
  const error = [...lines].reverse().find((l) => /error|refused|not|fail|cannot|timed out/i.test(l)) ?? lines.at(-1);
  return (error ?? fallback).replace(/^\w*Error: /, "").slice(0, 160);
}

async function runBench(spec: BenchSpec): Promise<BenchRow[]> {
  const rowsFile = join(resultsDir, `${spec.name}.rows.jsonl`);
  rmSync(rowsFile, { force: true });
  const logFile = join(resultsDir, `${spec.name}.log`);
  const started = Date.now();
  say(`▶ ${spec.name}: ${spec.command} (at most ${Math.round(spec.timeoutMs / 60_000)} min; load ${load()})`);
  // Its own process group, so that a timeout stops the servers and browsers it started too.
  const child = spawn(spec.argv[0]!, spec.argv.slice(1), {
    cwd: root,
    env: { ...process.env, BENCH_ROWS_FILE: rowsFile },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  let timedOut = false;
  const stopGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stopGroup("SIGTERM");
    setTimeout(() => stopGroup("SIGKILL"), 5000).unref();
  }, spec.timeoutMs);
  const code = await new Promise<number | null>((resolve) => {
    child.on("error", (error) => {
      err += `\n${error.message}`;
      resolve(-1);
    });
    child.on("close", (exitCode) => resolve(exitCode));
  });
  clearTimeout(timer);
  // Whatever it started and left behind (a server a failing bench did not stop) goes with it.
  stopGroup("SIGTERM");
  writeFileSync(logFile, `$ ${spec.command}\n\n${out}\n--- stderr ---\n${err}`);
  const rows: BenchRow[] = existsSync(rowsFile)
    ? readFileSync(rowsFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as BenchRow)
    : [];
  const reason = timedOut
    ? `timed out after ${Math.round(spec.timeoutMs / 1000)} s`
    : code === 0
      ? "the bench did not report this figure"
      : reasonFrom(err, `exit code ${code}`);
  const missing = errorRows(spec.expect, rows, reason, spec.command);
  if (rows.length === 0 && spec.expect.length === 0)
    missing.push({ figure: spec.name, value: null, unit: "", command: spec.command, error: reason });
  say(
    `  ${spec.name}: ${rows.length} rows, ${missing.length} errors, ${Math.round((Date.now() - started) / 1000)} s (log: bench/results/${spec.name}.log)`,
  );
  return [...rows, ...missing];
}

const startedAt = new Date();
const loadAtStart = load();
const list = benches(QUICK).filter((spec) => !only || only.has(spec.name));
let buildError = "";
if (!args.includes("--no-build")) {
  say("▶ npm run build");
  const built = spawnSync("npm", ["run", "build"], { cwd: root, encoding: "utf8" });
  if (built.status !== 0) buildError = `npm run build failed: ${reasonFrom(built.stderr, `exit code ${built.status}`)}`;
}
const rows: BenchRow[] = [];
for (const spec of list) {
  if (buildError) rows.push(...errorRows(spec.expect, [], buildError, spec.command));
  else rows.push(...(await runBench(spec)));
}

const minutes = ((Date.now() - startedAt.getTime()) / 60_000).toFixed(1);
const heading = QUICK
  ? "QUICK bench run (npm run bench -- --quick): fewer runs and smaller sizes than the targets name; a check that every bench runs, not the figures of record."
  : "Full bench run (npm run bench).";
const report = [
  `# Bench results`,
  "",
  heading,
  "",
  `${startedAt.toISOString()}, ${minutes} min; Node ${process.version}; ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB; load average (1, 5, 15 min) ${loadAtStart} at the start, ${load()} at the end.`,
  "",
  renderTable(rows, { quick: QUICK }),
  "",
  tally(rows),
  "",
  "Each bench's own tables (more figures than these rows) are in bench/results/<name>.log after a run.",
  "",
].join("\n");
process.stdout.write(`\n${report}`);
// Only a full run of every bench is the table of record.
const resultsFile = QUICK ? join(resultsDir, "quick.md") : only ? join(resultsDir, "partial.md") : join(root, "bench/results.md");
writeFileSync(resultsFile, report);
// As `npm run lint` (prettier --check .) wants the committed table.
spawnSync(join(root, "node_modules/.bin/prettier"), ["--write", resultsFile], { cwd: root });
say(`written to ${resultsFile.slice(root.length)}`);
