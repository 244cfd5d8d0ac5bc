// The audit trail of the dashboard's changes, in audit_log: who (the admin's
// id and email), when, what (table and row), from and to. Entries are never
// deleted with their row, so a deleted row's history stays.
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { formatDay, formatSlot } from "~/lib/format";
import type { AvailabilityChange } from "~/modules/fittings/types";
import type { DashboardTab } from "./admin";
import { TABLE_NAMES } from "./dashboard-read-model.server";
import type { ActivityEntry, HistoryEntry } from "./types";

export interface Actor {
  id: string;
  email: string;
}

export async function recordChange(
  db: Executor,
  entry: {
    actor: Actor;
    action: HistoryEntry["action"];
    tab: DashboardTab;
    id: string;
    from: string | null;
    to: string | null;
    label: string;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    action: entry.action,
    entity: TABLE_NAMES[entry.tab],
    entityId: entry.id,
    details: { from: entry.from, to: entry.to, actorEmail: entry.actor.email, label: entry.label },
  });
}

/** Where staff's availability changes are filed: entity_id is the day ('2026-12-07') or the slot ('2026-12-07 10:00'). */
export const AVAILABILITY_ENTITY = "fitting_availability";

/** Records a change of /admin/availability (a day closed or reopened, a slot blocked, seats), inside its transaction. */
export async function recordAvailabilityChange(
  db: Executor,
  entry: { actor: Actor; action: string; date: string; time: string | null; from: string; to: string; label: string },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    action: entry.action,
    entity: AVAILABILITY_ENTITY,
    entityId: entry.time ? `${entry.date} ${entry.time}` : entry.date,
    details: { from: entry.from, to: entry.to, actorEmail: entry.actor.email, label: entry.label },
  });
}

const AUDIT_ACTIONS: readonly HistoryEntry["action"][] = ["status-change", "delete", "reschedule", "cancel"];

type AuditRaw = { id: number; action: string; entity: string; entity_id: string; details: unknown; created_at: unknown };

function toEntry(row: AuditRaw): HistoryEntry & { label: string } {
  const details = (typeof row.details === "string" ? JSON.parse(row.details) : (row.details ?? {})) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  return {
    id: Number(row.id),
    at: row.created_at instanceof Date ? row.created_at.toISOString() : new Date(String(row.created_at)).toISOString(),
    action: AUDIT_ACTIONS.find((action) => action === row.action) ?? "status-change",
    from: str(details.from),
    to: str(details.to),
    actor: str(details.actorEmail) ?? "unknown",
    label: str(details.label) ?? "",
  };
}

/** The history of the rows on one page, newest first, in one indexed query (audit_log_entity_idx). */
export async function historyFor(db: Executor, tab: DashboardTab, ids: string[]): Promise<Map<string, HistoryEntry[]>> {
  const byId = new Map<string, HistoryEntry[]>();
  if (ids.length === 0) return byId;
  const rows = await queryRows<AuditRaw>(
    db,
    sql`select id, action, entity, entity_id, details, created_at from audit_log
        where entity = ${TABLE_NAMES[tab]} and entity_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by created_at desc nulls last, id desc limit 500`,
  );
  for (const row of rows) {
    const list = byId.get(row.entity_id) ?? [];
    const { label: _label, ...entry } = toEntry(row);
    list.push(entry);
    byId.set(row.entity_id, list);
  }
  return byId;
}

/** The latest changes across the three tables, deletions included (audit_log_created_at_idx). */
export async function recentActivity(db: Executor, limit = 10): Promise<ActivityEntry[]> {
  const rows = await queryRows<AuditRaw>(
    db,
    sql`select id, action, entity, entity_id, details, created_at from audit_log
        where entity in (${sql.join(
          Object.values(TABLE_NAMES).map((t) => sql`${t}`),
          sql`, `,
        )})
        order by created_at desc nulls last limit ${limit}`,
  );
  const tabOf = (entity: string) => (Object.entries(TABLE_NAMES).find(([, t]) => t === entity)?.[0] ?? "submissions") as DashboardTab;
  return rows.map((row) => ({ ...toEntry(row), entity: tabOf(row.entity), entityId: row.entity_id }));
}

/** The audit of a change to the fitting room's availability (the fittings module's `within`): who, which day or slot, from and to. */
export function auditAvailability(actor: Actor) {
  return (tx: Executor, change: AvailabilityChange) =>
    recordAvailabilityChange(tx, {
      actor,
      ...change,
      label: change.time ? formatSlot(change.date, change.time) : formatDay(change.date, "weekday"),
    });
}
