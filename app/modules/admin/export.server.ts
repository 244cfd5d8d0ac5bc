// The admin module's CSV export, behind admin.server.ts: what a dashboard view
// shows, streamed in keyset batches.
import type { Database } from "~/db/client.server";
import { isoDateIn } from "~/lib/format";
import { tabInfo } from "./admin";
import { attachmentHeader, csvFileName, csvLine } from "./csv";
import { EXPORT_COLUMNS, exportBatches } from "./dashboard-read-model.server";
import type { DashboardView } from "./types";

/**
 * Rows per batch. In a million-row export (tests/server/admin-export-memory.test.ts),
 * batches of 1,000 rows (about 140 KB of CSV each) grew the server by 97–102 MB
 * before the garbage collector caught up; batches of 500, by 49–50 MB in the same time.
 */
const EXPORT_BATCH_ROWS = 500;

/**
 * The CSV of what a view's search and filter show, or null when that is
 * nothing. The body streams one keyset batch at a time as the client reads
 * (pull), so memory stays flat however many rows there are.
 */
export async function exportCsv(
  db: Database,
  view: Pick<DashboardView, "tab" | "q" | "status">,
  options: { timeZone: string; now?: Date; batchSize?: number },
): Promise<{ fileName: string; headers: Record<string, string>; body: ReadableStream<Uint8Array> } | null> {
  const batches = exportBatches(db, view, options.batchSize ?? EXPORT_BATCH_ROWS);
  const first = await batches.next();
  if (first.done) return null;
  const columns = EXPORT_COLUMNS[view.tab];
  const encoder = new TextEncoder();
  let pending: typeof first.value | null = first.value;
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headerSent) {
          headerSent = true;
          // A byte-order mark, so spreadsheets read the UTF-8 names right.
          controller.enqueue(encoder.encode(`\uFEFF${csvLine(columns.map((c) => c.header))}`));
          return;
        }
        const batch = pending ?? (await batches.next().then((r) => (r.done ? null : r.value)));
        pending = null;
        if (!batch) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(batch.map((row) => csvLine(columns.map((c) => c.value(row, options.timeZone)))).join("")));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const fileName = csvFileName(tabInfo(view.tab).label, isoDateIn(options.now ?? new Date(), options.timeZone));
  return {
    fileName,
    body,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentHeader(fileName),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  };
}
