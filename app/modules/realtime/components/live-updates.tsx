import { useEffect, useEffectEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { cx } from "~/lib/class-names";
import { connectLiveUpdates, type LiveStatus } from "../live-updates";

export const ADMIN_EVENTS_URL = "/api/admin/events";

const LABELS: Record<LiveStatus, string> = {
  connecting: "",
  live: "Live updates on",
  reconnecting: "Reconnecting live updates…",
  paused: "Live updates paused. Use Refresh to see new changes.",
  ended: "Live updates ended: this session no longer has admin access.",
};

/**
 * Reloads the page's data (its loaders) whenever one of the admin tables
 * changes, on this instance or another (SPEC §4: data reloads on any change
 * notification). Shows a small polite status: a dot while live, words when
 * the connection is down. Renders nothing on the server.
 */
export function LiveUpdates({
  url = ADMIN_EVENTS_URL,
  debounceMs = 100,
  className,
}: {
  url?: string;
  debounceMs?: number;
  className?: string;
}) {
  const revalidator = useRevalidator();
  const reload = useEffectEvent(() => void revalidator.revalidate());
  const [status, setStatus] = useState<LiveStatus | null>(null);

  useEffect(
    () =>
      connectLiveUpdates({
        url,
        debounceMs,
        onChange: () => reload(),
        onStatus: setStatus,
      }),
    [url, debounceMs],
  );

  const label = status ? LABELS[status] : "";
  return (
    <p
      role="status"
      aria-live="polite"
      data-live-status={status ?? "off"}
      className={cx("inline-flex min-h-6 items-center gap-2 text-xs text-muted-foreground", className)}
    >
      {status && status !== "connecting" ? (
        <>
          <span
            aria-hidden="true"
            className={cx(
              "size-2 rounded-full",
              status === "live" ? "bg-gold motion-safe:animate-pulse" : "border border-muted-foreground",
            )}
          />
          <span>{label}</span>
        </>
      ) : null}
    </p>
  );
}
