import { describe, expect, it, vi, onTestFinished } from "vitest";
import { openDatabase } from "~/db/client.server";
import { designRequestImages } from "~/db/schema/design-requests";
import { startBoutique } from "../helpers/boutique-server";
import { BURST_ENV, sendDesignRequest } from "../helpers/outage-traffic";
import { startLocalS3 } from "../helpers/s3-server";

// The S3 server stops answering in the middle of a burst of design requests with two photos each, and comes back
// on the same port with the same objects: the shopper is told in the form's own words (SPEC: 'Failed to submit.
// Please try again.', what she typed kept), no picture or thumbnail of a refused request stays in the bucket, and
// requests succeed again once S3 is back.

const PHOTOS = 2;
const FAILED = "Failed to submit. Please try again.";

describe("S3 unavailable during uploads", { timeout: 240_000 }, () => {
  it("refuses plainly while S3 is gone, leaves nothing half-stored, and works again when it is back", async () => {
    const bucket = await startLocalS3();
    onTestFinished(async () => {
      await bucket.stop();
    });
    const running = await startBoutique({ ...BURST_ENV, ...bucket.env });
    onTestFinished(async () => {
      await running.stop("SIGKILL");
    });

    let sent = 0;
    let paused = false;
    const acknowledged: string[] = [];
    const refusedWhilePaused: { status: number | string; formError?: string; name?: string }[] = [];
    const loop = async () => {
      let refusals = 0;
      while (refusals < 2) {
        const email = `s3-${sent++}@burst.example`;
        const answer = await sendDesignRequest(running.url, email, PHOTOS);
        if (answer.acknowledged) acknowledged.push(email);
        else {
          const body = answer.body as { formError?: string; values?: { name?: string } } | undefined;
          refusedWhilePaused.push({ status: answer.status, formError: body?.formError, name: body?.values?.name });
          // A refusal before the pause fails below: every one is listed.
          if (paused) refusals += 1;
        }
      }
    };
    const loops = [loop(), loop()];
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(1), { timeout: 90_000, interval: 50 });
    await bucket.pause();
    paused = true;
    await Promise.all(loops);

    expect(refusedWhilePaused.length).toBeGreaterThanOrEqual(4);
    for (const refusal of refusedWhilePaused) expect(refusal).toEqual({ status: 503, formError: FAILED, name: "Ada Burst" });

    await bucket.resume();
    const again = await sendDesignRequest(running.url, "s3-back@burst.example", PHOTOS);
    expect(again.status).toBe(200);
    acknowledged.push("s3-back@burst.example");

    // What a request refused halfway had stored is removed once S3 answers again: the bucket holds the picture and
    // thumbnail of each acknowledged request's photos, and nothing else.
    await vi.waitFor(() => expect(bucket.keys()).toHaveLength(acknowledged.length * PHOTOS * 2), { timeout: 90_000, interval: 200 });
    await running.stop("SIGTERM");
    const handle = await openDatabase({ engine: "pglite", dataDir: running.dataDir });
    try {
      const rows = await handle.db
        .select({ key: designRequestImages.key, thumbKey: designRequestImages.thumbKey })
        .from(designRequestImages);
      expect(bucket.keys()).toEqual(rows.flatMap((row) => [row.key, row.thumbKey]).sort());
    } finally {
      await handle.close();
    }
  });
});
