import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import { toast, Toaster } from "~/lib/toast";
import type { Route } from "./+types/root";
import { Button } from "~/components/ui/button";
import { SiteFooter } from "~/components/layout/site-footer";
import { HydrateSeparately } from "~/components/ui/hydrate-separately";
import { SiteHeader } from "~/components/layout/site-header";
import { ThemeScript } from "~/components/layout/theme-script";
import { EarlyClicksScript, ReplayEarlyClicks } from "~/lib/early-clicks";
import { servicesContext } from "~/lib/context.server";
import { Stylesheet } from "~/lib/stylesheet";
import { useNonce } from "~/lib/nonce";
import { clearFlashCookie, getViewer, readFlash } from "~/modules/accounts/accounts.server";
import { BrandIntro } from "~/modules/brand/components/effects/brand-intro";
import { WishlistSync } from "~/modules/wishlist/components/wishlist-sync";
import { GoldenCursor } from "~/modules/brand/components/effects/golden-cursor";
import stylesheet from "~/styles/app.css?url";
// The core faces (scripts/subset-fonts.mjs makes them at build time).
import cormorantLatin from "~/styles/fonts/cormorant-garamond-core.woff2?url";
import interLatin from "~/styles/fonts/inter-core.woff2?url";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getViewer(request, context);
  const flash = readFlash(request);
  return data(
    {
      // Pages build canonical and Open Graph URLs from the public origin.
      appUrl: context.get(servicesContext).env.APP_URL.replace(/\/$/, ""),
      viewer: user ? { id: user.id, isAdmin: user.isAdmin } : null,
      flash,
    },
    flash ? { headers: { "Set-Cookie": clearFlashCookie() } } : undefined,
  );
}

/**
 * The origin never changes, but the viewer does: ask again after a form
 * was sent (sign-in, sign-out) and on the way into or out of the pages
 * where who is signed in matters, which also carries their toasts.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl }) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return true;
  const watched = /^\/(auth|account|admin)(\/|$)/;
  return watched.test(currentUrl.pathname) || watched.test(nextUrl.pathname);
};

function FlashToast() {
  const flash = useRouteLoaderData<typeof loader>("root")?.flash;
  useEffect(() => {
    if (!flash) return;
    if (flash.kind === "error") toast.error(flash.message);
    else toast.success(flash.message);
  }, [flash]);
  if (!flash) return null;
  // Before JavaScript (or without it) the message is still there to read.
  return (
    <noscript>
      <p role="status" className="mx-auto mt-4 max-w-md rounded-md border border-border px-4 py-2 text-center text-sm">
        {flash.message}
      </p>
    </noscript>
  );
}

export const links: Route.LinksFunction = () => [
  // Fetched alongside the stylesheet rather than after it, so that with
  // `font-display: optional` the fonts are in time for the first paint.
  { rel: "preload", href: cormorantLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  // In production the server inlines the stylesheet or links its file (lib/stylesheet.tsx).
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  // Pictures, not the SVG they are drawn from (public/favicon.svg): the browser draws an SVG icon as a
  // document of its own on the page's main thread (about 15–20 ms while the page loads), a PNG it just decodes.
  { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * Which shell a page wears: the storefront's (header, footer, intro, golden cursor) or, for a route whose handle
 * says `shell: "console"` (the staff console, routes/admin.tsx), none of it: the console draws its own.
 */
function useConsoleShell(): boolean {
  return useMatches().some((match) => (match.handle as { shell?: string } | undefined)?.shell === "console");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const viewer = useRouteLoaderData<typeof loader>("root")?.viewer ?? null;
  const staffConsole = useConsoleShell();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf8f3" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#151412" media="(prefers-color-scheme: dark)" />
        <ThemeScript />
        <EarlyClicksScript />
        <Meta />
        <Links />
        <Stylesheet file={import.meta.env.DEV ? null : stylesheet} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        {staffConsole ? null : <SiteHeader viewer={viewer} />}
        <FlashToast />
        {staffConsole ? (
          // The console's layout has its own <main id="main"> beside its navigation.
          children
        ) : (
          <>
            <WishlistSync userId={viewer?.id ?? null} />
            <main id="main" className="flex flex-1 flex-col">
              {children}
            </main>
          </>
        )}
        <HydrateSeparately>
          {staffConsole ? null : <SiteFooter />}
          {/* Last in the page's last part to hydrate on its own: its effect runs once the whole page has hydrated. */}
          <ReplayEarlyClicks />
        </HydrateSeparately>
        {/* Below the site header (--toast-top in app.css). */}
        <Toaster position="top-center" closeButton offset={{ top: "var(--toast-top)" }} mobileOffset={{ top: "var(--toast-top)" }} />
        {staffConsole ? null : (
          <>
            <BrandIntro />
            <GoldenCursor />
          </>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The router's generic fallback (SPEC §2): 'Unexpected Application Error!' with the status or message. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let detail = "Something went wrong on our side.";
  if (isRouteErrorResponse(error)) {
    detail = `${error.status} ${error.statusText}`.trim();
  } else if (error instanceof Error && error.message) {
    detail = error.message;
  }
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-6 py-24 text-center">
      <p className="eyebrow">Our apologies</p>
      <h1 className="mt-4 text-4xl sm:text-5xl">Unexpected Application Error!</h1>
      <p className="mt-4 text-muted-foreground">{detail}</p>
      <Button asChild className="mt-10">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
