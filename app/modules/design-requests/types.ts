export type DesignRequestOutcome =
  { status: "submitted"; id: string; shortNotice: boolean } | { status: "refused"; field: string; message: string };
