import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockFilePath } from "~/db/data-dir-lock.server";
import { generateRequests, sendRequests } from "../../bench/malformed-requests";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";

const COUNT = 5000;
const SEED = 20261125;

/**
 * 5,000 seeded wrong requests against the built server over 4 kept-alive
 * connections: every route and method, broken encodings, NUL bytes, odd
 * Unicode, huge strings, missing fields, wrong content types, odd headers.
 * None may answer 5xx (but 501 for a method nobody implements), hang, or
 * reset a connection the server did not announce it would close; and nothing
 * they carry may be stored.
 */
describe("malformed requests", () => {
  let server: BoutiqueServer;
  beforeAll(async () => {
    server = await startBoutique({ LOG_FORMAT: "json" });
    // The one demo picture the generator asks for renders on first request (seconds of CPU on a busy machine).
    await (await fetch(`${server.url}/images/gowns/celeste-lace-a-line.webp`)).arrayBuffer();
  }, 400_000);
  afterAll(() => server?.stop());

  it(`answers ${COUNT} of them without a 5xx, a hang or a dropped connection, and stores nothing`, async () => {
    const requests = generateRequests(COUNT, SEED, server.url);
    const run = await sendRequests(server.url, requests, { connections: 4, deadlineMs: 240_000 });
    console.info(`malformed requests: ${run.sent} in ${run.ms} ms`, run.byStatus);
    expect(run.failures.slice(0, 10)).toEqual([]);
    expect(run.sent).toBe(COUNT);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    const owner = JSON.parse(readFileSync(lockFilePath(server.dataDir), "utf8")) as { control: { token: string } };
    const backup = await fetch(`${server.url}/_ops/backup`, { headers: { authorization: `Bearer ${owner.control.token}` } });
    const text = await new Response(backup.body!.pipeThrough(new DecompressionStream("gzip"))).text();
    const stored = new Set(
      text
        .split("\n")
        .slice(1)
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { table: string }).table),
    );
    for (const table of [
      "newsletter_subscribers",
      "mail_outbox",
      "catalogue_carts",
      "catalogue_cart_lines",
      "catalogue_orders",
      "appointments",
      "custom_design_submissions",
    ]) {
      expect(stored.has(table), table).toBe(false);
    }
  }, 400_000);
});
