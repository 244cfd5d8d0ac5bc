import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort, startSmtpServer, type TestSmtpServer } from "./smtp";
import { spawnNode, tempDir, type Spawned } from "./processes";

const MAIN = fileURLToPath(new URL("../../server/main.js", import.meta.url));

export interface BoutiqueServer {
  url: string;
  port: number;
  dataDir: string;
  process: Spawned;
  /** Parsed JSON log lines printed so far. */
  logs(): Record<string, unknown>[];
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** How long a test waits for a server to start: a cold start on a busy shared machine can take well over a minute. */
export const SERVER_START_TIMEOUT_MS = 180_000;

/**
 * Starts the production build (`npm run build` first) as its own process on
 * a free port with a fresh data folder, and waits for /healthz.
 */
export async function startBoutique(
  env: Record<string, string | undefined> = {},
  { startTimeoutMs = SERVER_START_TIMEOUT_MS } = {},
): Promise<BoutiqueServer> {
  const port = Number(env.PORT ?? (await freePort()));
  const dataDir = env.DATA_DIR ?? tempDir();
  const child = spawnNode([MAIN], {
    LOG_LEVEL: "info",
    MAIL_POLL_MS: "200",
    ...env,
    PORT: String(port),
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    // A cold start on a busy shared machine can take well over a minute.
    await child.waitForOutput(/boutique listening/, startTimeoutMs);
    const health = await fetch(`${url}/healthz`);
    if (health.status !== 200) throw new Error(`health check answered ${health.status}`);
  } catch (error) {
    // A server that never came up is nobody's to stop: stop it here, or it holds its port and folder past the test.
    if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill("SIGKILL");
    await child.exited;
    throw error;
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    logs: () =>
      child
        .stdout()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    async stop(signal = "SIGTERM") {
      if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill(signal);
      return child.exited;
    },
  };
}

/**
 * A boutique whose public address (APP_URL, used in mail links and checkout URLs) is where it really listens: a free
 * port is chosen first so the two agree.
 */
export async function startOwnBoutique(
  env: Record<string, string | undefined> = {},
  options?: Parameters<typeof startBoutique>[1],
): Promise<BoutiqueServer> {
  const port = await freePort();
  return startBoutique({ PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, ...env }, options);
}

/** A test SMTP server and a boutique of its own mailing to it as "The Hive"; `stop` ends both. */
export interface MailingBoutique {
  smtp: TestSmtpServer;
  boutique: BoutiqueServer;
  stop(): Promise<void>;
}

/** Starts the SMTP server, then the boutique (startOwnBoutique) sending to it; `env` adds to or overrides its settings. */
export async function startMailingBoutique(env: Record<string, string | undefined> = {}): Promise<MailingBoutique> {
  const smtp = await startSmtpServer();
  try {
    const boutique = await startOwnBoutique({ SMTP_URL: smtp.url, MAIL_FROM: "The Hive <hello@thehive.test>", ...env });
    return {
      smtp,
      boutique,
      async stop() {
        await boutique.stop("SIGTERM");
        await smtp.close();
      },
    };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

/** Gives `email`'s account the admin role the operator's way: the CLI (scripts/admin-grant.ts) on the data folder `dataDir`. */
export function grantAdminRole(email: string, dataDir: string | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    execFile("npx", ["tsx", "scripts/admin-grant.ts", email], { env: { ...process.env, DATA_DIR: dataDir } }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(),
    ),
  );
}
