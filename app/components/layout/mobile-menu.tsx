import { Menu } from "lucide-react";
import { useRef, useState } from "react";
import { NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet, SheetTrigger } from "~/components/ui/sheet";
import { MainNav } from "./main-nav";
import type { Viewer } from "./navigation";
import { ThemeToggle } from "./theme-toggle";

export function MobileMenu({ viewer }: { viewer: Viewer | null }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button asChild variant="quiet" size="icon" className="lg:hidden">
        <SheetTrigger ref={trigger} open={open} onClick={() => setOpen(true)} aria-label="Open menu">
          <Menu className="size-5" aria-hidden="true" />
        </SheetTrigger>
      </Button>
      <Sheet open={open} onOpenChange={setOpen} triggerRef={trigger} side="left" title="Menu">
        <MainNav
          viewer={viewer}
          className="px-3 py-4"
          listClassName="flex flex-col"
          linkClassName={(isActive) =>
            `block rounded-lg px-3 py-3 font-display text-xl transition-colors hover:bg-accent ${isActive ? "text-gold-ink" : ""}`
          }
          onNavigate={() => setOpen(false)}
        />
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
