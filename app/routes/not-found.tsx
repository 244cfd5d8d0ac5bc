import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { Button } from "~/components/ui/button";
import { requestContext } from "~/lib/context.server";

export const meta: Route.MetaFunction = () => [{ title: "Page not found | The Hive" }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname, search } = new URL(request.url);
  // The logger takes any secret out of the path (~/lib/redact-secrets).
  context.get(requestContext).logger.warn({ path: pathname + search }, "page not found");
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="relative isolate flex flex-1 items-center justify-center overflow-hidden px-6 py-24 sm:py-32">
      {/* Drawn, not written: a decoration, so it is neither read out nor held to text contrast. */}
      <svg
        aria-hidden="true"
        viewBox="0 0 600 260"
        className="pointer-events-none absolute top-1/2 left-1/2 -z-10 w-[44rem] max-w-[140vw] -translate-x-1/2 -translate-y-1/2 text-gold/15"
      >
        <text x="300" y="215" textAnchor="middle" fill="currentColor" fontSize="250" style={{ fontFamily: "var(--font-display)" }}>
          404
        </text>
      </svg>
      <div className="max-w-xl text-center">
        <p className="eyebrow">Error 404</p>
        <h1 className="mt-5 text-4xl sm:text-6xl">Oops! Page not found</h1>
        <div className="mx-auto my-7 h-px w-16 bg-gold" />
        <p className="text-base text-muted-foreground sm:text-lg">
          The page you were looking for has slipped away like a veil in the breeze. Let us take you back to the collection.
        </p>
        <Button asChild className="mt-10">
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </section>
  );
}
