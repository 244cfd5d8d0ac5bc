import { randomBytes } from "node:crypto";
import { chmodSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { Browser, newShopper } from "../helpers/account-safety";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { testEngines, type TestDatabase } from "../helpers/databases";
import { tempDir } from "../helpers/processes";
import { designForm } from "../helpers/shoppers";
import { freePort } from "../helpers/smtp";

/**
 * Issue 23, account safety: what the README and docs/operations.md promise
 * about accounts' data and limits, as tests that fail if it stops being so.
 * - The data folder is private: 0700 whatever it was, the lock file and the
 *   app secret 0600, and everything else the process writes there readable
 *   by its user alone (umask 077); PGlite's own files aside.
 * - Limits live in the database: instances on one PostgreSQL refuse together.
 */
const servers: BoutiqueServer[] = [];
let database: TestDatabase | undefined;

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop("SIGKILL")));
  await database?.drop();
});

const modeOf = (path: string) => lstatSync(path).mode & 0o777;

/** Every path below `dir`, `skip` (a direct child) left out. */
function walk(dir: string, skip: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((entry) => entry !== skip && !entry.startsWith(`${skip}/`))
    .map((entry) => join(dir, entry));
}

describe("the README's promises about accounts' data and limits", () => {
  it("the data folder is private: 0700 even if it was open, its lock file and app secret 0600, nothing in it open to others", async () => {
    const dataDir = tempDir();
    chmodSync(dataDir, 0o755);
    const server = await startBoutique({ DATA_DIR: dataDir });
    servers.push(server);
    // A shopper's photo is uploaded and a gown picture is rendered: the process writes its own files in the folder.
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c9a96e" } })
      .jpeg()
      .toBuffer();
    const form = designForm({ name: "Ada Private", email: "ada@example.com", eventType: "wedding", vision: "A lace gown" });
    form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "veil.jpg");
    const sent = await fetch(`${server.url}/custom-design/submit`, { method: "POST", body: form, headers: { origin: server.url } });
    expect(sent.status, "the design request with a photo").toBe(200);
    const gown = await fetch(`${server.url}/images/gowns/oglethorpe-cathedral-satin-gown-back.avif?v=1&width=160`);
    expect(gown.status, "a rendered gown picture").toBe(200);

    expect(modeOf(dataDir).toString(8), "DATA_DIR").toBe("700");
    expect(modeOf(join(dataDir, "app-secret")).toString(8), "DATA_DIR/app-secret").toBe("600");
    expect(modeOf(join(dataDir, "boutique.lock")).toString(8), "DATA_DIR/boutique.lock").toBe("600");
    const open = walk(dataDir, "pgdata")
      .filter((path) => (modeOf(path) & 0o077) !== 0)
      .map((path) => `${path.slice(dataDir.length + 1)} ${modeOf(path).toString(8)}`);
    expect(walk(dataDir, "pgdata").length, "the upload and the picture are in the folder").toBeGreaterThan(4);
    expect(open, "files and folders in DATA_DIR (PGlite's pgdata aside) that others may reach").toEqual([]);
  });

  it("sign-in limits are in the database: two instances on one PostgreSQL refuse failures sent half to each at the one shared limit", async () => {
    const postgres = testEngines.find((engine) => engine.name === "postgres");
    expect(postgres, "PostgreSQL answers at TEST_DATABASE_URL (or 127.0.0.1:5432)").toBeDefined();
    database = await postgres!.create();
    const port = await freePort();
    const shared = {
      DATABASE_URL: database.url,
      APP_URL: `http://127.0.0.1:${port}`,
      APP_SECRET: randomBytes(32).toString("base64url"),
      MAIL_TRANSPORT: "log",
      // Per account and client pair: half of 6.
      AUTH_RATE_LIMIT: "6",
    };
    const first = await startBoutique({ ...shared, PORT: String(port) });
    servers.push(first);
    const second = await startBoutique(shared);
    servers.push(second);

    const who = newShopper("Shared");
    const signUp = await new Browser(first).form("/auth", {
      intent: "sign-up",
      fullName: who.name,
      email: who.email,
      password: who.password,
    });
    expect(signUp.status).toBe(302);

    // One client sends wrong passwords to the two instances in turn.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const browser = new Browser(i % 2 === 0 ? first : second);
      browser.origin = shared.APP_URL;
      statuses.push((await browser.api("/sign-in/email", { email: who.email, password: `wrong-${i}` })).status);
    }
    // Three failures in all, then both instances refuse: each alone would have allowed three.
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });
});
