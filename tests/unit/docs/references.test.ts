import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkDoc, docPaths, externalVariables, knownNames, readDoc, root, type Known } from "./doc-references";

// A doc that names a file, a script or a variable that is not there sends a reader the wrong way: each name the
// README and docs/ give in code (`app/lib/env.server.ts`, `npm run db:backup`, `DATA_DIR`) and each local link
// must exist. What counts as a name is decided in doc-references.ts.
let known: Known;

beforeAll(() => {
  known = knownNames();
});

const describeProblems = (problems: ReturnType<typeof checkDoc>) =>
  problems.map((problem) => `${problem.doc}:${problem.line}: no such ${problem.kind} ${problem.name}`);

describe("names in the docs exist", () => {
  it("reads the README and every doc under docs/, decision records included", () => {
    const docs = docPaths(known.files);
    expect(docs).toContain("README.md");
    expect(docs).toContain("docs/configuration.md");
    expect(docs.filter((doc) => doc.startsWith("docs/decisions/")).length).toBeGreaterThan(10);
  });

  it("every file, folder, script, variable and link a doc names is there", () => {
    const problems = docPaths(known.files).flatMap((doc) => checkDoc(doc, readDoc(doc), known));
    expect(describeProblems(problems)).toEqual([]);
  });

  it("each variable read outside the env schema is still read by the tests, the benches or server/start.sh", () => {
    const sources = ["playwright.config.ts", "server/start.sh"]
      .concat([...known.files].filter((file) => /^(tests|bench)\/.*\.(ts|mjs|js)$/.test(file)))
      .map((file) => readFileSync(join(root, file), "utf8"))
      .join("\n");
    for (const name of externalVariables) expect(sources, name).toMatch(new RegExp(`\\b${name}\\b`));
  });
});

describe("the check itself", () => {
  const doc = "docs/probe.md";
  const problemsIn = (text: string) => describeProblems(checkDoc(doc, text, known));

  it("flags a missing file, folder, script, variable and link", () => {
    expect(
      problemsIn(
        [
          "See `app/lib/no-such-file.ts`, `bench/nowhere/`, `app/nowhere/*.ts` and `missing-file.md`.",
          "Run `npm run no-such-script`, with `NO_SUCH_SETTING=1`.",
          "Read [the guide](no-such-guide.md), [a section](engineering.md#no-such-section) and [below](#nowhere).",
          "```sh",
          "NO_SUCH_VARIABLE=1 npm run also-missing",
          "```",
        ].join("\n"),
      ),
    ).toEqual([
      "docs/probe.md:1: no such file app/lib/no-such-file.ts",
      "docs/probe.md:1: no such file bench/nowhere/",
      "docs/probe.md:1: no such file app/nowhere/*.ts",
      "docs/probe.md:1: no such file missing-file.md",
      "docs/probe.md:2: no such script no-such-script",
      "docs/probe.md:2: no such variable NO_SUCH_SETTING",
      "docs/probe.md:3: no such link no-such-guide.md",
      "docs/probe.md:3: no such link engineering.md#no-such-section",
      "docs/probe.md:3: no such link #nowhere",
      "docs/probe.md:5: no such script also-missing",
      "docs/probe.md:5: no such variable NO_SUCH_VARIABLE",
    ]);
  });

  it("finds paths from the root, the doc's folder, app/ and by a bare file name; takes the env schema, known outside variables and code constants", () => {
    expect(
      problemsIn(
        [
          "`app/lib/env.server.ts`, `lib/forms.ts`, `modules/cart/cart.ts`, `gown-art.ts`, `app/db/schema/*.ts`, `templates/`.",
          "[decisions](decisions/), [engineering](engineering.md#stack), [the shop](https://example.com/a.md), [a",
          "link over two lines](../README.md#read-next), [here](#a-heading).",
          "## A heading",
          "`npm run db:backup`, `DATA_DIR/uploads`, `APP_URL=https://boutique.example`, `CHROMIUM_PATH`, `BODY_RULES`.",
        ].join("\n"),
      ),
    ).toEqual([]);
  });

  it("leaves alone what only looks like a path: routes, URLs, packages, MIME types, zones, ranges, placeholders", () => {
    expect(
      problemsIn(
        "`/admin/login`, `https://x.example/y.ts`, `@react-router/dev`, `multipart/form-data`, `America/New_York`, `10.0.0.0/8`, `modules/<domain>/`, `X.server.ts`, `import-x/no-restricted-paths`.",
      ),
    ).toEqual([]);
  });
});
