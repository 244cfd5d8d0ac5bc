import type { FormFailure } from "~/lib/forms";

export type DesignRequestOutcome =
  { status: "submitted"; id: string; shortNotice: boolean } | { status: "refused"; field: string; message: string };

/**
 * What a post of the custom design form answers (the page's action, and
 * /custom-design/submit as JSON): the request's own success data, or the form
 * helper's failure, whose formError is the toast.
 */
export type DesignRequestResult =
  { ok: true; shortNotice: boolean; images?: number; imageUrls?: { url: string; thumbUrl: string }[] } | FormFailure;
