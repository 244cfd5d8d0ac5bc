// What the operator's tools ask of a running server: /healthz for load
// balancers, and /_ops/* for the CLIs that cannot open the PGlite folder
// while this process holds it.
import { timingSafeEqual } from "node:crypto";
import type express from "express";
import type { Request } from "express";
import { pingDatabase } from "~/db/client.server";
import { OUTAGE_HEADERS } from "~/db/outage.server";
import { backupStream } from "~/db/backup.server";
import type { AppServices } from "~/lib/context.server";
import { grantAdminByEmail } from "~/modules/accounts/accounts.server";
import type { Lifecycle } from "./shutdown";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export function healthCheck(app: express.Express, services: AppServices, lifecycle: Lifecycle) {
  app.get("/healthz", async (_req, res) => {
    if (lifecycle.draining) {
      res.status(503).set("Cache-Control", "no-store").json({ status: "draining" });
      return;
    }
    try {
      await Promise.race([
        pingDatabase(services.database.db),
        new Promise((_, reject) => setTimeout(() => reject(new Error("database did not answer within 2 s")), 2000).unref()),
      ]);
      res.set("Cache-Control", "no-store").json({ status: "ok", database: "ok", engine: services.database.engine });
    } catch (error) {
      res.locals.logger.error({ err: error }, "health check failed");
      services.databaseOutage.report(error);
      res.status(503).set(OUTAGE_HEADERS).json({ status: "error", database: "unavailable" });
    }
  });
}

export function operatorEndpoints(app: express.Express, services: AppServices, controlToken: string | undefined) {
  // `npm run db:backup` while the server holds the PGlite folder: the CLI
  // cannot open the database itself, so it asks this process, from this
  // machine only, with the token written in the lock file.
  app.get("/_ops/backup", (req, res) => {
    if (!fromOperator(req, controlToken)) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    res.locals.logger.info("backup requested by the operator CLI");
    res.type("application/gzip").set("Cache-Control", "no-store");
    backupStream(services.database.db, services.images)
      .on("error", (error) => {
        res.locals.logger.error({ err: error }, "backup failed");
        res.destroy(error);
      })
      .pipe(res);
  });

  // `npm run admin:grant -- <email>` while the server holds the PGlite folder: same loopback-and-token rule as the backup.
  app.post("/_ops/grant-admin", async (req, res) => {
    if (!fromOperator(req, controlToken)) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    // The request guard has read and checked the JSON body already.
    const email = parsedJsonField(res.locals.guarded.body, "email");
    if (typeof email !== "string" || !email.includes("@") || email.length > 255) {
      res.status(400).json({ error: "an email address is required" });
      return;
    }
    const outcome = await grantAdminByEmail(services.database.db, email);
    res.locals.logger.info({ outcome }, "admin role requested by the operator CLI");
    res.set("Cache-Control", "no-store").json({ outcome });
  });
}

/** From this machine, with the lock file's token; never when this process holds no lock (and so wrote no token). */
function fromOperator(req: Request, token: string | undefined): boolean {
  const given = req.get("authorization")?.replace(/^Bearer /, "") ?? "";
  return Boolean(token) && LOOPBACK.has(req.socket.remoteAddress ?? "") && sameSecret(given, token!);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** One field of a JSON object body, or undefined when the body is not such an object. */
function parsedJsonField(body: Buffer | null, name: string): unknown {
  if (!body) return undefined;
  try {
    const value: unknown = JSON.parse(body.toString("utf8"));
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  } catch {
    return undefined;
  }
}
