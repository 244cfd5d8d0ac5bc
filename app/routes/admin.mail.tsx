import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.mail";
import { LinkTabs } from "~/components/ui/tabs";
import { MAIL_STATUSES, type MailStatus } from "~/db/constants";
import { servicesContext } from "~/lib/context.server";
import { formatDateTime } from "~/lib/format";
import { firstMessage, parseForm, readFormData } from "~/lib/forms";
import { pageMeta } from "~/lib/seo";
import { flashRedirect, requireAdmin } from "~/modules/accounts/accounts.server";
import { AdminPageHeader, adminPageStyles } from "~/modules/admin/components/admin-nav";
import { MAIL_STATUS_LABELS, OutboxTable, type OutboxRow } from "~/modules/mail/components/outbox-table";
import { countOutbox, isMailStatus, listOutbox, retryFailedMail, type OutboxEntry } from "~/modules/mail/mail.server";
import { mailRetrySchema, RETRY_MESSAGES } from "~/modules/mail/schema";
import { LiveUpdates } from "~/modules/realtime/components/live-updates";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Mail Outbox | The Hive Bridal & Formal",
    description: "Staff: mail waiting, sent and failed.",
    path: "/admin/mail",
    noindex: true,
  });

/** The tab asked for in `?status=`; with none (or an unknown one), Failed: the mail that needs someone. */
function statusFrom(url: URL): MailStatus {
  const given = url.searchParams.get("status");
  return isMailStatus(given) ? given : "failed";
}

/** The outbox (DESIGN: failed sends stay visible to admins): one status per tab, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database, env } = context.get(servicesContext);
  const url = new URL(request.url);
  const status = statusFrom(url);
  const [page, counts] = await Promise.all([
    listOutbox(database.db, { status, before: url.searchParams.get("before") }),
    countOutbox(database.db),
  ]);
  const stamp = (date: Date) => ({ iso: date.toISOString(), text: formatDateTime(date, env.BOUTIQUE_TIME_ZONE, "short") });
  const when = (entry: OutboxEntry) =>
    entry.status === "sent" ? (entry.sentAt ? stamp(entry.sentAt) : null) : entry.status === "pending" ? stamp(entry.nextAttemptAt) : null;
  const rows: OutboxRow[] = page.entries.map((entry) => ({
    id: entry.id,
    kind: entry.kind,
    toAddress: entry.toAddress,
    subject: entry.subject,
    status: entry.status,
    attempts: entry.attempts,
    lastError: entry.lastError,
    created: stamp(entry.createdAt),
    when: when(entry),
  }));
  return { status, rows, counts, nextCursor: page.nextCursor, paged: url.searchParams.has("before") };
}

/** POST intent=retry id=<uuid>: a failed mail back in the queue, due now; the answer is a toast on the same view. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const back = `/admin/mail?status=${statusFrom(url)}`;
  const parsed = parseForm(mailRetrySchema, await readFormData(request));
  if (!parsed.ok) throw flashRedirect(back, { kind: "error", message: firstMessage(parsed) ?? RETRY_MESSAGES.invalid });
  const outcome = await retryFailedMail(services.database.db, parsed.data.id);
  if (outcome === "queued") {
    services.nudgeMail();
    services.logger.info({ mailId: parsed.data.id }, "failed mail queued again by an admin");
    throw flashRedirect(back, { kind: "success", message: RETRY_MESSAGES.queued });
  }
  throw flashRedirect(back, { kind: "error", message: outcome === "not-failed" ? RETRY_MESSAGES.notFailed : RETRY_MESSAGES.notFound });
}

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { status, rows, counts, nextCursor, paged } = loaderData;
  const navigation = useNavigation();
  const busyId =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "retry" ? String(navigation.formData.get("id")) : null;
  return (
    <section className={adminPageStyles}>
      <AdminPageHeader
        title="Mail Outbox"
        description="Every mail the boutique sends waits here until it goes. A failed mail shows why; Retry sends it once more."
      >
        <LiveUpdates />
      </AdminPageHeader>
      <LinkTabs
        label="Mail by status"
        tabs={MAIL_STATUSES.map((value) => ({
          to: `/admin/mail?status=${value}`,
          label: `${MAIL_STATUS_LABELS[value]} (${counts[value]})`,
          selected: value === status,
        }))}
      >
        <OutboxTable status={status} rows={rows} busyId={busyId} />
        {paged || nextCursor ? (
          <div className="mt-6 flex flex-wrap gap-6 text-sm">
            {paged ? (
              <Link to={`/admin/mail?status=${status}`} className="underline underline-offset-4">
                Newest
              </Link>
            ) : null}
            {nextCursor ? (
              <Link to={`/admin/mail?status=${status}&before=${encodeURIComponent(nextCursor)}`} className="underline underline-offset-4">
                Older mail
              </Link>
            ) : null}
          </div>
        ) : null}
      </LinkTabs>
    </section>
  );
}
