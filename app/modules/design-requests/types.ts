import type { FieldErrors, SubmittedValues } from "~/lib/forms";

export type DesignRequestOutcome =
  { status: "submitted"; id: string; shortNotice: boolean } | { status: "refused"; field: string; message: string };

/** What a post of the custom design form answers (the page's action, and /custom-design/submit as JSON). */
export type DesignRequestResult =
  | { ok: true; shortNotice: boolean; images?: number; imageUrls?: { url: string; thumbUrl: string }[] }
  | { ok: false; error: string; fieldErrors?: FieldErrors; values?: SubmittedValues };
