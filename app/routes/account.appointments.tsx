import type { Route } from "./+types/account.appointments";
import { servicesContext } from "~/lib/context.server";
import { ACCOUNT_MESSAGES } from "~/modules/accounts/accounts";
import { requireUser } from "~/modules/accounts/accounts.server";
import { listAppointments } from "~/modules/fittings/fittings.server";
import { formatSlot } from "~/lib/format";
import { EmptyTab } from "~/modules/accounts/components/account-answer";
import { StatusBadge } from "~/modules/admin/components/status-badge";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { appointments: await listAppointments(context.get(servicesContext).database.db, user.id) };
}

export default function AppointmentsTab({ loaderData }: Route.ComponentProps) {
  if (loaderData.appointments.length === 0) return <EmptyTab>{ACCOUNT_MESSAGES.noAppointments}</EmptyTab>;
  return (
    <ul className="grid gap-3">
      {loaderData.appointments.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
          <div>
            <p className="font-medium capitalize">{a.appointmentType}</p>
            <p className="text-sm text-muted-foreground">{formatSlot(a.preferredDate, a.preferredTime)}</p>
          </div>
          <StatusBadge status={a.status} />
        </li>
      ))}
    </ul>
  );
}
