import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, normalize, sep } from "node:path";

const BLOCK = 512;

/** A field of a tar header: NUL-terminated text. */
function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

/**
 * Writes a cached cluster, pristine or migrated (a plain ustar archive of regular files and folders, as PGlite's
 * `dumpDataDir("none")` makes it) into `folder`. This is what PGlite's own `loadDataDir` does to a folder on disk,
 * without starting PGlite to do it: that cost a child process about 4 s, half of it the operating system taking
 * back PGlite's WebAssembly memory when the child exited. Anything else in the archive (links, long names, a path
 * leaving the folder) is refused with an error, which stops the start; the cached file can then be deleted, and the
 * next start makes it again.
 */
export function extractCachedCluster(tarball: string, folder: string): void {
  const archive = readFileSync(tarball);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  for (let offset = 0; offset + BLOCK <= archive.length;) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break; // the end-of-archive blocks
    const name = [field(header, 345, 155), field(header, 0, 100)].filter(Boolean).join("/");
    const size = Number.parseInt(field(header, 124, 12).trim() || "0", 8);
    const type = field(header, 156, 1) || "0";
    const relative = normalize(name.replace(/^\/+/, ""));
    if (relative === ".." || relative.startsWith(`..${sep}`) || (relative === "." && type !== "5") || !Number.isFinite(size)) {
      throw new Error(`the cached cluster holds an entry it should not: ${name}`);
    }
    const target = join(folder, relative);
    offset += BLOCK;
    if (relative === ".") continue; // the folder itself, made above
    // Only this user reads the cluster, as PostgreSQL itself requires.
    if (type === "5") mkdirSync(target, { recursive: true, mode: 0o700 });
    else if (type === "0") {
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, archive.subarray(offset, offset + size), { mode: 0o600 });
    } else throw new Error(`the cached cluster holds an entry of type ${type}: ${name}`);
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
}
