import { Gem, PenTool, Ruler } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/custom-design";
import { BRAND } from "~/lib/brand";
import { requestContext, servicesContext } from "~/lib/context.server";
import { getViewer } from "~/modules/accounts/accounts.server";
import { pageMeta } from "~/lib/seo";
import { PageHero } from "~/modules/brand/components/page-hero";
import { DesignRequestForm, type DesignRequestResult } from "~/modules/design-requests/components/design-request-form";
import { designRateLimiter, submitDesignRequest } from "~/modules/design-requests/design-requests.server";
import { checkStep, DESIGN_MESSAGES, designFieldErrors, designRequestSchema } from "~/modules/design-requests/schema";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: `Custom Design | A Dress as Unique as Your Story | ${BRAND.fullName}`,
    description: `Share your vision with the design team at ${BRAND.fullName} in ${BRAND.city}: a custom wedding, prom or celebration gown, made for you. We reply within 24 hours.`,
    path: "/custom-design",
  });

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

const FIELDS = ["name", "email", "phone", "eventType", "eventDate", "venue", "stylePreference", "colors", "vision", "budget", "website"];

/**
 * Stores a custom design request. 200 (with whether the event is under 8
 * weeks away); 400 with the first message and one per field; 429 past the
 * per-client limit; 503 when the database fails. A refusal stores nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { logger, clientIp } = context.get(requestContext);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<DesignRequestResult>({ ok: false, error: DESIGN_MESSAGES.checkForm }, { status: 400 });
  }
  const raw = Object.fromEntries(FIELDS.map((key) => [key, typeof form.get(key) === "string" ? String(form.get(key)) : undefined]));
  const values = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, (value ?? "").slice(0, 2000)]));
  // The step checks first (SPEC: "the same check runs on submit"), then the whole schema.
  for (const step of [1, 2, 3] as const) {
    const problem = checkStep(step, raw);
    if (problem) {
      return data<DesignRequestResult>(
        { ok: false, error: problem.message, fieldErrors: { [problem.field]: problem.message }, values },
        { status: 400 },
      );
    }
  }
  const parsed = designRequestSchema.safeParse(raw);
  if (!parsed.success) {
    return data<DesignRequestResult>(
      {
        ok: false,
        error: parsed.error.issues[0]?.message ?? DESIGN_MESSAGES.checkForm,
        fieldErrors: designFieldErrors(parsed.error),
        values,
      },
      { status: 400 },
    );
  }
  if (parsed.data.website) {
    logger.warn({ clientIp }, "design request honeypot filled");
    return data<DesignRequestResult>({ ok: false, error: DESIGN_MESSAGES.failed, values }, { status: 400 });
  }
  try {
    const verdict = await designRateLimiter(services.env).hit(services.database.db, clientIp);
    if (!verdict.allowed) {
      const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
      return data<DesignRequestResult>(
        {
          ok: false,
          error: `Too many requests from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          values,
        },
        { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
      );
    }
    // A signed-in shopper's request joins her account; a guest's keeps user_id null.
    const viewer = await getViewer(request, context);
    const outcome = await submitDesignRequest(services.database.db, parsed.data, {
      settings: services.env,
      userId: viewer?.id ?? null,
      appUrl: services.env.APP_URL,
    });
    if (outcome.status === "refused") {
      return data<DesignRequestResult>(
        { ok: false, error: outcome.message, fieldErrors: { [outcome.field]: outcome.message }, values },
        { status: 400 },
      );
    }
    services.nudgeMail();
    logger.info({ submissionId: outcome.id, shortNotice: outcome.shortNotice }, "design request submitted");
    return data<DesignRequestResult>({ ok: true, shortNotice: outcome.shortNotice });
  } catch (error) {
    logger.error({ err: error }, "design request failed");
    return data<DesignRequestResult>({ ok: false, error: DESIGN_MESSAGES.failed, values }, { status: 503 });
  }
}

/** A request that never reaches the server still ends in SPEC's failure toast. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<DesignRequestResult> {
  try {
    return await serverAction();
  } catch {
    return { ok: false, error: DESIGN_MESSAGES.failed };
  }
}

const HOW_IT_WORKS = [
  {
    icon: PenTool,
    title: "Share Your Vision",
    text: "Tell us about your event, the silhouette you dream of and the feeling you want to carry into the room.",
  },
  {
    icon: Gem,
    title: "Design Together",
    text: "Sit down with our designer to choose fabrics, lace and details, with sketches to see it come alive.",
  },
  { icon: Ruler, title: "Perfect Fit", text: "Your gown is made in our studio and fitted by hand until it moves with you perfectly." },
];

export default function CustomDesign({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Custom design" title="A Dress as Unique as Your Story">
        Share your vision and our designers will bring it to life: a gown made for you alone, for your wedding, prom or celebration.
      </PageHero>
      <section aria-labelledby="how-heading" className="px-6 pb-20 sm:px-8">
        <div className="mx-auto max-w-6xl">
          <h2 id="how-heading" className="text-center text-3xl sm:text-4xl">
            How It Works
          </h2>
          <ol className="mt-10 grid gap-8 md:grid-cols-3">
            {HOW_IT_WORKS.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="border border-border bg-surface p-8 text-center">
                <Icon aria-hidden="true" className="mx-auto size-8 text-gold-ink" />
                <p className="mt-4 text-xs tracking-[0.2em] text-muted-foreground uppercase">Step {index + 1}</p>
                <h3 className="mt-2 text-2xl">{title}</h3>
                <p className="mt-3 leading-relaxed text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section aria-label="Custom design request" className="px-6 pb-24 sm:px-8 sm:pb-32">
        <div className="mx-auto max-w-3xl border border-border bg-background p-5 sm:p-10">
          <DesignRequestForm serverResult={actionData} />
        </div>
      </section>
    </>
  );
}
