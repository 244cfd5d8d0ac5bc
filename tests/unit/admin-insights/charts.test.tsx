import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DashboardCharts, niceMax } from "~/modules/admin-insights/components/charts";
import type { DashboardInsights } from "~/modules/admin-insights/types";

const data: DashboardInsights = {
  fittingsPerWeek: Array.from({ length: 16 }, (_, i) => ({
    weekStart: `2026-W${i}`,
    label: `W${i}`,
    count: i === 3 ? 7 : i % 2,
    when: i < 8 ? "past" : i === 8 ? "current" : "upcoming",
  })),
  requestsByStatus: [
    { status: "pending", count: 5 },
    { status: "contacted", count: 0 },
    { status: "in-progress", count: 2 },
    { status: "completed", count: 1_200 },
  ],
  requestWindowDays: 90,
  subscribersPerWeek: Array.from({ length: 26 }, (_, i) => ({ weekStart: `s${i}`, label: `S${i}`, count: i })),
};

describe("dashboard charts", () => {
  const html = renderToStaticMarkup(<DashboardCharts data={data} />);

  it("render three named figures, each with an SVG summary and a hidden data table", () => {
    expect(html.match(/<figure/g)).toHaveLength(3);
    expect(html).toContain("Fittings per week");
    expect(html).toContain("Design requests by status");
    expect(html).toContain("Newsletter subscribers");
    expect(html.match(/role="img"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Bar chart of design requests by status: Pending 5, Contacted 0, In progress 2, Completed 1,200."');
    expect(html).toContain('<th scope="row">W3 (past)</th><td>7</td>');
    expect(html).toContain('<th scope="row">W8 (this week)</th>');
    expect(html.match(/<table class="sr-only">/g)).toHaveLength(3);
  });

  it("say the totals in words", () => {
    expect(html).toContain("10 in the last 8 weeks; 4 booked from this week on.");
    expect(html).toContain("1,207 received in the last 90 days");
    expect(html).toContain("325 sign-ups in the last 26 weeks; 25 this week.");
  });

  it("draw with the theme's colours only: no fixed colour in the markup", () => {
    expect(html).not.toMatch(/#[0-9a-f]{3,6}\b|rgb\(/i);
    expect(html).toContain("fill-gold-ink");
  });

  it("scale the y axis to a round top", () => {
    expect([0, 3, 4, 5, 7, 9, 13, 61, 1_200].map(niceMax)).toEqual([4, 4, 4, 6, 8, 10, 20, 80, 2_000]);
  });
});
