import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { temporaryRoot } from "./tests/helpers/temporary-root";

// Playwright never downloads a browser here: it drives the system's Chromium headless shell, the build Playwright
// itself runs headless tests in (decision 0025).
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
if (!existsSync(chromiumPath)) {
  throw new Error(
    `Chromium was not found at ${chromiumPath}. Install it with \`apt-get install -y chromium-headless-shell\` (Debian) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  );
}

// Decided once in the main process; workers inherit the environment.
// A port the kernel says is free (a fixed range once met a port another service held, such as RabbitMQ's 4369).
process.env.E2E_PORT ??= execFileSync(
  process.execPath,
  [
    "-e",
    'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { process.stdout.write(String(s.address().port)); s.close(); });',
  ],
  { encoding: "utf8" },
).trim();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(temporaryRoot(), "e2e-"));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  // One retry on CI, reported as "flaky" in the output: a timing-sensitive browser test must not block a landing, and must still show up.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  // Generous: a full-page screenshot after axe took more than 30 s with the shared 2-core machine at load 20+, and on a
  // slow afternoon with one core kept busy a dozen journeys took 45-60 s, one of them over 60 s in axe after every
  // assertion had passed. The limit only stops a test that hangs; it judges nothing.
  timeout: 120_000,
  expect: { timeout: 7_500 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-quic",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // As `npm start` runs it (server/start.sh; decision 0023).
    command: "sh server/start.sh",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // A cold start on the shared machine under load can take well over a minute.
    timeout: 180_000,
    // APP_URL: checkout URLs from the built-in store point back at this server.
    // Every test signs up from 127.0.0.1: the shared server's newsletter limit
    // is raised so tests do not trip it; newsletter-mail.spec.ts checks the
    // default limit on a server of its own.
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      APP_URL: baseURL,
      NEWSLETTER_RATE_LIMIT: "10000",
      AUTH_RATE_LIMIT: "10000",
      BOOKING_RATE_LIMIT: "10000",
      CHECKOUT_RATE_LIMIT: "10000",
      ORDER_RATE_LIMIT: "10000",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
