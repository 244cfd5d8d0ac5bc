import { CalendarPlus, CalendarClock, CalendarX } from "lucide-react";
import { useEffect, useId, useRef, type MouseEventHandler } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Thumbnail } from "~/components/ui/thumbnail";
import { formatDuration, formatSlot } from "~/lib/format";
import type { FittingConfirmation, PullItem } from "../types";

/** A gown of a pull list as one line: its picture, small, and its title. */
export function PullItemLabel({ item }: { item: PullItem }) {
  return (
    <>
      {item.imageUrl ? <Thumbnail image={{ url: item.imageUrl }} width={40} height={40} className="size-10 shrink-0 object-cover" /> : null}
      <span className="min-w-0 truncate text-sm">{item.title}</span>
    </>
  );
}

/**
 * What she booked, where it stays after the toast has gone: the slot in the
 * boutique's time, the place and length, the gowns to be pulled, the mail's
 * invitation to download, and the mailed link's pages to move or cancel it.
 * Focus moves to its heading when it appears. The same panel is the booking
 * action's answer without JavaScript.
 */
export function FittingConfirmationPanel({
  booking,
  onBookAnother,
}: {
  booking: FittingConfirmation;
  /** With JavaScript: back to a fresh form on this page (the link still goes to /fitting-room without it). */
  onBookAnother?: MouseEventHandler<HTMLAnchorElement>;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const rows = [
    { label: "When", value: formatSlot(booking.date, booking.time) },
    { label: "Where", value: booking.address },
    { label: "Length", value: formatDuration(booking.minutes) },
  ];
  return (
    <section aria-labelledby={headingId} className="grid gap-8">
      <div>
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-3xl outline-none sm:text-4xl">
          Your fitting is booked
        </h2>
        <p className="mt-3 leading-relaxed text-muted-foreground">
          A confirmation email with the invitation is on its way to <span className="break-all text-foreground">{booking.email}</span>.
        </p>
      </div>

      <dl className="grid gap-4 border-y border-border py-6 sm:grid-cols-[auto_1fr] sm:gap-x-8">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-xs tracking-[0.18em] text-muted-foreground uppercase sm:pt-1">{row.label}</dt>
            <dd className="-mt-3 text-lg sm:mt-0">{row.value}</dd>
          </div>
        ))}
      </dl>

      {booking.pullList.length > 0 ? (
        <div>
          <h3 className="font-sans text-xs tracking-[0.18em] text-muted-foreground uppercase">Gowns we will have ready</h3>
          <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {booking.pullList.map((item) => (
              <li key={item.productId} className="flex min-w-0 items-center gap-3 border border-border px-3 py-2">
                <PullItemLabel item={item} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="grid gap-3 sm:grid-cols-2">
        <Button asChild className="sm:col-span-2">
          {/* A file to download (the mail's .ics), not a page: a plain link. */}
          <a href={booking.links.calendar} download="fitting.ics">
            <CalendarPlus aria-hidden="true" className="size-4" />
            Add to calendar
          </a>
        </Button>
        {[
          { to: booking.links.reschedule, Icon: CalendarClock, label: "Reschedule" },
          { to: booking.links.cancel, Icon: CalendarX, label: "Cancel" },
        ].map(({ to, Icon, label }) => (
          <Button key={label} asChild variant="outline">
            <Link to={to}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Link>
          </Button>
        ))}
      </div>

      <p className="border-t border-border pt-6">
        <Button asChild variant="ghost">
          <Link to="/fitting-room" onClick={onBookAnother}>
            Book another fitting
          </Link>
        </Button>
      </p>
    </section>
  );
}
