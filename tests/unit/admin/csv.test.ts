import { describe, expect, it } from "vitest";
import { attachmentHeader, csvFileName, csvLine } from "~/modules/admin/csv";

/** One value as its own record, without the line end. */
const csvCell = (value: string | number | null | undefined) => csvLine([value]).slice(0, -2);
import { parseView } from "~/modules/admin/admin.server";
import { isoDateIn } from "~/lib/format";

describe("CSV cells", () => {
  it("quotes every value and doubles quotes", () => {
    expect(csvCell("Ada")).toBe('"Ada"');
    expect(csvCell('She said "yes"')).toBe('"She said ""yes"""');
    expect(csvCell("a,b\nc")).toBe('"a,b\nc"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it.each([
    ["=SUM(A1:A2)", `"'=SUM(A1:A2)"`],
    ["+1 555 0100", `"'+1 555 0100"`],
    ["-2+3", `"'-2+3"`],
    ["@cmd", `"'@cmd"`],
    ["\tindent", `"'\tindent"`],
    ["\rreturn", `"'\rreturn"`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
  ])("neutralises a formula start: %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("leaves ordinary text, and a formula character later in the text, alone", () => {
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell(" =1")).toBe('" =1"');
    expect(csvCell("2026-11-25")).toBe('"2026-11-25"');
  });

  it("ends each line with CRLF", () => {
    expect(csvLine(["a", "=b", null])).toBe(`"a","'=b",""\r\n`);
  });

  it("names the file after the tab and the day", () => {
    expect(csvFileName("Newsletter Subscribers", "2026-11-25")).toBe("Newsletter Subscribers 2026-11-25.csv");
    expect(attachmentHeader("Appointments 2026-11-25.csv")).toBe(
      `attachment; filename="Appointments 2026-11-25.csv"; filename*=UTF-8''Appointments%202026-11-25.csv`,
    );
    expect(isoDateIn(new Date("2026-11-26T03:00:00Z"), "America/New_York")).toBe("2026-11-25");
  });
});

describe("the view in the URL", () => {
  const view = (query: string) => parseView(new URL(`http://x/admin/dashboard?${query}`));

  it("reads tab, search, filter and page, and falls back on anything unknown", () => {
    expect(view("")).toMatchObject({ tab: "submissions", q: "", status: "all", page: 1 });
    expect(view("tab=appointments&q=%20Ada%20&status=confirmed")).toMatchObject({ tab: "appointments", q: "Ada", status: "confirmed" });
    expect(view("tab=nope&status=confirmed")).toMatchObject({ tab: "submissions", status: "all" });
    expect(view("tab=subscribers&status=inactive")).toMatchObject({ status: "inactive" });
    expect(view(`q=${"x".repeat(500)}`).q).toHaveLength(100);
    expect(view("q=a%00b").q).toBe("a b");
  });

  it("keeps a cursor only when it is one of ours", () => {
    const cursor = { at: "2026-11-25 10:00:00.123456+00", id: "0b7f6f9e-6a8f-4a57-9b51-1f7d6a1e2c3d" };
    // As loadDashboard writes them in its newer/older links (tests/unit/admin/dashboard.test.ts follows one).
    const encoded = (text: string) => Buffer.from(text, "utf8").toString("base64url");
    expect(view(`after=${encoded(`${cursor.at}|${cursor.id}`)}&page=3`)).toMatchObject({ after: cursor, page: 3 });
    expect(view(`before=${encoded(`${cursor.at}|${cursor.id}`)}&page=2`)).toMatchObject({ before: cursor, after: null, page: 2 });
    expect(view("after=garbage&page=9")).toMatchObject({ after: null, page: 1 });
    expect(view(`after=${encoded("drop table|x")}&page=9`)).toMatchObject({ after: null, page: 1 });
  });
});
