import { CalendarCog, CalendarDays, ChartColumn, LayoutDashboard, Mail, Menu, type LucideIcon } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Form, Link, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet, SheetTrigger } from "~/components/ui/sheet";
import { BRAND } from "~/lib/brand";
import { cx } from "~/lib/class-names";

/**
 * The staff console's pages, in the order the navigation lists them. A new staff page is one entry here (and its
 * route under the `admin` layout in app/routes.ts); list only pages that exist.
 */
export const ADMIN_PAGES: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/agenda", label: "Agenda", icon: CalendarDays },
  { to: "/admin/availability", label: "Availability", icon: CalendarCog },
  { to: "/admin/insights", label: "Insights", icon: ChartColumn },
  { to: "/admin/mail", label: "Mail", icon: Mail },
];

/** Who is signed in to the console. */
export interface Staff {
  name: string;
  email: string;
}

function ConsoleName() {
  return (
    <Link to="/admin/dashboard" className="inline-flex flex-col items-start leading-none">
      <span className="font-display text-2xl tracking-[0.18em] uppercase">{BRAND.name}</span>
      <span className="mt-1.5 text-[0.6rem] tracking-[0.32em] text-gold-ink uppercase">Staff console</span>
      <span className="sr-only">, {BRAND.fullName}: dashboard</span>
    </Link>
  );
}

/** The pages as a list of links, the current one marked (aria-current, from NavLink). */
function PageLinks({ onNavigate, large = false }: { onNavigate?: () => void; large?: boolean }) {
  return (
    <ul className="grid gap-1">
      {ADMIN_PAGES.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cx(
                "flex items-center gap-3 rounded-lg px-3 transition-colors hover:bg-accent",
                large ? "min-h-12 font-display text-xl" : "min-h-11 text-sm",
                isActive ? "bg-accent font-medium text-foreground" : "text-muted-foreground hover:text-foreground",
              )
            }
          >
            {({ isActive }) => (
              <>
                <Icon className={cx("size-4 shrink-0", isActive ? "text-gold-ink" : "")} aria-hidden="true" />
                {label}
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SignedIn({ staff }: { staff: Staff }) {
  return (
    <p className="min-w-0 flex-1 text-sm" title={staff.email}>
      <span className="block text-xs tracking-[0.14em] text-muted-foreground uppercase">Signed in</span>
      <span className="mt-1 block truncate font-medium">{staff.name}</span>
      <span className="block truncate text-muted-foreground">{staff.email}</span>
    </p>
  );
}

/** SPEC's Logout button: the dashboard's action signs out and sends staff to /admin/login, from any console page. */
function LogoutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/admin/dashboard" className={className}>
      <input type="hidden" name="intent" value="logout" />
      <Button type="submit" variant="outline" size="sm" className="w-full">
        Logout
      </Button>
    </Form>
  );
}

/** At phone widths the pages fold into a menu: a button opening a sheet with the links and who is signed in. */
function ConsoleMenu({ staff, themeToggle }: { staff: Staff; themeToggle: ReactNode }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button asChild variant="quiet" size="icon">
        <SheetTrigger ref={trigger} open={open} onClick={() => setOpen(true)} aria-label="Open staff menu">
          <Menu className="size-5" aria-hidden="true" />
        </SheetTrigger>
      </Button>
      <Sheet open={open} onOpenChange={setOpen} triggerRef={trigger} side="left" title="Staff console" description={BRAND.fullName}>
        <nav aria-label="Staff console" className="px-3 py-4">
          <PageLinks large onNavigate={() => setOpen(false)} />
        </nav>
        <div className="mx-6 flex min-w-0 items-end justify-between gap-4 border-t border-border py-4">
          <SignedIn staff={staff} />
          {themeToggle}
        </div>
      </Sheet>
    </>
  );
}

/**
 * The staff console's shell (DESIGN: the admin has a shell of its own, no storefront chrome): the boutique's name,
 * the pages, who is signed in and Logout. A sidebar from 768 px; below, a bar whose menu opens the pages in a sheet.
 * `themeToggle` comes from the route (the toggle lives with the site's layout, which modules do not import).
 */
export function AdminConsole({ staff, themeToggle, children }: { staff: Staff; themeToggle: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-1 flex-col md:flex-row">
      <header className="sticky top-0 z-30 flex print:hidden items-center justify-between gap-3 border-b border-border bg-background/95 px-4 py-3 backdrop-blur md:hidden">
        <ConsoleName />
        <div className="flex items-center gap-1">
          <ConsoleMenu staff={staff} themeToggle={themeToggle} />
          <LogoutButton />
        </div>
      </header>
      <aside className="hidden shrink-0 print:hidden border-r border-border bg-surface md:sticky md:top-0 md:flex md:h-dvh md:w-64 md:flex-col md:gap-8 md:px-5 md:py-7">
        <ConsoleName />
        <nav aria-label="Staff console" className="-mx-2">
          <PageLinks />
        </nav>
        <div className="mt-auto grid grid-cols-[minmax(0,1fr)] gap-4 border-t border-border pt-5">
          <div className="flex min-w-0 items-end justify-between gap-2">
            <SignedIn staff={staff} />
            {themeToggle}
          </div>
          <LogoutButton />
        </div>
      </aside>
      <main id="main" className="flex min-w-0 flex-1 flex-col">
        {children}
      </main>
    </div>
  );
}

/**
 * A console page's heading: the eyebrow, the page's one h1, an optional line under it, and what sits at its right
 * (the live-updates status, a page's own buttons). Every staff page starts with it, inside the console's main.
 */
export function AdminPageHeader({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <p className="eyebrow">Staff</p>
        <h1 className="mt-2 text-4xl">{title}</h1>
        {description ? <p className="mt-3 max-w-2xl text-muted-foreground">{description}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap items-center gap-3">{children}</div> : null}
    </div>
  );
}

/** The width and spacing of a console page's content. */
export const adminPageStyles = "mx-auto grid w-full max-w-7xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 md:px-8 md:py-10";
