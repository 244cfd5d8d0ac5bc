import { Badge } from "~/components/ui/badge";
import { statusBadgeVariant } from "../admin";

/**
 * A design request's, an appointment's, an order's or a subscriber's status as SPEC §4 styles it: pending
 * secondary, cancelled destructive, the rest default. The one status badge: the dashboard and the account use it.
 * A booking with no status yet (null) reads "pending".
 */
export function StatusBadge({ status, className }: { status: string | null; className?: string }) {
  return (
    <Badge variant={statusBadgeVariant(status)} className={className}>
      {status ?? "pending"}
    </Badge>
  );
}
