import type { Route } from "./+types/account.design-requests";
import { servicesContext } from "~/lib/context.server";
import { ACCOUNT_MESSAGES } from "~/modules/accounts/accounts";
import { requireUser } from "~/modules/accounts/accounts.server";
import { formatDate, formatDay } from "~/lib/format";
import { EmptyTab } from "~/modules/accounts/components/account-answer";
import { StatusBadge } from "~/modules/admin/components/status-badge";
import { InspirationThumbnails } from "~/modules/design-requests/components/inspiration-thumbnails";
import { imagesOfDesignRequests, listDesignRequests } from "~/modules/design-requests/design-requests.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const db = context.get(servicesContext).database.db;
  const requests = await listDesignRequests(db, user.id);
  const images = await imagesOfDesignRequests(
    db,
    requests.map((r) => r.id),
  );
  return {
    timeZone: context.get(servicesContext).env.BOUTIQUE_TIME_ZONE,
    designRequests: requests.map((r) => ({
      ...r,
      images: (images.get(r.id) ?? []).map(({ id, url, thumbUrl }) => ({ id, url, thumbUrl })),
    })),
  };
}

export default function DesignRequestsTab({ loaderData }: Route.ComponentProps) {
  if (loaderData.designRequests.length === 0) return <EmptyTab>{ACCOUNT_MESSAGES.noDesignRequests}</EmptyTab>;
  return (
    <ul className="grid gap-3">
      {loaderData.designRequests.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
          <div>
            <p className="font-medium capitalize">{r.eventType} gown</p>
            <p className="text-sm text-muted-foreground">
              Sent {formatDate(r.createdAt, loaderData.timeZone, "short")}
              {r.eventDate ? ` · event on ${formatDay(r.eventDate, "short")}` : ""}
            </p>
          </div>
          <StatusBadge status={r.status} />
          {r.images.length > 0 ? (
            <InspirationThumbnails
              images={r.images}
              label={`Inspiration images for your ${r.eventType} gown`}
              className="grid w-full grid-cols-[repeat(auto-fill,4rem)] gap-2"
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
