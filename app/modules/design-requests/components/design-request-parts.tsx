import { formFailure } from "~/lib/forms";
import type { DesignRequestResult } from "../types";
import { DESIGN_MESSAGES, DESIGN_STEPS } from "../schema";
import { UPLOAD_MESSAGES } from "~/modules/uploads/uploads";

// The custom design form's parts that need none of its state: how the script sends it, and what it shows around
// the fields (the step bar, the upload's progress, the images sent, what happens next).

/** Where the script sends the form: the same rules as the page's action, answered as JSON, so the upload's progress can be shown. */
const SUBMIT_URL = "/custom-design/submit";

function isResult(value: unknown): value is DesignRequestResult {
  return typeof value === "object" && value !== null && typeof (value as { ok?: unknown }).ok === "boolean";
}

/**
 * Sends the form with XMLHttpRequest (fetch cannot report upload progress).
 * An answer that is not the action's (a proxy's 413 page) or a network
 * failure reads as the form helper's failure with SPEC's message.
 */
export function sendForm(form: HTMLFormElement, onProgress: (fraction: number) => void): Promise<DesignRequestResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", SUBMIT_URL);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (isResult(body)) resolve(body);
      else resolve(formFailure(xhr.status === 413 ? UPLOAD_MESSAGES.bodyTooLarge : DESIGN_MESSAGES.failed));
    };
    xhr.onerror = () => resolve(formFailure(DESIGN_MESSAGES.failed));
    xhr.send(new FormData(form));
  });
}

const WHAT_NEXT = [
  "Our design team reviews your vision within 24 hours.",
  "We schedule a consultation to talk through sketches, fabrics and fit.",
  "Creation begins, with fittings along the way until it is perfect.",
];

/** The images a successful request carried: thumbnails linking to the full pictures (the sender's own). */
export function SentImages({ images, headingId }: { images: { url: string; thumbUrl: string }[]; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="mb-8 border border-border bg-surface p-5">
      <h2 id={headingId} className="text-2xl">
        Your inspiration images
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Only you and our design team can see them.</p>
      <ul className="mt-4 grid grid-cols-3 gap-3 sm:grid-cols-6">
        {images.map((image, index) => (
          <li key={image.url}>
            <a href={image.url} target="_blank" rel="noreferrer" className="block focus-visible:outline-2 focus-visible:outline-gold-ink">
              <img
                src={image.thumbUrl}
                alt={`Inspiration image ${index + 1}`}
                loading="lazy"
                className="aspect-square w-full border border-border object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Step N of 4" and its bar (SPEC §2's progress indicator), shown once the steps show one at a time. */
export function StepProgress({ step }: { step: number }) {
  return (
    <div className="mb-10">
      <div className="flex items-baseline justify-between gap-4">
        <p className="text-sm tracking-[0.18em] text-muted-foreground uppercase">Step {step} of 4</p>
        <p className="font-display text-xl">{DESIGN_STEPS[step - 1]?.title}</p>
      </div>
      <div
        role="progressbar"
        aria-label="Custom design form progress"
        aria-valuemin={1}
        aria-valuemax={4}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of 4: ${DESIGN_STEPS[step - 1]?.title}`}
        className="mt-3 h-1.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-gold-ink transition-[width] duration-500" style={{ width: `${(step / 4) * 100}%` }} />
      </div>
    </div>
  );
}

/** How much of the images has gone up, 0 to 1. */
export function UploadProgress({ progress, labelId }: { progress: number; labelId: string }) {
  const percent = Math.round(progress * 100);
  return (
    <div>
      <div className="flex justify-between text-sm text-muted-foreground">
        <span id={labelId}>Uploading images</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-gold-ink transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** SPEC §2's 'What Happens Next?' list. */
export function WhatHappensNext({ headingId }: { headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="border border-border bg-surface p-6">
      <h3 id={headingId} className="text-2xl">
        What Happens Next?
      </h3>
      <ol className="mt-4 space-y-3 text-muted-foreground">
        {WHAT_NEXT.map((text, index) => (
          <li key={text} className="flex gap-3">
            <span aria-hidden="true" className="font-display text-lg text-gold-ink">
              {index + 1}.
            </span>
            <span>{text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
