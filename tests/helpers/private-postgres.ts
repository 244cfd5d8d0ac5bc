import { execFile } from "node:child_process";
import { chownSync, existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./smtp";
import { tempDir } from "./processes";

// A PostgreSQL cluster of the test's own (Debian's server binaries, its own folder, port and socket), so a test may
// stop and start it under a running boutique without touching the machine's shared server. As root, it runs as the
// `postgres` user, since PostgreSQL refuses to run as root.

const run = promisify(execFile);

/** Debian's server binaries (/usr/lib/postgresql/<version>/bin), or PG_BIN; null when there are none. */
export function postgresBinaries(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Stops the server, cutting every connection (pg_ctl's "fast" mode, as a restart does). */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("PostgreSQL's server binaries were not found (apt-get install -y postgresql, or set PG_BIN)");
  const folder = tempDir("boutique-pg-");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = async (flag: "-u" | "-g") => Number((await run("id", [flag, "postgres"])).stdout);
    chownSync(folder, await id("-u"), await id("-g"));
  }
  const tool = (name: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", join(bin, name), ...args]) : run(join(bin, name), args);
  const data = join(folder, "data");
  const port = await freePort();
  await tool("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = async () => {
    await tool("pg_ctl", ["-D", data, "-l", join(folder, "server.log"), "-o", options, "-w", "-t", "120", "start"]);
  };
  const stop = async () => {
    await tool("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "120", "stop"]);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async destroy() {
      // Stopped whatever this side believes (a start or stop cut short leaves it unsure); a stopped one just says so.
      await stop().catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
