import { Link } from "react-router";
import { BRAND } from "~/lib/brand";

export function Logo() {
  return (
    <Link to="/" className="group inline-flex flex-col items-start leading-none">
      <span className="font-display text-2xl tracking-[0.18em] uppercase sm:text-[1.7rem]">{BRAND.name}</span>{" "}
      <span className="mt-1 text-[0.6rem] tracking-[0.32em] text-gold-ink uppercase">Bridal &amp; Formal</span>
    </Link>
  );
}
