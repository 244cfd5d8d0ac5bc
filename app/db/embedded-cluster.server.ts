import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import { userCacheFolder } from "~/lib/user-cache.server";
import { extractCachedCluster } from "./cluster-tar.server";

/**
 * Where a new embedded database comes from. Every new one is a copy of a cached cluster (decisions 0024 and 0026):
 * - pristine: what initdb makes, one tarball per PGlite version. initdb costs 6–9 s of CPU (four times that on a
 *   loaded machine), and its output is the same every time.
 * - migrated: the pristine cluster with this checkout's migrations applied and nothing else, one tarball per PGlite
 *   version and set of migrations. Applying the 21 migrations to a new database costs about a second.
 */
export type ClusterOrigin = "existing" | "pristine" | "migrated";

export interface ClusterTarballs {
  pristine: string;
  /** Null when the caller will not migrate the new database, so it must start pristine. */
  migrated: string | null;
}

/** Read once a process: neither PGlite's version nor the migrations change while it runs. */
let version: string | undefined;
const digests = new Map<string, string>();

function pgliteVersion(): string {
  if (version) return version;
  const entry = fileURLToPath(import.meta.resolve("@electric-sql/pglite"));
  let dir = dirname(entry);
  while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  version = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
  return version;
}

/** A digest of the migrations (their list and every file's text): a changed or added migration names a new tarball. */
function migrationsDigest(migrationsFolder: string): string {
  const known = digests.get(migrationsFolder);
  if (known) return known;
  const hash = createHash("sha256");
  hash.update(readFileSync(join(migrationsFolder, "meta", "_journal.json")));
  for (const name of readdirSync(migrationsFolder)
    .filter((n) => n.endsWith(".sql"))
    .sort()) {
    hash.update(name).update(readFileSync(join(migrationsFolder, name)));
  }
  const digest = hash.digest("hex").slice(0, 16);
  digests.set(migrationsFolder, digest);
  return digest;
}

/** The cached tarballs in the user's cache folder; `migrationsFolder` is given when the new database will be migrated. */
export function clusterTarballs(migrationsFolder: string | null): ClusterTarballs {
  const prefix = join(userCacheFolder(), `pglite-${pgliteVersion()}`);
  return {
    pristine: `${prefix}-pristine.tar`,
    migrated: migrationsFolder ? `${prefix}-migrated-${migrationsDigest(migrationsFolder)}.tar` : null,
  };
}

/*
 * Runs in a short-lived child process: initdb grows PGlite's WebAssembly memory to about 700 MB, and WebAssembly
 * memory never shrinks, so done in the server's own process a first start on a fresh folder would idle at more than
 * twice what every later start does. argv: the tarball's path, then (optional) the folder to create from it.
 * The tarball is written under another name and renamed into place, so a half-written one is never read; a cache
 * folder that cannot be written only costs the time it would have saved.
 */
const CLUSTER_SCRIPT = `const { PGlite } = await import(process.argv[3]);
const fs = await import("node:fs");
const path = await import("node:path");
const [tarball, folder] = [process.argv[1], process.argv[2]];
let data;
if (fs.existsSync(tarball)) data = new Blob([fs.readFileSync(tarball)]);
else {
  const fresh = await PGlite.create();
  data = await fresh.dumpDataDir("none");
  await fresh.close();
  try {
    fs.mkdirSync(path.dirname(tarball), { recursive: true, mode: 0o700 });
    const partial = tarball + "." + process.pid;
    fs.writeFileSync(partial, Buffer.from(await data.arrayBuffer()), { mode: 0o600 });
    fs.renameSync(partial, tarball);
  } catch {}
}
if (folder) await (await PGlite.create(folder, { loadDataDir: data })).close();`;

function runClusterScript(tarball: string, folder: string): Promise<unknown> {
  return promisify(execFile)(
    process.execPath,
    ["--input-type=module", "--eval", CLUSTER_SCRIPT, tarball, folder, import.meta.resolve("@electric-sql/pglite")],
    { maxBuffer: 1 << 20 },
  );
}

/** The best cached tarball there is: the migrated one when it is wanted and made, else the pristine one. */
function bestTarball(tarballs: ClusterTarballs): { tarball: string; origin: "pristine" | "migrated" } | null {
  if (tarballs.migrated && existsSync(tarballs.migrated)) return { tarball: tarballs.migrated, origin: "migrated" };
  if (existsSync(tarballs.pristine)) return { tarball: tarballs.pristine, origin: "pristine" };
  return null;
}

/** A new in-memory cluster's files, made first (in a child) when no tarball is cached; none if the cache cannot be written. */
export async function clusterForMemory(tarballs: ClusterTarballs): Promise<{ data: Blob | undefined; origin: ClusterOrigin }> {
  if (!bestTarball(tarballs)) await runClusterScript(tarballs.pristine, "");
  const best = bestTarball(tarballs);
  return { data: best ? new Blob([readFileSync(best.tarball)]) : undefined, origin: best?.origin ?? "pristine" };
}

/**
 * Creates a new PGlite folder from the best cached cluster: written out from its tarball, or, the first time, by a
 * child process that makes the pristine tarball too (see CLUSTER_SCRIPT). The folder is built as a sibling and
 * renamed into place only when complete, so a start killed halfway leaves no half-made folder behind for the next
 * one to trip on. A folder that already holds a cluster is left as it is.
 */
export async function initialiseFolder(path: string, tarballs: ClusterTarballs): Promise<ClusterOrigin> {
  if (existsSync(join(path, "PG_VERSION"))) return "existing";
  // What a killed start left half-built goes first (the data folder's lock makes this process its only user).
  const prefix = `${basename(path)}.initdb-`;
  for (const name of readdirSync(dirname(path))) {
    if (name.startsWith(prefix)) rmSync(join(dirname(path), name), { recursive: true, force: true });
  }
  const building = `${path}.initdb-${process.pid}`;
  try {
    const best = bestTarball(tarballs);
    if (best) extractCachedCluster(best.tarball, building);
    else await runClusterScript(tarballs.pristine, building);
    rmSync(path, { recursive: true, force: true });
    renameSync(building, path);
    return best?.origin ?? "pristine";
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw new Error(
      `Could not create the embedded database in ${path}: ${(error as { stderr?: string }).stderr?.trim() || String(error)}`,
      { cause: error },
    );
  }
}

/**
 * Keeps a copy of a database that was made from the pristine cluster and then only migrated, for the next new one.
 * Only such a database may be copied: it holds the schema and nothing of anyone's. It is checkpointed first, so the
 * copy starts without replaying the write-ahead log. The tarball is written under another name and renamed into
 * place, mode 600; the migrated clusters of older migrations go. A cache that cannot be written costs only the time.
 */
export async function keepMigratedCluster(client: PGlite, tarball: string): Promise<void> {
  if (existsSync(tarball)) return;
  const partial = `${tarball}.${process.pid}`;
  try {
    await client.exec("checkpoint");
    const data = await client.dumpDataDir("none");
    writeFileSync(partial, Buffer.from(await data.arrayBuffer()), { mode: 0o600 });
    renameSync(partial, tarball);
    const older = basename(tarball).replace(/-migrated-[0-9a-f]+\.tar$/, "-migrated-");
    for (const name of readdirSync(dirname(tarball))) {
      if (name.startsWith(older) && name.endsWith(".tar") && name !== basename(tarball))
        rmSync(join(dirname(tarball), name), { force: true });
    }
  } catch {
    rmSync(partial, { force: true });
  }
}
