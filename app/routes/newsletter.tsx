import { data } from "react-router";
import type { Route } from "./+types/newsletter";
import { servicesContext, requestContext } from "~/lib/context.server";
import { limit } from "~/lib/limit.server";
import { rateLimitRules } from "~/lib/rate-limit-rules.server";
import { tooManyRequests } from "~/lib/too-many-requests.server";
import { formFailure, parseForm, readFormData } from "~/lib/forms";
import { pageMeta } from "~/lib/seo";
import { NewsletterSignup, type NewsletterResult } from "~/modules/newsletter/components/newsletter-signup";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";
import { NEWSLETTER_MESSAGES, newsletterSignupSchema } from "~/modules/newsletter/schema";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Join the Hive | 15% Off Your First Purchase | The Hive Bridal & Formal",
    description:
      "Join The Hive Bridal & Formal's newsletter for 15% off your first purchase and first word of new arrivals, trunk shows and fitting-room events.",
    path: "/newsletter",
  });

/** The action's Retry-After reaches the document response too (a form posted without JavaScript). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

/**
 * SPEC's newsletter-signup function: POST /newsletter with `email`. Answers
 * 200 { ok: true }, 400 for a bad address (the field's message), 429 past the
 * per-IP limit and 503 when the database fails (the form's message), each in
 * `parseForm`'s failure shape with the message the visitor sees.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { logger } = context.get(requestContext);

  // A body that is not a form reads as an empty one: answered as an invalid address.
  const parsed = parseForm(newsletterSignupSchema, await readFormData(request));
  if (!parsed.ok) return data<NewsletterResult>(parsed, { status: 400 });
  const values = { email: parsed.data.email };

  try {
    const verdict = await limit(context, rateLimitRules(services.env).newsletterSignup);
    if (verdict.refusal) return tooManyRequests(verdict.refusal, values);
    const outcome = await subscribeToNewsletter(services.database.db, parsed.data, {
      appUrl: services.env.APP_URL,
      tokens: services.tokens,
    });
    // After the commit: the welcome mail is in the outbox, wake the sender.
    if (outcome.status !== "already-subscribed") services.nudgeMail();
    logger.info({ subscriberId: outcome.subscriberId, status: outcome.status }, "newsletter sign-up");
    return data<NewsletterResult>({ ok: true, email: parsed.data.email });
  } catch (error) {
    logger.error({ err: error }, "newsletter sign-up failed");
    return data<NewsletterResult>(formFailure(NEWSLETTER_MESSAGES.failed, {}, values), { status: 503 });
  }
}

/** In the browser: a request that never reaches the server still ends in SPEC's failure toast, not an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<NewsletterResult> {
  try {
    return await serverAction();
  } catch {
    return formFailure(NEWSLETTER_MESSAGES.failed);
  }
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="relative isolate flex flex-1 items-center justify-center px-6 py-20 sm:py-28">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_65%)]" />
      <div className="w-full max-w-lg border border-border bg-surface px-6 py-12 shadow-[0_30px_80px_-50px_rgba(43,42,40,0.5)] sm:px-12">
        <NewsletterSignup serverResult={actionData} TitleAs="h1" />
      </div>
    </section>
  );
}
