import { Gem, PenTool, Ruler } from "lucide-react";
import type { Route } from "./+types/custom-design";
import { BRAND } from "~/lib/brand";
import { formFailure } from "~/lib/forms";
import { pageMeta } from "~/lib/seo";
import { servicesContext } from "~/lib/context.server";
import { contactDetails, getViewer } from "~/modules/accounts/accounts.server";
import { PageHero } from "~/modules/brand/components/page-hero";
import { DesignRequestForm } from "~/modules/design-requests/components/design-request-form";
import { answerDesignRequest } from "~/modules/design-requests/design-requests.server";
import { DESIGN_MESSAGES } from "~/modules/design-requests/schema";
import type { DesignRequestResult } from "~/modules/design-requests/types";

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

/** A signed-in shopper finds her name, email and phone filled in (she may change them for this request). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  return { contact: viewer ? await contactDetails(context.get(servicesContext).database.db, viewer) : null };
}

/**
 * Stores a custom design request with its inspiration images (the form
 * without JavaScript posts here; with JavaScript it posts to
 * /custom-design/submit to show upload progress). See `answerDesignRequest`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answerDesignRequest(request, context, async () => (await getViewer(request, context))?.id ?? null);
}

/** A request that never reaches the server still ends in SPEC's failure toast. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<DesignRequestResult> {
  try {
    return await serverAction();
  } catch {
    return formFailure(DESIGN_MESSAGES.failed);
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

export default function CustomDesign({ loaderData, actionData }: Route.ComponentProps) {
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
          <DesignRequestForm serverResult={actionData} contact={loaderData.contact} />
        </div>
      </section>
    </>
  );
}
