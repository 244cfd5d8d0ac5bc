import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// One date formatter (DESIGN principle 7): outside app/lib/format.ts, eslint.config.js refuses Intl.DateTimeFormat
// and toLocale*String. Each probe is a snippet linted as if it lived at the given path.
const root = fileURLToPath(new URL("../../..", import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function dateProblems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-syntax").map((message) => message.message);
}

describe("one date formatter (npm run lint)", () => {
  it("refuses Intl.DateTimeFormat and toLocale*String in a module, a route and the server", async () => {
    for (const path of ["app/modules/admin/components/probe.tsx", "app/routes/probe.tsx", "server/probe.ts"]) {
      expect(await dateProblems(path, `export const a = new Intl.DateTimeFormat("en-US").format(new Date());`)).toEqual([
        expect.stringContaining("app/lib/format.ts"),
      ]);
      for (const call of ["toLocaleDateString", "toLocaleTimeString", "toLocaleString"]) {
        expect(await dateProblems(path, `export const a = new Date().${call}("en-US");`)).toHaveLength(1);
      }
    }
  });

  it("lets lib/format use Intl, and others use lib/format", async () => {
    expect(await dateProblems("app/lib/format.ts", `export const a = new Intl.DateTimeFormat("en-US");`)).toEqual([]);
    expect(
      await dateProblems(
        "app/routes/probe.tsx",
        `import { formatDateTime } from "~/lib/format";\nexport const a = formatDateTime(new Date(), "UTC");`,
      ),
    ).toEqual([]);
  });
});
