// The composition root: createApp puts the request steps in order, and
// startServer starts the services, then HTTP, and stops them in reverse.
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { pingDatabase } from "~/db/client.server";
import { watchDatabaseOutage } from "~/db/outage.server";
import { resolveAppSecrets, type AppSecrets } from "~/lib/app-secret.server";
import { requestContext, servicesContext, type AppServices } from "~/lib/context.server";
import { createLogger } from "~/lib/logger.server";
import { createSignedTokens } from "~/lib/signed-token.server";
import { createAuth } from "~/modules/accounts/accounts.server";
import { recordedDesignImageKeys } from "~/modules/design-requests/design-requests.server";
import { sweepUploadsFolder } from "~/modules/uploads/uploads.server";
import { configureGownImages } from "~/modules/built-in-store/built-in-store.server";
import { catalogueConfigFromEnv, createCatalogue } from "~/modules/catalogue/catalogue.server";
import { startOutboxWorker, type OutboxWorker } from "~/modules/mail/outbox.server";
import { startFittingReminders } from "~/modules/fittings/fittings.server";
import { startHoldSweeper } from "~/modules/orders/orders.server";
import { createLogTransport, createSmtpTransport } from "~/modules/mail/transport.server";
import { ChangeBus, listenForAdminChanges } from "~/modules/realtime/change-bus.server";
import { StreamAccessWatch } from "~/modules/realtime/stream-access.server";
import { Redactor } from "~/lib/redact-secrets";
import { answerOutage, errorHandler } from "./error-handler";
import { chooseLogFormat, describeOpening, humanReadableLog } from "./human-log";
import { healthCheck, operatorEndpoints } from "./operator-endpoints";
import { reactRouterHandler } from "./react-router-handler";
import { requestGuard } from "./request-guard";
import { requestMeta } from "./request-meta";
import { securityHeaders } from "./security-headers";
import { appSecretPaths, authSecretPaths } from "./secret-paths";
import { closeWhenDraining, gracefulShutdown, shutdownOnSignals, type Lifecycle } from "./shutdown";
import { collectStartupGarbage, openImageStore, openLockedDatabase, readConfiguration } from "./start-up";
import { serveBuiltClient } from "./static-files";

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

/** How often expired reservations are looked for. */
const HOLD_SWEEP_MS = 5 * 60_000;

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
  app.use(closeWhenDraining(lifecycle));
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

  healthCheck(app, services, lifecycle);
  operatorEndpoints(app, services, options.controlToken);

  if (options.dev) app.use(options.dev.middlewares);
  else serveBuiltClient(app, fileURLToPath(new URL("../client", import.meta.url)));
  // While the database is out of reach, pages and forms wait for it with 503 and Retry-After (files are served above).
  app.use((_req, res, next) => (services.databaseOutage.down ? answerOutage(res) : next()));

  const build = options.dev?.loadBuild ?? options.build;
  if (!build) throw new Error("createApp needs a server build");
  app.all(
    "/{*splat}",
    reactRouterHandler({
      build,
      uploadLimit: services.env.UPLOAD_LIMIT_BYTES,
      outage: services.databaseOutage,
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

  app.use(errorHandler);
  return app;
}

/**
 * Starts the boutique: configuration, the data-folder lock, the database and
 * its migrations, the mail worker, the change listener, then HTTP. Stops in
 * the reverse order on SIGTERM or SIGINT.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const env = readConfiguration(options.env ?? process.env);

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
  const images = await openImageStore(env, logger);

  const bootStarted = performance.now();
  const controlToken = randomBytes(32).toString("hex");
  const { database, lock } = await openLockedDatabase(env, logger, controlToken);

  const db = database.db;
  const databaseOutage = watchDatabaseOutage({ ping: () => pingDatabase(db), logger });
  database.onConnectionLost((error) => databaseOutage.report(error));
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
    databaseOutage,
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

  // Files a killed process left half-done (no row, or never finished), swept once the boutique answers: only files
  // older than this process, so nothing this run writes is touched. Shutdown waits for it before closing the database.
  const processStartedAt = new Date(Date.now() - process.uptime() * 1000);
  const sweeping =
    images.kind === "folder"
      ? sweepUploadsFolder(env, { "design-requests": (keys) => recordedDesignImageKeys(db, keys) }, processStartedAt).then(
          (swept) => {
            if (swept.length > 0)
              logger.warn({ files: swept.length, first: swept.slice(0, 5) }, "uploads an earlier run left half-done removed");
          },
          (error: unknown) => logger.warn({ err: error }, "sweeping half-done uploads failed"),
        )
      : Promise.resolve();

  const shutdown = gracefulShutdown({
    server,
    lifecycle,
    logger,
    drainMs: env.SHUTDOWN_DRAIN_MS,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    beginDraining: () => changes.close(),
    async stopServices() {
      await sweeping;
      await databaseOutage.stop();
      await holds.stop();
      await reminders.stop();
      await worker.stop();
      await stopListening().catch(() => {});
      await streamAccess.stop();
      await catalogue.close();
      if ("close" in images) images.close();
      await database.close().catch((error: unknown) => logger.error({ err: error }, "closing the database failed"));
      lock?.release();
    },
  });
  shutdownOnSignals(shutdown);
  return { server, services, shutdown };
}
