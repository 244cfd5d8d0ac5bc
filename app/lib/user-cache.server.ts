import { homedir } from "node:os";
import { join } from "node:path";

/**
 * The boutique's folder in the user's cache: `$XDG_CACHE_HOME/hive-boutique`, else `~/.cache/hive-boutique`. It
 * holds only what costs time to make again: the embedded database's clusters (decisions 0024 and 0026) and Node's
 * compiled code (server/main.js). Deleting it loses nothing.
 *
 * server/main.js imports this file before the server bundle, and Node runs it as it is (its types are only
 * stripped): it may import nothing but Node's own modules.
 */
export function userCacheFolder(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "hive-boutique");
}
