import type { SubmissionStatus } from "~/db/constants";

/** What the dashboard's charts show; made by loadDashboardInsights (admin-insights.server.ts). */
export interface WeekCount {
  /** Monday of the week, YYYY-MM-DD. */
  weekStart: string;
  /** "Dec 1": short, the same on server and browser. */
  label: string;
  count: number;
}

export interface DashboardInsights {
  /** 8 weeks before this one, this week, then the 7 after it (16 in all). */
  fittingsPerWeek: (WeekCount & { when: "past" | "current" | "upcoming" })[];
  /** Design requests received in the last `requestWindowDays` days, by their status now. */
  requestsByStatus: { status: SubmissionStatus; count: number }[];
  requestWindowDays: number;
  /** Newsletter sign-ups per week, the last 26 weeks up to this one. */
  subscribersPerWeek: WeekCount[];
}
