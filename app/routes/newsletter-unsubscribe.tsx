import type { Route } from "./+types/newsletter-unsubscribe";
import { TokenLanding, TokenLandingConfirm, TokenLandingLinks, TokenLandingText } from "~/components/ui/token-landing";
import { BRAND } from "~/lib/brand";
import { requestContext, servicesContext } from "~/lib/context.server";
import { privatePageMeta } from "~/lib/seo";
import { answerTokenLanding, linkToken, postedToken, tokenLandingHeaders, type TokenLandingFailure } from "~/lib/token-landing.server";
import { findSubscriptionByToken, unsubscribe } from "~/modules/newsletter/newsletter.server";

type PageState =
  { kind: "confirm"; email: string; token: string } | { kind: "unsubscribed"; email: string; already: boolean } | TokenLandingFailure;

export const meta: Route.MetaFunction = () => privatePageMeta("Newsletter preferences | The Hive Bridal & Formal");

export function headers(args: Route.HeadersArgs) {
  return tokenLandingHeaders(args);
}

/** "b•••@example.com": enough to recognise your own address, not enough to harvest someone's. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "your address";
  return `${email[0]}•••${email.slice(at)}`;
}

/** The link in the mail lands here. It only reads: mail scanners that open links must not unsubscribe anyone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, tokens } = context.get(servicesContext);
  const token = linkToken(request);
  return answerTokenLanding(context, "unsubscribe lookup failed", async (): Promise<PageState> => {
    const found = await findSubscriptionByToken(database.db, token, tokens);
    if (found.status === "invalid-token") return { kind: "invalid" };
    if (found.status === "not-found") return { kind: "not-found" };
    if (found.status === "inactive") return { kind: "unsubscribed", email: maskEmail(found.email), already: true };
    return { kind: "confirm", email: maskEmail(found.email), token };
  });
}

/** The confirmation button posts here (also answers RFC 8058 one-click posts to the same URL). */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, tokens } = context.get(servicesContext);
  const token = await postedToken(request);
  return answerTokenLanding(context, "unsubscribe failed", async (): Promise<PageState> => {
    const outcome = await unsubscribe(database.db, token, tokens);
    if (outcome.status === "invalid-token") return { kind: "invalid" };
    if (outcome.status === "not-found") return { kind: "not-found" };
    context.get(requestContext).logger.info({ status: outcome.status }, "newsletter unsubscribe");
    return { kind: "unsubscribed", email: maskEmail(outcome.email), already: outcome.status === "already-unsubscribed" };
  });
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const contact = (
    <a href={`mailto:${BRAND.email}`} className="text-gold-ink underline underline-offset-4">
      {BRAND.email}
    </a>
  );
  switch (state.kind) {
    case "confirm":
      return (
        <TokenLanding eyebrow="The Hive newsletter" title="Leaving the Hive?">
          <TokenLandingText>
            We will stop sending our newsletter to <strong className="text-foreground">{state.email}</strong>. No hard feelings, and no more
            emails from us.
          </TokenLandingText>
          <TokenLandingConfirm
            token={state.token}
            submit="Unsubscribe"
            submitting="Unsubscribing..."
            keep={{ to: "/", label: "Keep me on the list" }}
          />
        </TokenLanding>
      );
    case "unsubscribed":
      return (
        <TokenLanding eyebrow="The Hive newsletter" title={state.already ? "You're already unsubscribed" : "You've been unsubscribed"}>
          <TokenLandingText role="status">
            {state.already ? "There is nothing more to do:" : "We'll miss you, but we understand."}{" "}
            <strong className="text-foreground">{state.email}</strong> will no longer receive our newsletter. Our door on Whitaker Street is
            always open.
          </TokenLandingText>
          <TokenLandingLinks
            links={[
              { to: "/", label: "Return to Home" },
              { to: "/newsletter", label: "Changed your mind?", variant: "outline" },
            ]}
          />
        </TokenLanding>
      );
    case "not-found":
      return (
        <TokenLanding eyebrow="The Hive newsletter" title={<>We couldn&rsquo;t find that subscription</>}>
          <TokenLandingText role="alert">
            It may already have been removed from our list. If our emails still reach you, write to {contact} and we will take you off by
            hand.
          </TokenLandingText>
          <TokenLandingLinks links={[{ to: "/", label: "Return to Home", variant: "outline" }]} />
        </TokenLanding>
      );
    case "unavailable":
      return (
        <TokenLanding eyebrow="The Hive newsletter" title="Please try again in a moment">
          <TokenLandingText role="alert">
            We couldn&rsquo;t update your subscription just now. Your link still works: try it again shortly, or write to {contact}.
          </TokenLandingText>
        </TokenLanding>
      );
    default:
      return (
        <TokenLanding eyebrow="The Hive newsletter" title="This link has lost its way">
          <TokenLandingText role="alert">
            This unsubscribe link is incomplete or has been altered. Please use the link at the bottom of our most recent email, or write to{" "}
            {contact} and we will take you off the list by hand.
          </TokenLandingText>
          <TokenLandingLinks links={[{ to: "/", label: "Return to Home", variant: "outline" }]} />
        </TokenLanding>
      );
  }
}
