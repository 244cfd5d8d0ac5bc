import { ArrowLeft, ArrowRight, Send } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from "react";
import { Form } from "react-router";
import { toast } from "~/lib/toast";
import { Button, SubmitButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { firstMessage, getFormErrors, inputAttributes, type FieldErrors } from "~/lib/forms";
import { useHydrated } from "~/lib/hydrated";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { BUDGET_RANGES, EVENT_TYPES } from "~/db/constants";
import {
  BUDGET_LABELS,
  checkStep,
  daysUntil,
  DESIGN_MESSAGES,
  DESIGN_STEPS,
  designFieldErrors,
  designRequestSchema,
  EVENT_TYPE_LABELS,
  LEAD_TIME_DAYS,
} from "../schema";
import type { DesignRequestResult } from "../types";
import { checkChosenFiles } from "~/modules/uploads/uploads";
import { sendForm, SentImages, StepProgress, UploadProgress, WhatHappensNext } from "./design-request-parts";
import { InspirationPicker } from "./inspiration-picker";

export type { DesignRequestResult };

const FIELDS = ["name", "email", "phone", "eventType", "eventDate", "venue", "stylePreference", "colors", "vision", "budget"] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
const EMPTY = Object.fromEntries(FIELDS.map((f) => [f, ""])) as Values;
type Step = 1 | 2 | 3 | 4;

/** The longer fields' limits, read from the schema (one source): their counts show as the text nears them. */
const COUNTED = ["venue", "stylePreference", "colors", "vision"] as const satisfies readonly FieldName[];
const LIMITS = Object.fromEntries(COUNTED.map((field) => [field, inputAttributes(designRequestSchema, field).maxLength])) as Record<
  (typeof COUNTED)[number],
  number | undefined
>;
const countOf = (field: FieldName, value: string) =>
  (COUNTED as readonly string[]).includes(field) ? { length: value.length, max: LIMITS[field as (typeof COUNTED)[number]] } : undefined;

function stepOf(field: string): Step {
  const index = DESIGN_STEPS.findIndex((s) => (s.fields as readonly string[]).includes(field));
  return (index >= 0 ? index + 1 : 1) as Step;
}

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/**
 * SPEC's four-step custom design form. One real form holding every field, so
 * it submits without JavaScript (all steps shown, errors beside their
 * fields); with JavaScript the steps show one at a time, Next checks each
 * step, and the answer comes back as toasts. No field carries `maxlength`: a
 * browser would cut an overlong entry short without a word, where SPEC §5
 * has a message for each limit (the schema's, on submit).
 */
/** One step of the form: a fieldset whose legend is the step's heading (focused when the step opens). */
function StepFieldset({
  hidden,
  title,
  headingRef,
  children,
}: {
  hidden: boolean;
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <fieldset hidden={hidden} className="min-w-0 space-y-7">
      <legend className="mb-6">
        <h2 ref={headingRef} tabIndex={-1} className="text-3xl">
          {title}
        </h2>
      </legend>
      {children}
    </fieldset>
  );
}

export function DesignRequestForm({
  serverResult,
  contact,
}: {
  serverResult?: DesignRequestResult;
  /** The signed-in shopper's name, email and phone: step 1 starts with them (she may change them for this request). */
  contact?: { name: string; email: string; phone: string } | null;
}) {
  const hydrated = useHydrated();
  const [answer, setAnswer] = useState<DesignRequestResult | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const baseId = useId();
  const id = (field: string) => `${baseId}-${field}`;
  const echoed = getFormErrors(serverResult);
  const start: Values = { ...EMPTY, ...(contact ?? {}) };
  const [values, setValues] = useState<Values>({
    ...start,
    ...Object.fromEntries(FIELDS.flatMap((f) => (echoed.valueOf(f) === undefined ? [] : [[f, echoed.valueOf(f)]]))),
  });
  const [errors, setErrors] = useState<FieldErrors>(echoed.fieldErrors);
  const [step, setStep] = useState<Step>(1);
  const [seen, setSeen] = useState<DesignRequestResult | null>(null);
  const toasted = useRef<DesignRequestResult | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  if (answer && answer !== seen) {
    setSeen(answer);
    if (answer.ok) {
      setValues(start);
      setErrors({});
      setChosen([]);
      setStep(1);
    } else {
      const { fieldErrors } = getFormErrors(answer);
      setErrors(fieldErrors);
      const first = Object.keys(fieldErrors)[0];
      if (first) setStep(stepOf(first));
    }
  }
  useEffect(() => {
    if (!seen || toasted.current === seen) return;
    toasted.current = seen;
    if (seen.ok) toast.success(DESIGN_MESSAGES.success, { description: DESIGN_MESSAGES.successDescription });
    else toast.error(firstMessage(seen) ?? DESIGN_MESSAGES.failed);
  }, [seen]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    stepHeading.current?.focus();
  }, [step]);

  const set = (field: FieldName) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  const goTo = (next: Step) => {
    moved.current = true;
    setStep(next);
  };

  const onNext = () => {
    const problem = checkStep(step, values);
    if (problem) {
      toast.error(problem.message);
      setErrors({ ...errors, [problem.field]: [problem.message] });
      return;
    }
    setErrors({});
    goTo(Math.min(4, step + 1) as Step);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (step < 4) {
      onNext();
      return;
    }
    for (const s of [1, 2, 3] as const) {
      const problem = checkStep(s, values);
      if (problem) {
        toast.error(problem.message);
        setErrors({ [problem.field]: [problem.message] });
        goTo(s);
        return;
      }
    }
    const parsed = designRequestSchema.safeParse(values);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? DESIGN_MESSAGES.checkForm);
      const fieldErrors = designFieldErrors(parsed.error);
      setErrors(fieldErrors);
      goTo(stepOf(Object.keys(fieldErrors)[0] ?? "name"));
      return;
    }
    const fileProblem = checkChosenFiles(chosen);
    if (fileProblem) {
      toast.error(fileProblem);
      setErrors({ images: [fileProblem] });
      return;
    }
    const form = event.currentTarget;
    setBusy(true);
    setProgress(chosen.length > 0 ? 0 : null);
    void sendForm(form, setProgress).then((result) => {
      setBusy(false);
      setProgress(null);
      // The chosen files go with a success only: a refusal keeps them (and every field) for another try.
      if (result.ok) form.reset();
      setAnswer(result);
    });
  };

  const onFiles = (files: File[]) => {
    setChosen(files);
    const problem = checkChosenFiles(files);
    setErrors(({ images: _old, ...rest }) => (problem ? { ...rest, images: [problem] } : rest));
  };

  const days = values.eventDate ? daysUntil(values.eventDate, localToday()) : null;
  const dateHint =
    days === null || Number.isNaN(days)
      ? "Optional. Custom designs take 4-6 weeks; we ask for at least 8 weeks before your event."
      : days < 0
        ? null
        : days < LEAD_TIME_DAYS
          ? DESIGN_MESSAGES.shortNotice
          : "Optional. Custom designs take 4-6 weeks; we ask for at least 8 weeks before your event.";
  const shown = (n: Step) => !hydrated || step === n;
  const noJsAnswer = !answer ? serverResult : undefined;
  const lastOk = answer?.ok ? answer : noJsAnswer?.ok ? noJsAnswer : undefined;
  const sentImages = lastOk?.imageUrls ?? [];

  const input = (field: FieldName, label: string, props: Record<string, unknown> = {}, optional = false, hint?: string | null) => (
    <Field
      id={id(field)}
      label={label}
      optional={optional}
      errors={errors[field]}
      description={hint ?? undefined}
      count={countOf(field, values[field])}
    >
      <Input id={id(field)} name={field} value={values[field]} onChange={set(field)} {...props} />
    </Field>
  );

  return (
    <div>
      {noJsAnswer?.ok ? (
        <div role="status" className="mb-8 border border-gold/60 bg-accent px-5 py-4 text-accent-foreground">
          <p className="font-medium">{DESIGN_MESSAGES.success}</p>
          <p className="mt-1 text-sm">{DESIGN_MESSAGES.successDescription}</p>
          {noJsAnswer.shortNotice ? <p className="mt-1 text-sm">{DESIGN_MESSAGES.shortNotice}</p> : null}
          {noJsAnswer.images ? (
            <p className="mt-1 text-sm">
              {noJsAnswer.images} inspiration {noJsAnswer.images === 1 ? "image" : "images"} received.
            </p>
          ) : null}
        </div>
      ) : noJsAnswer && !noJsAnswer.ok ? (
        <p role="alert" className="mb-8 border border-destructive/60 px-5 py-4 text-destructive">
          {firstMessage(noJsAnswer) ?? DESIGN_MESSAGES.failed}
        </p>
      ) : null}

      {sentImages.length > 0 ? <SentImages images={sentImages} headingId={`${baseId}-sent`} /> : null}

      {hydrated ? <StepProgress step={step} /> : null}

      <Form method="post" action="/custom-design" encType="multipart/form-data" noValidate onSubmit={onSubmit} className="space-y-10">
        <StepFieldset hidden={!shown(1)} title="About You" headingRef={step === 1 ? stepHeading : undefined}>
          {input("name", "Full name", { autoComplete: "name", required: true })}
          <div className="grid gap-7 sm:grid-cols-2">
            {input("email", "Email", { type: "email", inputMode: "email", autoComplete: "email", required: true })}
            {input("phone", "Phone", { type: "tel", autoComplete: "tel" }, true)}
          </div>
        </StepFieldset>

        <StepFieldset hidden={!shown(2)} title="Event Details" headingRef={step === 2 ? stepHeading : undefined}>
          <Field id={id("eventType")} label="Event type" errors={errors.eventType}>
            <Select id={id("eventType")} name="eventType" required value={values.eventType} onChange={set("eventType")}>
              <option value="">Select your event</option>
              {EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {EVENT_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </Field>
          <div className="grid gap-7 sm:grid-cols-2">
            {input("eventDate", "Event date", { type: "date" }, true, dateHint)}
            {input("venue", "Venue", { placeholder: "Where is the celebration?" }, true)}
          </div>
        </StepFieldset>

        <StepFieldset hidden={!shown(3)} title="Your Vision" headingRef={step === 3 ? stepHeading : undefined}>
          <div className="grid gap-7 sm:grid-cols-2">
            {input("stylePreference", "Style preference", { placeholder: "A-line, mermaid, ball gown..." }, true)}
            {input("colors", "Colour preferences", { placeholder: "Ivory, blush, champagne..." }, true)}
          </div>
          <Field
            id={id("vision")}
            label="Describe your vision"
            errors={errors.vision}
            description="At least 10 characters, up to 1000."
            count={countOf("vision", values.vision)}
          >
            <Textarea
              id={id("vision")}
              name="vision"
              required
              rows={6}
              value={values.vision}
              onChange={set("vision")}
              placeholder="The silhouette, the fabrics, the feeling you want on the day..."
            />
          </Field>
          <Field id={id("budget")} label="Budget range" optional errors={errors.budget}>
            <Select id={id("budget")} name="budget" value={values.budget} onChange={set("budget")}>
              <option value="">Select a range</option>
              {BUDGET_RANGES.map((range) => (
                <option key={range} value={range}>
                  {BUDGET_LABELS[range]}
                </option>
              ))}
            </Select>
          </Field>
        </StepFieldset>

        <StepFieldset hidden={!shown(4)} title="Inspiration" headingRef={step === 4 ? stepHeading : undefined}>
          <p className="leading-relaxed text-muted-foreground">
            Pictures you love (a neckline, a lace, a colour) help us see what you see. Only our design team and you can see them.
          </p>
          <InspirationPicker id={id("images")} files={chosen} errors={errors.images} onFiles={onFiles} />
          {progress !== null ? <UploadProgress progress={progress} labelId={`${baseId}-upload-label`} /> : null}
          <WhatHappensNext headingId={`${baseId}-next`} />
        </StepFieldset>

        {/* A honeypot: hidden from people and assistive technology, filled in by bots. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={id("website")}>Leave this empty</label>
          <input id={id("website")} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <div className="flex flex-col-reverse gap-4 border-t border-border pt-8 sm:flex-row sm:justify-between">
          {hydrated ? (
            <Button
              variant="outline"
              onClick={() => goTo(Math.max(1, step - 1) as Step)}
              disabled={step === 1}
              className="w-full sm:w-auto"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Previous
            </Button>
          ) : (
            <span />
          )}
          {hydrated && step < 4 ? (
            // Distinct keys: React must not turn the clicked Next into a submit button mid-click (the browser would then submit).
            <Button key="next" onClick={onNext} className="w-full sm:w-auto">
              Next
              <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
          ) : (
            <SubmitButton key="submit" busy={busy} busyLabel="Submitting..." icon={Send} className="w-full sm:w-auto">
              Submit Vision
            </SubmitButton>
          )}
        </div>
      </Form>
    </div>
  );
}
