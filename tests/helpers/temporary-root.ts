import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The folder every temporary folder of a test run goes under (`tempDir`, the browser tests' data folder). Called from
 * a runner's config in its own process: made once, handed to the workers in BOUTIQUE_TEST_TMP, and removed as the
 * runner exits. A server's data folder holds about 40 MB, and a run of the suites makes some 170 of them.
 */
export function temporaryRoot(): string {
  const given = process.env.BOUTIQUE_TEST_TMP;
  if (given) return given;
  const root = mkdtempSync(join(tmpdir(), "boutique-tests-"));
  // Others may pass through it, not list it: a private PostgreSQL runs as its own user in a folder handed to it below.
  chmodSync(root, 0o711);
  process.env.BOUTIQUE_TEST_TMP = root;
  process.once("exit", () => rmSync(root, { recursive: true, force: true }));
  return root;
}
