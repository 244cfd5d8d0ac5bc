import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { eq, inArray, notExists } from "drizzle-orm";
import { describe, expect, it, vi, onTestFinished } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "~/db/client.server";
import { customDesignSubmissions, designRequestImages } from "~/db/schema/design-requests";
import { appointments } from "~/db/schema/fittings";
import { catalogueOrderLines, catalogueOrders } from "~/db/schema/orders";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { postgresEngine } from "../helpers/databases";
import { BURST_ENV, bookFitting, filesUnder, placeOrder, sendDesignRequest, variantsForSale, type Sent } from "../helpers/outage-traffic";
import { tempDir } from "../helpers/processes";

// kill -9 in the middle of a burst of bookings, design requests with a photo and orders, then a start on the same
// data: every write whose answer arrived is there, and no half-write is (an image file with no row, a row with no
// file, a file left half-written), on PGlite in DATA_DIR and on PostgreSQL.

type Kind = "booking" | "design" | "order";
const KINDS: Kind[] = ["booking", "design", "order"];

interface BurstOutcome {
  acknowledged: Record<Kind, string[]>;
  /** Answers that arrived and were not a success: none is expected before the kill. */
  refused: { kind: Kind; status: number | string; detail?: string }[];
}

/** Two shoppers of each kind writing in a loop until the server is killed; resolves once every loop has stopped. */
async function burstUntilKilled(server: BoutiqueServer): Promise<BurstOutcome> {
  const variants = await variantsForSale(server.url);
  const outcome: BurstOutcome = { acknowledged: { booking: [], design: [], order: [] }, refused: [] };
  let killed = false;
  let sent = 0;
  const write = (kind: Kind, n: number, email: string): Promise<Sent> =>
    kind === "booking"
      ? bookFitting(server.url, email, n)
      : kind === "design"
        ? sendDesignRequest(server.url, email)
        : placeOrder(server.url, variants[n % variants.length]!, email);
  const loop = async (kind: Kind) => {
    while (!killed) {
      const n = sent++;
      const email = `${kind}-${n}@burst.example`;
      const answer = await write(kind, n, email);
      if (answer.acknowledged) outcome.acknowledged[kind].push(email);
      else if (typeof answer.status === "number" && !killed) outcome.refused.push({ kind, status: answer.status, detail: answer.detail });
    }
  };
  const loops = KINDS.flatMap((kind) => [loop(kind), loop(kind)]);
  // Killed once each kind has some acknowledged writes, with the loops' next writes in flight.
  await vi.waitFor(() => expect(Math.min(...KINDS.map((kind) => outcome.acknowledged[kind].length))).toBeGreaterThanOrEqual(2), {
    timeout: 90_000,
    interval: 50,
  });
  await server.stop("SIGKILL");
  killed = true;
  await Promise.all(loops);
  return outcome;
}

/** What the database holds for the burst's addresses, and every image row. */
async function storedWrites(db: Database, outcome: BurstOutcome) {
  const emails = (kind: Kind) => (outcome.acknowledged[kind].length ? outcome.acknowledged[kind] : ["none"]);
  const booked = await db
    .select({ email: appointments.email })
    .from(appointments)
    .where(inArray(appointments.email, emails("booking")));
  const designs = await db
    .select({ email: customDesignSubmissions.email })
    .from(customDesignSubmissions)
    .where(inArray(customDesignSubmissions.email, emails("design")));
  const orders = await db
    .select({ email: catalogueOrders.customerEmail })
    .from(catalogueOrders)
    .where(inArray(catalogueOrders.customerEmail, emails("order")));
  const images = await db.select({ key: designRequestImages.key, thumbKey: designRequestImages.thumbKey }).from(designRequestImages);
  const ordersWithoutLines = await db
    .select({ id: catalogueOrders.id })
    .from(catalogueOrders)
    .where(notExists(db.select().from(catalogueOrderLines).where(eq(catalogueOrderLines.orderId, catalogueOrders.id))));
  return {
    booking: booked.map((row) => row.email).sort(),
    design: designs.map((row) => row.email).sort(),
    order: orders.map((row) => row.email).sort(),
    imageKeys: images.flatMap((row) => [row.key, row.thumbKey]).sort(),
    ordersWithoutLines,
  };
}

const engines = [
  { name: "PGlite in DATA_DIR", postgres: false },
  ...(postgresEngine ? [{ name: "PostgreSQL", postgres: true }] : []),
] as const;

describe.each(engines)("kill -9 mid-burst, then a start on the same data: $name", { timeout: 240_000 }, ({ postgres }) => {
  it("keeps every acknowledged booking, design request and order, and no half-written upload", async () => {
    const database = postgres ? await postgresEngine!.create() : undefined;
    onTestFinished(async () => {
      await database?.drop();
    });
    const dataDir = tempDir("boutique-crash-");
    const env = {
      ...BURST_ENV,
      DATA_DIR: dataDir,
      MAIL_TRANSPORT: "log",
      ...(database ? { DATABASE_URL: database.url, APP_URL: "http://127.0.0.1", APP_SECRET: randomBytes(32).toString("hex") } : {}),
    };
    let server = await startBoutique(env);
    // Whichever server runs when the test ends.
    onTestFinished(async () => {
      await server.stop("SIGKILL");
    });
    const outcome = await burstUntilKilled(server);
    expect(outcome.refused).toEqual([]);

    server = await startBoutique(env);
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as { database: string };
    expect(health.database).toBe("ok");
    // Embedded, the database is this process's alone: it is read once the server has stopped.
    await server.stop("SIGTERM");
    const handle: DatabaseHandle = database?.handle ?? (await openDatabase({ engine: "pglite", dataDir }));
    try {
      const stored = await storedWrites(handle.db, outcome);
      for (const kind of KINDS) expect(stored[kind], `acknowledged ${kind}s`).toEqual(expect.arrayContaining(outcome.acknowledged[kind]));
      expect(stored.ordersWithoutLines).toEqual([]);
      // Every upload file belongs to a row and every row's files are there, whole (no partial or temporary file).
      const files = filesUnder(join(dataDir, "uploads"));
      expect(files).toEqual(stored.imageKeys);
      expect(stored.imageKeys.length).toBeGreaterThanOrEqual(2 * outcome.acknowledged.design.length);
    } finally {
      if (!database) await handle.close();
    }
  });
});
