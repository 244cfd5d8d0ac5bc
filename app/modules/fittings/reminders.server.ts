// The reminder: mailed FITTING_REMINDER_LEAD_MS (24 hours) before the slot,
// once per booking. A booking made inside that window gets none: its
// confirmation is fresh.
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import { startPeriodicJob, type PeriodicJob } from "~/lib/periodic-job.server";
import type { SignedTokens } from "~/lib/signed-token.server";
import { enqueueMail } from "~/modules/mail/mail.server";
import { readAppointment } from "./appointment-rows.server";
import { reminderMail } from "./mails.server";

interface ReminderOptions {
  settings: Pick<Env, "BOUTIQUE_TIME_ZONE" | "FITTING_REMINDER_LEAD_MS">;
  appUrl: string;
  tokens: SignedTokens;
  now?: Date;
  /** At most this many per pass (the rest wait for the next). */
  batchSize?: number;
}

/**
 * Queues the reminders that have come due, each in the outbox in the same
 * transaction that marks its booking reminded. The rows are claimed with
 * FOR UPDATE SKIP LOCKED and marked only while still unmarked, so two
 * instances (or a pass that overlaps a restart) never queue one twice; a pass
 * that dies before committing leaves them for the next. A fitting kept on a
 * day staff closed (or a time they blocked) is not reminded while it stays
 * closed: staff said they would arrange it with the customer; reopened, it is
 * reminded as usual. Returns how many.
 */
export async function queueDueReminders(db: Database, options: ReminderOptions): Promise<number> {
  const now = (options.now ?? new Date()).toISOString();
  const lead = options.settings.FITTING_REMINDER_LEAD_MS;
  return db.transaction(async (tx) => {
    const due = await queryRows<{ id: string }>(
      tx,
      sql`update appointments set reminder_queued_at = ${now}::timestamptz
          where id in (
            select id from appointments
            where reminder_queued_at is null and status in ('pending', 'confirmed')
              and starts_at > ${now}::timestamptz
              and starts_at <= ${now}::timestamptz + ${lead} * interval '1 millisecond'
              and created_at < starts_at - ${lead} * interval '1 millisecond'
              and not exists (select 1 from fitting_days d where d.date = appointments.preferred_date and d.closed)
              and not exists (select 1 from fitting_slots s
                              where s.date = appointments.preferred_date and s.time = appointments.preferred_time and s.blocked)
            order by starts_at
            limit ${options.batchSize ?? 50}
            for update skip locked
          ) and reminder_queued_at is null
          returning id`,
    );
    const mailOptions = { appUrl: options.appUrl, tokens: options.tokens, timeZone: options.settings.BOUTIQUE_TIME_ZONE };
    for (const { id } of due) {
      const appointment = await readAppointment(tx, id);
      if (appointment) await enqueueMail(tx, reminderMail(appointment, mailOptions));
    }
    return due.length;
  });
}

/**
 * Looks for due reminders every FITTING_REMINDER_POLL_MS on this instance
 * (every instance may run it: the claim above keeps each reminder single) and
 * wakes the mail worker when it queued any. A failed pass is logged and tried
 * again at the next tick.
 */
export function startFittingReminders(options: {
  db: Database;
  env: Pick<Env, "BOUTIQUE_TIME_ZONE" | "FITTING_REMINDER_LEAD_MS" | "FITTING_REMINDER_POLL_MS" | "APP_URL">;
  tokens: SignedTokens;
  logger: Logger;
  nudgeMail: () => void;
}): PeriodicJob<number> {
  return startPeriodicJob({
    everyMs: options.env.FITTING_REMINDER_POLL_MS,
    fallback: 0,
    onError: (error) => options.logger.error({ err: error }, "queueing fitting reminders failed"),
    run: async () => {
      const count = await queueDueReminders(options.db, { settings: options.env, appUrl: options.env.APP_URL, tokens: options.tokens });
      if (count > 0) {
        options.logger.info({ count }, "fitting reminders queued");
        options.nudgeMail();
      }
      return count;
    },
  });
}
