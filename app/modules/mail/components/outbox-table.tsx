import { Form } from "react-router";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { MailStatus } from "~/db/constants";
import { inputAttributes } from "~/lib/forms";
import { mailRetrySchema } from "../schema";
import type { OutboxFields } from "../types";

/** One outbox row as the page shows it: dates already written out on the boutique's clock. */
export interface OutboxRow extends OutboxFields {
  created: { iso: string; text: string };
  /** Sent: when it went; pending: when the next attempt is due; failed: null. */
  when: { iso: string; text: string } | null;
}

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = { pending: "Pending", sent: "Sent", failed: "Failed" };
const BADGES: Record<MailStatus, BadgeVariant> = { pending: "secondary", sent: "default", failed: "destructive" };
/** Sent: when it went; pending: when the next attempt is due. A failed mail waits for nobody. */
const WHEN_HEADINGS: Record<MailStatus, string | null> = { pending: "Next attempt", sent: "Sent", failed: null };

/** Mail kinds are code words (`fitting-confirmation`): shown as words. */
function kindLabel(kind: string): string {
  const words = kind.replace(/[-_]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Mail";
}

/** A failed mail back in the queue: a real form, so it works before JavaScript too. */
function RetryButton({ row, busy }: { row: OutboxRow; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" {...inputAttributes(mailRetrySchema, "intent")} value="retry" />
      <input type="hidden" {...inputAttributes(mailRetrySchema, "id")} value={row.id} />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        {busy ? "Retrying..." : "Retry"}
        <span className="sr-only"> mail to {row.toAddress}</span>
      </Button>
    </Form>
  );
}

/**
 * The outbox, one status at a time: a table from 768 px, a list of cards
 * below it (eight columns do not fit a phone, and a Retry button scrolled
 * out of sight is no button).
 */
export function OutboxTable({ status, rows, busyId }: { status: MailStatus; rows: OutboxRow[]; busyId?: string | null }) {
  if (rows.length === 0) {
    return <p className="py-10 text-center text-muted-foreground">No {MAIL_STATUS_LABELS[status].toLowerCase()} mail</p>;
  }
  const label = `${MAIL_STATUS_LABELS[status]} mail`;
  const when = WHEN_HEADINGS[status];
  return (
    <>
      <ul aria-label={label} className="grid gap-4 md:hidden">
        {rows.map((row) => (
          <li key={row.id} className="relative rounded-lg border border-border bg-surface p-4">
            <div className="flex items-start justify-between gap-3">
              <p className="font-medium">{row.subject}</p>
              <Badge variant={BADGES[row.status]}>{MAIL_STATUS_LABELS[row.status]}</Badge>
            </div>
            <p className="mt-1 text-xs text-muted-foreground">{kindLabel(row.kind)}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">To</dt>
              <dd className="[overflow-wrap:anywhere]">{row.toAddress}</dd>
              <dt className="text-muted-foreground">Queued</dt>
              <dd>
                <time dateTime={row.created.iso}>{row.created.text}</time>
              </dd>
              {when ? (
                <>
                  <dt className="text-muted-foreground">{when}</dt>
                  <dd>{row.when ? <time dateTime={row.when.iso}>{row.when.text}</time> : "—"}</dd>
                </>
              ) : null}
              <dt className="text-muted-foreground">Attempts</dt>
              <dd className="tabular-nums">{row.attempts}</dd>
              {row.lastError ? (
                <>
                  <dt className="text-muted-foreground">Error</dt>
                  <dd>
                    <code className="font-mono text-xs [overflow-wrap:anywhere] text-destructive">{row.lastError}</code>
                  </dd>
                </>
              ) : null}
            </dl>
            {status === "failed" ? (
              <div className="mt-4">
                <RetryButton row={row} busy={busyId === row.id} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <OutboxRowsTable status={status} rows={rows} busyId={busyId} label={label} />
      </div>
    </>
  );
}

function OutboxRowsTable({
  status,
  rows,
  busyId,
  label,
}: {
  status: MailStatus;
  rows: OutboxRow[];
  busyId?: string | null;
  label: string;
}) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Recipient</TableHead>
          <TableHead>Subject</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Attempts</TableHead>
          <TableHead>Queued</TableHead>
          {WHEN_HEADINGS[status] ? <TableHead>{WHEN_HEADINGS[status]}</TableHead> : null}
          {status === "failed" ? (
            <>
              <TableHead>Error</TableHead>
              {/* relative: the visually hidden text is positioned inside the table's scroll box, not past the page's edge. */}
              <TableHead className="relative">
                <span className="sr-only">Actions</span>
              </TableHead>
            </>
          ) : status === "pending" ? (
            <TableHead>Last error</TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="max-w-64 min-w-44 [overflow-wrap:anywhere]">{row.toAddress}</TableCell>
            <TableCell className="min-w-56">
              <span className="block">{row.subject}</span>
              <span className="block text-xs text-muted-foreground">{kindLabel(row.kind)}</span>
            </TableCell>
            <TableCell>
              <Badge variant={BADGES[row.status]}>{MAIL_STATUS_LABELS[row.status]}</Badge>
            </TableCell>
            <TableCell className="text-right tabular-nums">{row.attempts}</TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={row.created.iso}>{row.created.text}</time>
            </TableCell>
            {WHEN_HEADINGS[status] ? (
              <TableCell className="whitespace-nowrap">{row.when ? <time dateTime={row.when.iso}>{row.when.text}</time> : "—"}</TableCell>
            ) : null}
            {status === "failed" || status === "pending" ? (
              <TableCell className="max-w-80 min-w-48 text-xs break-words">
                {row.lastError ? (
                  <code className="font-mono [overflow-wrap:anywhere] text-destructive">{row.lastError}</code>
                ) : (
                  <span className="text-muted-foreground">None</span>
                )}
              </TableCell>
            ) : null}
            {status === "failed" ? (
              <TableCell className="relative">
                <RetryButton row={row} busy={busyId === row.id} />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
