// npm run admin:grant -- <email>: gives an existing account the admin role,
// on PostgreSQL or PGlite, whether or not the server is running.
import { grantAdminByEmail, type GrantOutcome } from "~/modules/accounts/accounts.server";
import { DataDirLockedError, fail, loadEnv, openForCli, pgliteExists } from "./cli-support";

const email = process.argv[2]?.trim();
if (!email || !email.includes("@")) fail("Usage: npm run admin:grant -- <email of an existing account>");

const env = loadEnv();
if (!env.DATABASE_URL && !pgliteExists(env))
  fail(`There is no database in ${env.DATA_DIR} yet: start the boutique once (npm start) or set DATA_DIR.`);

const say: Record<GrantOutcome, string> = {
  granted: `${email} is now an admin.`,
  "already-admin": `${email} was already an admin.`,
  "no-such-user": `No account uses ${email}: sign up first (on /auth or /admin/login), then run this again.`,
};

let outcome: GrantOutcome;
try {
  const db = await openForCli(env, "admin:grant");
  try {
    outcome = await grantAdminByEmail(db.handle.db, email);
  } finally {
    await db.close();
  }
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  const control = error.owner.control;
  if (!control) fail(`${error.message}\nThat process offers no operator service; stop it and run npm run admin:grant again.`);
  // The server holds the folder: ask it to grant the role.
  const response = await fetch(`${control.url}/_ops/grant-admin`, {
    method: "POST",
    headers: { authorization: `Bearer ${control.token}`, "content-type": "application/json" },
    body: JSON.stringify({ email }),
  }).catch((cause: Error) =>
    fail(`The server (process ${error.owner.pid}) holds ${env.DATA_DIR} but did not answer at ${control.url}: ${cause.message}`),
  );
  if (!response.ok) fail(`The server (process ${error.owner.pid}) refused the request (HTTP ${response.status}).`);
  outcome = ((await response.json()) as { outcome: GrantOutcome }).outcome;
}
console.log(say[outcome]);
process.exit(outcome === "no-such-user" ? 1 : 0);
