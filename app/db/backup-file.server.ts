import { closeSync, createReadStream, createWriteStream, fchmodSync, fstatSync, mkdirSync, openSync, type Stats } from "node:fs";
import { dirname } from "node:path";
import type { Readable, Writable } from "node:stream";

/**
 * A backup holds password hashes, two-factor secrets, session tokens and the JWKS private keys: its file is
 * for its owner only, whatever the umask, and a restore trusts only a file no one else could have changed.
 */

/** Opens `file` for a new backup, mode 0600: created so, and made so when it already existed (open keeps an old file's mode). */
export function createBackupFile(file: string): Writable {
  // A folder made for it is private too; an existing one is left as the operator set it.
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const fd = openSync(file, "w", 0o600);
  try {
    fchmodSync(fd, 0o600);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return createWriteStream(file, { fd });
}

export type BackupFileVerdict = { ok: true; warning?: string } | { ok: false; reason: string };

/** Whether a backup file with these permissions may be restored; a file others can merely read is restored with a warning. */
export function judgeBackupFile(file: string, stats: Pick<Stats, "mode">): BackupFileVerdict {
  const mode = (stats.mode & 0o777).toString(8).padStart(4, "0");
  if (stats.mode & 0o022) {
    return {
      ok: false,
      reason:
        `Refusing to restore ${file}: its mode is ${mode}, so it can be changed by other users, and a changed backup could ` +
        `bring in any account, role or password. Check where it came from, then make it private: chmod 600 ${file}`,
    };
  }
  if (stats.mode & 0o004) {
    return {
      ok: true,
      warning:
        `Warning: ${file} has mode ${mode}, so it can be read by other users, and it holds password hashes, two-factor ` +
        `secrets, session tokens and signing keys. Make it private: chmod 600 ${file}`,
    };
  }
  return { ok: true };
}

/**
 * Opens a backup file for a restore, judging the file it opened (not the name, which could be swapped for
 * another file in between): the stream to read, or why it is refused.
 */
export function openBackupFile(file: string): { stream: Readable; warning?: string } | { refused: string } {
  const fd = openSync(file, "r");
  const verdict = judgeBackupFile(file, fstatSync(fd));
  if (!verdict.ok) {
    closeSync(fd);
    return { refused: verdict.reason };
  }
  return { stream: createReadStream(file, { fd }), warning: verdict.warning };
}
