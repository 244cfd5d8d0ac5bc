import { Menu } from "lucide-react";
import { useRef, useState } from "react";
import { NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet, SheetTrigger } from "~/components/ui/sheet";
import { ADMIN_LINK, NAV_LINKS, type Viewer } from "./navigation";
import { ThemeToggle } from "./theme-toggle";

export function MobileMenu({ viewer }: { viewer: Viewer | null }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const links = viewer?.isAdmin ? [...NAV_LINKS, ADMIN_LINK] : NAV_LINKS;
  return (
    <>
      <Button asChild variant="quiet" size="icon" className="lg:hidden">
        <SheetTrigger ref={trigger} open={open} onClick={() => setOpen(true)} aria-label="Open menu">
          <Menu className="size-5" aria-hidden="true" />
        </SheetTrigger>
      </Button>
      <Sheet open={open} onOpenChange={setOpen} triggerRef={trigger} side="left" title="Menu">
        <nav aria-label="Main" className="px-3 py-4">
          <ul className="flex flex-col">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-3 font-display text-xl transition-colors hover:bg-accent ${isActive ? "text-gold-ink" : ""}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mx-6 flex items-center justify-between border-t border-border py-4">
          <NavLink
            to={viewer ? "/account" : "/auth"}
            onClick={() => setOpen(false)}
            className="text-sm tracking-[0.15em] uppercase hover:text-gold-ink"
          >
            {viewer ? "My Account" : "Sign In"}
          </NavLink>
          <ThemeToggle />
        </div>
      </Sheet>
    </>
  );
}
