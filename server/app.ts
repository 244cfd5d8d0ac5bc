import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { migrateDatabase, openDatabase, pingDatabase, type DatabaseHandle } from "~/db/client.server";
import { backupStream } from "~/db/backup.server";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "~/db/data-dir-lock.server";
import { resolveAppSecrets, type AppSecrets } from "~/lib/app-secret.server";
import { requestContext, servicesContext, type AppServices } from "~/lib/context.server";
import { ConfigError, parseEnv, type Env } from "~/lib/env.server";
import { createLogger, type Logger } from "~/lib/logger.server";
import { createSignedTokens } from "~/lib/signed-token.server";
import { createAuth, grantAdminByEmail } from "~/modules/accounts/accounts.server";
import { configureGownImages } from "~/modules/built-in-store/built-in-store.server";
import { catalogueConfigFromEnv, createCatalogue } from "~/modules/catalogue/catalogue.server";
import { startOutboxWorker, type OutboxWorker } from "~/modules/mail/outbox.server";
import { startFittingReminders } from "~/modules/fittings/fittings.server";
import { startHoldSweeper } from "~/modules/orders/orders.server";
import { createLogTransport, createSmtpTransport } from "~/modules/mail/transport.server";
import { ChangeBus, listenForAdminChanges } from "~/modules/realtime/change-bus.server";
import { StreamAccessWatch } from "~/modules/realtime/stream-access.server";
import { createImageStore, S3StoreError } from "~/modules/uploads/uploads.server";
import { chooseLogFormat, describeOpening, humanReadableLog } from "./human-log";
import { listFiles, precompressedFiles } from "./precompressed";
import { reactRouterHandler } from "./react-router-handler";
import { requestGuard } from "./request-guard";
import { securityHeaders } from "./security-headers";
import { Redactor } from "~/lib/redact-secrets";
import { appSecretPaths, authSecretPaths } from "./secret-paths";

declare module "express-serve-static-core" {
  interface Locals {
    requestId: string;
    nonce: string;
    logger: Logger;
  }
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** Development: Vite serves assets and rebuilds the app on change. */
  dev?: { middlewares: express.RequestHandler; loadBuild: () => Promise<ServerBuild> };
}

export interface RunningServer {
  server: Server;
  services: AppServices;
  shutdown(reason: string): Promise<void>;
}

function databaseOptions(env: Env) {
  return env.DATABASE_URL
    ? ({ engine: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } as const)
    : ({ engine: "pglite", dataDir: env.DATA_DIR } as const);
}

function requestMeta(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    // A request id from the client is believed only when a trusted proxy (TRUST_PROXY) passed the request on.
    const trusted = req.app.get("trust proxy fn") as (address: string, hop: number) => boolean;
    const incoming = trusted(req.socket.remoteAddress ?? "", 0) ? req.get("x-request-id") : undefined;
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.locals.nonce = randomBytes(16).toString("base64");
    res.locals.logger = logger.child({ reqId: requestId });
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        reqId: requestId,
        method: req.method,
        // As the client sent it: the logger's redactor takes the secrets out of every line it writes.
        path: req.originalUrl,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      if (req.path.startsWith("/assets/")) logger.debug(line, "request");
      else logger.info(line, "request");
    });
    next();
  };
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How often expired reservations are looked for. */
const HOLD_SWEEP_MS = 5 * 60_000;

/** Set when shutdown begins: health checks fail so load balancers stop sending, and connections are not kept alive. */
export interface Lifecycle {
  draining: boolean;
}

