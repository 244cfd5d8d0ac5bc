import { User } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { BagSheet } from "~/modules/cart/components/bag-sheet";
import { fetchSearchHits, requestCheckout } from "~/modules/catalogue/catalogue";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { MainNav } from "./main-nav";
import type { Viewer } from "./navigation";
import { SearchPopover } from "./search-popover";
import { ThemeToggle } from "./theme-toggle";

export function SiteHeader({ viewer }: { viewer: Viewer | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto grid h-18 max-w-7xl grid-cols-[1fr_auto_1fr] items-center gap-2 px-3 sm:px-6 lg:h-20">
        <div className="flex items-center">
          <MobileMenu viewer={viewer} />
          <SearchPopover fetchHits={fetchSearchHits} />
        </div>
        <div className="justify-self-center">
          <Logo />
        </div>
        <div className="flex items-center justify-end">
          <div className="hidden lg:block">
            <ThemeToggle />
          </div>
          {/* SPEC §2: the account link or the Sign In link, in the header at every width (a phone's is an icon). */}
          {viewer ? (
            <Button asChild variant="quiet" size="icon">
              <Link to="/account" aria-label="My account">
                <User className="size-5" aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="quiet" size="icon" className="lg:hidden">
                <Link to="/auth" aria-label="Sign In">
                  <User className="size-5" aria-hidden="true" />
                </Link>
              </Button>
              <Link
                to="/auth"
                className="hidden h-11 items-center px-3 text-xs tracking-[0.18em] uppercase hover:text-gold-ink lg:inline-flex"
              >
                Sign In
              </Link>
            </>
          )}
          <BagSheet createCheckout={requestCheckout} />
        </div>
      </div>
      <MainNav
        viewer={viewer}
        className="hidden border-t border-border/60 lg:block"
        listClassName="mx-auto flex max-w-7xl items-center justify-center gap-1 px-6"
        linkClassName={(isActive) =>
          `relative inline-flex h-11 items-center px-3.5 text-[0.7rem] tracking-[0.2em] uppercase transition-colors hover:text-gold-ink after:absolute after:inset-x-3.5 after:bottom-2 after:h-px after:origin-left after:scale-x-0 after:bg-gold after:transition-transform hover:after:scale-x-100 ${isActive ? "text-gold-ink after:scale-x-100" : ""}`
        }
      />
    </header>
  );
}
