import { Clock, MapPin, Phone } from "lucide-react";
import { BRAND } from "~/lib/brand";

/** SPEC's studio box: where the fitting room is and when it is open (Mon-Sat, 10am-6pm). */
export function StudioBox() {
  return (
    <aside aria-labelledby="studio-heading" className="border border-border bg-surface p-8">
      <p className="eyebrow">Visit the studio</p>
      <h2 id="studio-heading" className="mt-3 text-3xl">
        Our Fitting Studio
      </h2>
      <ul className="mt-6 space-y-4 text-muted-foreground">
        <li className="flex gap-3">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-ink" />
          <span>
            {BRAND.street}
            <br />
            {BRAND.city}, {BRAND.region} {BRAND.postalCode}
          </span>
        </li>
        <li className="flex gap-3">
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-ink" />
          <span>{BRAND.hours}</span>
        </li>
        <li className="flex gap-3">
          <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-ink" />
          <a href={`tel:${BRAND.phone.replace(/[^\d+]/g, "")}`} className="underline decoration-gold/60 underline-offset-4">
            {BRAND.phone}
          </a>
        </li>
      </ul>
      <p className="mt-6 text-sm leading-relaxed text-muted-foreground">
        Appointments last about an hour. You are welcome to bring up to 2 guests.
      </p>
    </aside>
  );
}
