import { readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boutiqueDatePlus } from "../helpers/boutique-date";
import { grantAdminRole, startBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { startLocalS3, type LocalS3 } from "../helpers/s3-server";
import { cookieFrom, designForm, signUpShopper } from "../helpers/shoppers";

// Issue 26 on the built server: no silent deletes. Deleting a design request removes its images from the store (a
// folder in DATA_DIR, and an S3 bucket on a local S3-protocol server); deleting a fitting still to come is refused
// with "Cancel it first" and the row stays. The CSV read along the way gives each time in words and in ISO 8601
// with the boutique's offset (America/New_York, the default BOUTIQUE_TIME_ZONE).

const ADMIN_EMAIL = "atelier@example.com";
const statuses: number[] = [];

/** Every file below `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

/** The CSV of a dashboard view, as records of its header's names. */
async function exportRows(server: BoutiqueServer, admin: string, query: string): Promise<Record<string, string>[]> {
  const response = await fetch(`${server.url}/admin/dashboard/export?${query}`, { headers: { cookie: admin } });
  statuses.push(response.status);
  expect(response.status).toBe(200);
  const [header, ...lines] = (await response.text())
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean);
  // Our own rows hold no quote or comma, so a plain split reads them.
  const cells = (line: string) => line.slice(1, -1).split('","');
  const names = cells(header!);
  return lines.map((line) => Object.fromEntries(cells(line).map((value, i) => [names[i]!, value])));
}

/** Posts the dashboard's form as a browser without JavaScript does; answers the flash message it is sent back with. */
async function dashboardPost(server: BoutiqueServer, admin: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(`${server.url}/admin/dashboard`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: admin, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  statuses.push(response.status);
  expect(response.status).toBe(302);
  const flash = cookieFrom(response).match(/hive_flash=([^;]+)/)?.[1];
  expect(flash, "a flash message").toBeTruthy();
  return (JSON.parse(Buffer.from(flash!, "base64url").toString("utf8")) as { message: string }).message;
}

async function sendRequestWithPhoto(server: BoutiqueServer, name: string): Promise<void> {
  const body = designForm({
    name,
    email: "ada@example.com",
    eventType: "wedding",
    vision: "A long lace gown with a low back",
    budget: "2500-5000",
  });
  const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#d4a5a5" } })
    .jpeg()
    .toBuffer();
  body.append("images", new File([new Uint8Array(photo)], "veil.jpg", { type: "image/jpeg" }));
  const response = await fetch(`${server.url}/custom-design/submit`, { method: "POST", body });
  statuses.push(response.status);
  expect(response.status).toBe(200);
}

/** Starts a boutique, signs its admin in; `env` picks the image store. */
async function boutiqueWithAdmin(env: Record<string, string>) {
  const server = await startBoutique({ ADMIN_EMAILS: ADMIN_EMAIL, ...env }, { startTimeoutMs: 180_000 });
  const admin = await signUpShopper(server.url, "Bea Boss", ADMIN_EMAIL);
  await grantAdminRole(ADMIN_EMAIL, server.dataDir);
  return { server, admin };
}

afterAll(() => {
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
});

describe("deletes on the built server, images in a folder", { timeout: 240_000 }, () => {
  let server: BoutiqueServer;
  let admin = "";
  beforeAll(async () => {
    ({ server, admin } = await boutiqueWithAdmin({}));
  }, 300_000);
  afterAll(async () => {
    await server?.stop("SIGTERM");
  });

  it("exports each time in words and in ISO 8601 with the boutique's offset, and budgets by their label", async () => {
    await sendRequestWithPhoto(server, "Ada Folder");
    const [row] = await exportRows(server, admin, "tab=submissions&q=Ada%20Folder");
    expect(row!.budget).toBe("$2,500 - $5,000");
    expect(row!.event_type).toBe("Wedding");
    expect(row!.created_at_iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[45]:00$/);
    expect(Math.abs(Date.parse(row!.created_at_iso!) - Date.now())).toBeLessThan(10 * 60_000);
    expect(row!.created_at).toMatch(/^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/);
  });

  it("deleting a design request removes its image and thumbnail from the folder", async () => {
    const uploads = join(server.dataDir, "uploads");
    const before = filesUnder(uploads);
    expect(before.filter((file) => file.endsWith(".webp"))).toHaveLength(2);
    const [row] = await exportRows(server, admin, "tab=submissions&q=Ada%20Folder");
    expect(await dashboardPost(server, admin, { intent: "delete", tab: "submissions", id: row!.id! })).toBe("Item deleted successfully");
    expect(filesUnder(uploads).filter((file) => file.endsWith(".webp"))).toEqual([]);
  });

  it("refuses to delete a fitting still to come: 'Cancel it first', and the row stays", async () => {
    const date = boutiqueDatePlus(14);
    const booking = await fetch(`${server.url}/fitting-room`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Cora Upcoming", email: "cora@example.com", date, time: "14:00" }),
    });
    statuses.push(booking.status);
    expect(booking.status).toBe(200);
    const [fitting] = await exportRows(server, admin, "tab=appointments&q=Cora%20Upcoming");
    expect(fitting!.preferred_time).toBe("2:00 PM");
    expect(fitting!.preferred_at_iso).toMatch(new RegExp(`^${date}T14:00:00-0[45]:00$`));
    expect(await dashboardPost(server, admin, { intent: "delete", tab: "appointments", id: fitting!.id! })).toBe("Cancel it first");
    expect(await exportRows(server, admin, "tab=appointments&q=Cora%20Upcoming")).toHaveLength(1);
    // Cancelled (the customer is mailed), it may go.
    expect(await dashboardPost(server, admin, { intent: "cancel-fitting", id: fitting!.id! })).toBe("Appointment cancelled successfully");
    expect(await dashboardPost(server, admin, { intent: "delete", tab: "appointments", id: fitting!.id! })).toBe(
      "Item deleted successfully",
    );
  });
});

describe("deletes on the built server, images in S3", { timeout: 240_000 }, () => {
  let s3: LocalS3;
  let server: BoutiqueServer;
  let admin = "";
  beforeAll(async () => {
    s3 = await startLocalS3();
    ({ server, admin } = await boutiqueWithAdmin(s3.env));
  }, 300_000);
  afterAll(async () => {
    await server?.stop("SIGTERM");
    await s3?.stop();
  });

  it("deleting a design request removes its image and thumbnail from the bucket", async () => {
    await sendRequestWithPhoto(server, "Ada Bucket");
    expect(s3.keys()).toHaveLength(2);
    const [row] = await exportRows(server, admin, "tab=submissions&q=Ada%20Bucket");
    expect(await dashboardPost(server, admin, { intent: "delete", tab: "submissions", id: row!.id! })).toBe("Item deleted successfully");
    expect(s3.keys()).toEqual([]);
  });
});
