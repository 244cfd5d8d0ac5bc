import { useEffect } from "react";
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { Toaster } from "sonner";
import type { Route } from "./+types/root";
import { Button } from "~/components/ui/button";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { ThemeScript } from "~/components/layout/theme-script";
import { servicesContext } from "~/lib/context.server";
import { InlineStyles } from "~/lib/inline-styles";
import { useNonce } from "~/lib/nonce";
import { BrandIntro } from "~/modules/brand/components/effects/brand-intro";
import { GoldenCursor } from "~/modules/brand/components/effects/golden-cursor";
import stylesheet from "~/styles/app.css?url";
import cormorantLatin from "@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

export function loader({ context }: Route.LoaderArgs) {
  // Pages build canonical and Open Graph URLs from the public origin.
  return { appUrl: context.get(servicesContext).env.APP_URL.replace(/\/$/, "") };
}

// The origin never changes while the server runs: no need to ask again on navigation.
export const shouldRevalidate = () => false;

export const links: Route.LinksFunction = () => [
  // Fetched alongside the stylesheet rather than after it, so that with
  // `font-display: optional` the fonts are in time for the first paint.
  { rel: "preload", href: cormorantLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  // In production the stylesheet is inlined by the server (lib/inline-styles.tsx).
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf8f3" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#151412" media="(prefers-color-scheme: dark)" />
        <ThemeScript />
        <Meta />
        <Links />
        <InlineStyles />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        {/* Accounts come with their own issue; until then nobody is signed in. */}
        <SiteHeader viewer={null} />
        <main id="main" className="flex flex-1 flex-col">
          {children}
        </main>
        <SiteFooter />
        <Toaster position="top-center" closeButton />
        <BrandIntro />
        <GoldenCursor />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Marks the moment the page became interactive (browser tests wait for it).
    document.documentElement.dataset.hydrated = "true";
  }, []);
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
