import { Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type ElementType, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { firstMessage, getFormErrors, inputAttributes, parseForm, type FormFailure } from "~/lib/forms";
import { NEWSLETTER_DISCOUNT_CODE, NEWSLETTER_DISCOUNT_PERCENT, NEWSLETTER_MESSAGES } from "../constants";
import { newsletterSignupSchema } from "../schema";

/** What POST /newsletter answers (the route's action): the address, or `parseForm`'s failure. */
export type NewsletterResult = { ok: true; email: string } | FormFailure;

const emailAttributes = inputAttributes(newsletterSignupSchema, "email");

const NEWSLETTER_ACTION = "/newsletter";

/**
 * The sign-up form of the modal and of the /newsletter page. A real form
 * posting to /newsletter, so it works before JavaScript; once hydrated it
 * checks the address at once (SPEC §5: toast, nothing sent), posts through a
 * fetcher and answers with toasts.
 */
export function NewsletterSignup({
  serverResult,
  onSubscribed,
  TitleAs = "h2",
  DescriptionAs = "p",
  autoFocus = false,
}: {
  /** The action's answer when the page was posted without JavaScript. */
  serverResult?: NewsletterResult;
  onSubscribed?: () => void;
  TitleAs?: ElementType;
  DescriptionAs?: ElementType;
  autoFocus?: boolean;
}) {
  const fetcher = useFetcher<NewsletterResult>();
  // After a post without JavaScript the page comes back with what was typed.
  const [email, setEmail] = useState(() => getFormErrors(serverResult).valueOf("email") ?? "");
  const inputId = useId();
  const noteId = useId();
  const handled = useRef<NewsletterResult | null>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data ?? serverResult;

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      toast.success(NEWSLETTER_MESSAGES.success);
      onSubscribed?.();
    } else {
      toast.error(firstMessage(answer) ?? NEWSLETTER_MESSAGES.failed);
    }
  }, [fetcher.state, fetcher.data, onSubscribed]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parseForm(newsletterSignupSchema, new FormData(event.currentTarget));
    if (!parsed.ok) {
      toast.error(firstMessage(parsed) ?? NEWSLETTER_MESSAGES.invalidEmail);
      return;
    }
    void fetcher.submit({ email: parsed.data.email }, { method: "post", action: NEWSLETTER_ACTION });
  };

  if (result?.ok) {
    return (
      <div role="status" className="text-center">
        <p className="eyebrow">You&rsquo;re in</p>
        <TitleAs className="mt-4 text-4xl leading-tight sm:text-5xl">Welcome to the Hive!</TitleAs>
        <div aria-hidden="true" className="mx-auto mt-6 h-px w-16 bg-gold" />
        <DescriptionAs className="mt-6 text-muted-foreground">
          Check your inbox for your exclusive {NEWSLETTER_DISCOUNT_PERCENT}% discount code
        </DescriptionAs>
        <p className="mt-6 text-xs tracking-[0.2em] text-muted-foreground uppercase">Your code</p>
        <p className="mx-auto mt-2 inline-block border border-dashed border-gold-ink px-8 py-3 font-display text-3xl tracking-[0.3em] text-foreground [font-variant-numeric:lining-nums]">
          {NEWSLETTER_DISCOUNT_CODE}
        </p>
      </div>
    );
  }

  // Shown in the page only for an answer to a post without JavaScript; with it, answers are toasts.
  const server = getFormErrors(fetcher.data ? undefined : serverResult);
  return (
    <div className="text-center">
      <p className="eyebrow">An exclusive welcome</p>
      <TitleAs className="mt-4 text-4xl leading-tight sm:text-5xl">Join the Hive</TitleAs>
      <div aria-hidden="true" className="mx-auto mt-6 h-px w-16 bg-gold" />
      <DescriptionAs className="mt-6 leading-relaxed text-muted-foreground">
        Enjoy <strong className="font-semibold text-foreground">{NEWSLETTER_DISCOUNT_PERCENT}% off your first purchase</strong>, plus first
        word of new arrivals, trunk shows and fitting-room events.
      </DescriptionAs>
      <fetcher.Form
        method="post"
        action={NEWSLETTER_ACTION}
        noValidate
        onSubmit={onSubmit}
        className="mt-8 text-left"
        aria-describedby={noteId}
      >
        <Field label="Email address" id={inputId} errors={server.errorsOf("email")}>
          <Input
            {...emailAttributes}
            look="line"
            autoFocus={autoFocus}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="you@example.com"
          />
        </Field>
        <FormMessage className="mt-4">{server.formError}</FormMessage>
        <Button type="submit" disabled={busy} className="mt-8 w-full">
          {busy ? (
            <>
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              Joining the Hive...
            </>
          ) : (
            `Claim My ${NEWSLETTER_DISCOUNT_PERCENT}% Off`
          )}
        </Button>
      </fetcher.Form>
      <p id={noteId} className="mt-5 text-xs leading-relaxed text-muted-foreground">
        We respect your privacy. Your address is used only for our newsletter, never shared, and every email carries a link to unsubscribe.
      </p>
    </div>
  );
}