export function createApp(
  services: AppServices,
  options: {
    dev?: StartOptions["dev"];
    /** The production build, loaded once: given a function, React Router derives its route tables again on every request. */
    build?: ServerBuild;
    controlToken?: string;
    lifecycle?: Lifecycle;
  },
) {
  const lifecycle = options.lifecycle ?? { draining: false };
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", services.env.TRUST_PROXY);
  app.set("query parser", "simple");
  app.use(requestMeta(services.logger));
  app.use(
    requestGuard({
      appUrl: services.env.APP_URL,
      limits: { form: services.env.BODY_LIMIT_BYTES, json: services.env.BODY_LIMIT_BYTES, uploads: services.env.UPLOAD_LIMIT_BYTES },
    }),
  );
  app.use((_req, res, next) => {
    if (lifecycle.draining) res.setHeader("Connection", "close");
    next();
  });
  app.use(securityHeaders({ dev: Boolean(options.dev) }));
  app.use(
    compression({
      // An event stream must reach the browser as it is written.
      filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
      // Only pages and JSON are compressed here (files go out precompressed at the highest quality), once
      // per view. Brotli's quality 2 instead of the middleware's 4: a first view of the product page costs
      // 4.7 ms of CPU instead of 6.3 ms (alternating autocannon runs), and weighs 21.0 KB instead of 19.9.
      brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } },
    }),
  );

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
      res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: "unavailable" });
    }
  });

  // `npm run db:backup` while the server holds the PGlite folder: the CLI
  // cannot open the database itself, so it asks this process, from this
  // machine only, with the token written in the lock file.
  app.get("/_ops/backup", (req, res) => {
    const token = options.controlToken;
    const given = req.get("authorization")?.replace(/^Bearer /, "") ?? "";
    if (!token || !LOOPBACK.has(req.socket.remoteAddress ?? "") || !sameSecret(given, token)) {
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
    const token = options.controlToken;
    const given = req.get("authorization")?.replace(/^Bearer /, "") ?? "";
    if (!token || !LOOPBACK.has(req.socket.remoteAddress ?? "") || !sameSecret(given, token)) {
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

  if (options.dev) {
    app.use(options.dev.middlewares);
  } else {
    const client = fileURLToPath(new URL("../client", import.meta.url));
    const clientFiles = listFiles(client);
    // The build's own brotli and gzip copies first (scripts/precompress.mjs), so text files are not compressed per request.
    app.use(
      precompressedFiles(client, clientFiles, (path) =>
        path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      ),
    );
    // File names under /assets carry a content hash: cache them for a year.
    app.use("/assets", express.static(`${client}/assets`, { immutable: true, maxAge: "1y", index: false }));
    // The rest of build/client (public/: the favicon, brand images) is a fixed set of files: look a path up in it
    // rather than asking the disk on every page request.
    const publicFiles = new Set(clientFiles.filter((path) => !path.startsWith("/assets/")));
    const servePublic = express.static(client, { maxAge: "1h", index: false });
    app.use((req, res, next) => (publicFiles.has(safeDecode(req.path)) ? servePublic(req, res, next) : next()));
  }

  const build = options.dev?.loadBuild ?? options.build;
  if (!build) throw new Error("createApp needs a server build");
  app.all(
    "/{*splat}",
    reactRouterHandler({
      build,
      uploadLimit: services.env.UPLOAD_LIMIT_BYTES,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(requestContext, {
          requestId: res.locals.requestId,
          nonce: res.locals.nonce,
          logger: res.locals.logger,
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        });
        return context;
      },
    }),
  );

  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    // A 4xx raised anywhere below (a static file's bad path, an upload past its cap) keeps its status.
    const given =
      (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
    if (typeof given === "number" && given >= 400 && given < 500) {
      res.locals.logger?.info({ status: given, reason: error instanceof Error ? error.message : String(error) }, "request refused");
      if (given === 413) res.setHeader("Connection", "close");
      if (!res.headersSent)
        res
          .status(given)
          .type("text/plain")
          .send(error instanceof Error && given !== 404 ? error.message : "Not found");
      return;
    }
    res.locals.logger?.error({ err: error }, "unhandled error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Unexpected Application Error!");
  });
  return app;
}

/**
 * Starts the boutique: configuration, the data-folder lock, the database and
 * its migrations, the mail worker, the change listener, then HTTP. Stops in
 * the reverse order on SIGTERM or SIGINT.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  let env: Env;
  try {
    env = parseEnv(options.env ?? process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // Embedded: everything this process writes (PGlite's files, the app secret) is for its own user only.
  if (!env.DATABASE_URL) process.umask(0o077);
  const logFormat = chooseLogFormat(env.LOG_FORMAT, process.stdout);
  // The app's and Better Auth's secret routes are added below, before the first request can arrive.
  const redactor = new Redactor();
  const logger = createLogger(env.LOG_LEVEL, logFormat === "pretty" ? humanReadableLog(process.stdout) : undefined, redactor);
  let secrets: AppSecrets;
  try {
    secrets = resolveAppSecrets(env);
  } catch (error) {
    logger.fatal({ err: error }, "the app secret could not be read or created");
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const tokens = createSignedTokens({ secret: secrets.secret, legacySecrets: secrets.legacySecrets });

  // Uploaded images: the folder DATA_DIR/uploads, or the S3 bucket when S3_BUCKET is set. S3 is asked once
  // here: keys it refuses, or a bucket it does not have, stop the start; no answer at all only warns.
  const images = await createImageStore(env);
  if ("check" in images) {
    try {
      await images.check();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof S3StoreError && error.reason === "unreachable") {
        logger.warn({ storage: images.kind, where: images.where, reason: message }, "image storage could not be reached yet");
      } else {
        logger.fatal({ storage: images.kind, where: images.where, code: error instanceof S3StoreError ? error.code : undefined }, message);
        process.stderr.write(`${message}\n`);
        process.exit(1);
      }
    }
  }
  logger.info({ storage: images.kind, where: images.where }, `uploaded images: ${images.kind === "s3" ? "S3" : "folder"} ${images.where}`);

  let lock: DataDirLock | null = null;
  let database: DatabaseHandle | null = null;
  const bootStarted = performance.now();
  const controlToken = randomBytes(32).toString("hex");
  const controlHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;

  try {
    if (!env.DATABASE_URL) {
      lock = acquireDataDirLock(env.DATA_DIR, "boutique server", {
        url: `http://${controlHost.includes(":") ? `[${controlHost}]` : controlHost}:${env.PORT}`,
        token: controlToken,
      });
    }
    const dbOptions = databaseOptions(env);
    database = await openDatabase(dbOptions);
    await migrateDatabase(database, env.DATABASE_URL);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      // The holder's control token stays in the lock file: only its PID and purpose reach the log.
      logger.fatal({ dataDir: env.DATA_DIR, holder: { pid: error.owner.pid, purpose: error.owner.purpose } }, error.message);
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    await database?.close().catch(() => {});
    lock?.release();
    throw error;
  }

  const db = database.db;
  const changes = new ChangeBus();
  const transport =
    env.MAIL_TRANSPORT === "smtp" && env.SMTP_URL
      ? createSmtpTransport(env.SMTP_URL, new URL(env.APP_URL).hostname)
      : createLogTransport(logger);
  const worker: OutboxWorker = startOutboxWorker({
    db,
    transport,
    from: env.MAIL_FROM,
    logger,
    pollMs: env.MAIL_POLL_MS,
    retryBaseMs: env.MAIL_RETRY_BASE_MS,
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
  });
  const stopListening = await listenForAdminChanges(database, changes, logger);
  // Open admin streams end once their session or admin role does, on whichever instance that happened.
  const streamAccess = new StreamAccessWatch({ db, everyMs: env.ADMIN_STREAM_RECHECK_MS, logger });

  // The demo pictures: rendered a couple at a time, and kept on disk across restarts.
  configureGownImages({ cacheDir: join(env.DATA_DIR, "image-cache"), concurrency: Math.max(1, Math.min(2, availableParallelism())) });
  const catalogue = createCatalogue({ config: catalogueConfigFromEnv(env), database, logger });
  const seeding = await catalogue.start();
  logger.info(
    { store: catalogue.store, ...(seeding ? { demoProducts: seeding.products, seeded: seeding.seeded } : {}) },
    `catalogue: ${catalogue.description}`,
  );

  // Reserved, unpaid orders give their gowns back after ORDER_HOLD_HOURS.
  const holds = startHoldSweeper({
    db,
    holdMs: env.ORDER_HOLD_HOURS * 3_600_000,
    everyMs: HOLD_SWEEP_MS,
    onReleased: (orderNumbers) => {
      logger.info({ orderNumbers }, "unpaid reservations released");
      catalogue.invalidate();
    },
    onError: (error) => logger.warn({ err: error }, "releasing unpaid reservations failed"),
  });

  const nudgeMail = () => worker.nudge();
  const reminders = startFittingReminders({ db, env, tokens, logger, nudgeMail });
  const auth = createAuth({
    db,
    secret: secrets.secret,
    appUrl: env.APP_URL_CONFIGURED,
    fallbackUrl: env.APP_URL,
    port: env.PORT,
    adminEmails: env.ADMIN_EMAILS,
    logger,
    nudgeMail,
  });
  const build = options.dev ? undefined : ((await import("virtual:react-router/server-build")) as ServerBuild);
  redactor.addPaths(appSecretPaths((build ?? (await options.dev!.loadBuild())).routes));
  redactor.addPaths(authSecretPaths(auth));
  const services: AppServices = {
    env,
    database,
    logger,
    changes,
    streamAccess,
    catalogue,
    catalogueChanged: () => catalogue.invalidate(),
    tokens,
    auth,
    nudgeMail,
    images,
  };
  const lifecycle: Lifecycle = { draining: false };
  const app = createApp(services, {
    lifecycle,
    dev: options.dev,
    controlToken: lock ? controlToken : undefined,
    build,
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(env.PORT, env.HOST, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  server.keepAliveTimeout = 65_000;
  logger.info(
    {
      url: `http://${env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST}:${env.PORT}`,
      engine: database.engine,
      dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
      mail: transport.name,
      secret: secrets.source,
      catalogue: catalogue.store,
      bootMs: Math.round(performance.now() - bootStarted),
      summary: describeOpening({
        host: env.HOST,
        port: env.PORT,
        engine: database.engine,
        dataDir: env.DATA_DIR,
        databaseUrl: env.DATABASE_URL,
        store: catalogue.description,
        mail: transport.name,
        smtpUrl: env.SMTP_URL,
      }),
    },
    "boutique listening",
  );
  collectStartupGarbage(logger);

  let shuttingDown: Promise<void> | null = null;
  const shutdown = (reason: string) => {
    shuttingDown ??= (async () => {
      logger.info({ reason, drainMs: env.SHUTDOWN_DRAIN_MS }, "shutting down: finishing requests in flight");
      // Keep accepting for a moment: requests already on their way (sent by a
      // load balancer before it saw us go, or queued in the kernel) are still
      // answered, with Connection: close, while /healthz says we are leaving.
      lifecycle.draining = true;
      changes.close();
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_MS));
      const force = setTimeout(() => {
        logger.warn("requests still open at the shutdown deadline; closing them");
        server.closeAllConnections();
      }, env.SHUTDOWN_TIMEOUT_MS);
      force.unref();
      // Stop listening without touching open sockets (http.Server#close would
      // reset as "idle" a connection whose request has arrived but not yet been
      // read while the loop was busy rendering), then sweep idle keep-alive
      // sockets after each poll phase has read whatever had arrived.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const sweep = setInterval(() => setImmediate(() => server.closeIdleConnections()), 250);
      await closed;
      clearInterval(sweep);
      clearTimeout(force);
      await holds.stop();
      await reminders.stop();
      await worker.stop();
      await stopListening().catch(() => {});
      await streamAccess.stop();
      await catalogue.close();
      if ("close" in images) images.close();
      await database?.close().catch((error: unknown) => logger.error({ err: error }, "closing the database failed"));
      lock?.release();
      logger.info("shut down cleanly");
      logger.flush();
    })();
    return shuttingDown;
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void shutdown(signal).then(() => process.exit(0));
    });
  }
  return { server, services, shutdown };
}

/** A URL path as file names spell it ("" when it does not decode; the request guard refuses those before this). */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return "";
  }
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

/**
 * Start-up (migrations, the catalogue's schema and seed check, the route build, the auth library) leaves 20–30 MB
 * of garbage in V8's old generation, and V8 collects it only when allocation asks for room, which an idle server
 * never does: on PostgreSQL the server idled at about 150 MB where a collection gives back about 35 MB. So it is
 * collected once, a second after the server starts listening. `gc` exists when Node runs with `--expose-gc`, as
 * server/start.sh starts it; started another way, this does nothing.
 */
function collectStartupGarbage(logger: Logger) {
  const collect = (globalThis as { gc?: (options?: object) => void }).gc;
  if (typeof collect !== "function") return;
  setTimeout(() => {
    const before = process.memoryUsage();
    // "last-resort": V8's collection for memory pressure, which also compacts and hands emptied pages back to
    // the system; a plain major collection frees the objects but keeps most of their pages.
    collect({ type: "major", execution: "sync", flavor: "last-resort" });
    const after = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 1_048_576);
    logger.debug(
      { heapUsedMb: [mb(before.heapUsed), mb(after.heapUsed)], rssMb: [mb(before.rss), mb(after.rss)] },
      "start-up garbage collected",
    );
  }, 1000).unref();
}
