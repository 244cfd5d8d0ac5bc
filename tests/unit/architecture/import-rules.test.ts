import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The import direction of docs/architecture.md, checked through the project's own eslint.config.js:
// each probe is a snippet linted as if it lived at the given path (nothing is written to disk).
const root = fileURLToPath(new URL("../../..", import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of the given rules for `code` placed at `filePath`. */
async function problems(filePath: string, code: string, rules: readonly string[]) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.filter((message) => rules.includes(message.ruleId ?? "")).map((message) => message.message);
}

/** The messages of the two import rules for `code` placed at `filePath`. */
const importProblems = (filePath: string, code: string) =>
  problems(filePath, code, ["import-x/no-restricted-paths", "no-restricted-imports"]);

/**
 * Two files of app/lib where the first imports the second at run time (not only its types), found on disk so the
 * test follows renames: a probe at the second's path that imports the first closes a cycle.
 */
function runtimeImportInLib(): { importer: string; imported: string } {
  const folder = join(root, "app/lib");
  for (const name of readdirSync(folder)
    .filter((file) => /\.tsx?$/.test(file))
    .sort()) {
    const found = /^import (?!type )[^;]*from "\.\/([\w.-]+)";$/m.exec(readFileSync(join(folder, name), "utf8"))?.[1];
    const imported = found && readdirSync(folder).find((file) => file.replace(/\.tsx?$/, "") === found);
    if (imported) return { importer: name.replace(/\.tsx?$/, ""), imported };
  }
  throw new Error("app/lib has no file that imports another at run time to probe a cycle with");
}

/** A file of `module` that is not on its public surface, found on disk so the test follows renames inside the module. */
function internalFileOf(module: string) {
  const folder = join(root, "app/modules", module);
  const publicNames = new Set([`${module}.ts`, `${module}.tsx`, `${module}.server.ts`, "types.ts", "schema.ts"]);
  const internal = readdirSync(folder, { withFileTypes: true })
    // A client-safe internal file, so the probe trips only the module rule (a .server file also trips the server-only one).
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes(".server.") && !publicNames.has(entry.name))
    .map((entry) => entry.name)
    .sort()[0];
  if (!internal) throw new Error(`app/modules/${module} has no internal file to probe with`);
  return `~/${relative(join(root, "app"), join(folder, internal)).replace(/\.tsx?$/, "")}`;
}

describe("import direction (npm run lint)", () => {
  describe("lib and components/ui sit below every feature", () => {
    it("a file in app/lib that imports a module fails, even the module's public types", async () => {
      expect(await importProblems("app/lib/probe.ts", `import "~/modules/catalogue/types";`)).toEqual([
        expect.stringContaining("lib and components/ui sit below every feature"),
      ]);
      expect(
        await importProblems("app/lib/probe.ts", `import type { Product } from "~/modules/catalogue/types";\nexport type P = Product;`),
      ).toHaveLength(1);
    });

    it("a file in app/lib that imports a route or the layout fails", async () => {
      expect(await importProblems("app/lib/probe.ts", `import "~/routes/home";`)).toHaveLength(1);
      expect(await importProblems("app/lib/probe.ts", `import "../components/layout/logo";`)).toHaveLength(1);
    });

    it("a component in app/components/ui that imports a module fails", async () => {
      expect(await importProblems("app/components/ui/probe.tsx", `import "~/modules/catalogue/types";`)).toEqual([
        expect.stringContaining("lib and components/ui sit below every feature"),
      ]);
    });

    it("lib and ui may import lib and each other", async () => {
      expect(await importProblems("app/components/ui/probe.tsx", `import "~/lib/format";\nimport "~/components/ui/sheet";`)).toEqual([]);
      expect(await importProblems("app/lib/probe.ts", `import "./format";`)).toEqual([]);
    });
  });

  describe("modules never import routes", () => {
    it("a module importing a route fails, by alias or by relative path", async () => {
      expect(await importProblems("app/modules/cart/probe.ts", `import "~/routes/home";`)).toEqual([
        expect.stringContaining("Modules never import routes"),
      ]);
      expect(await importProblems("app/modules/cart/components/probe.tsx", `import "../../../routes/product";`)).toHaveLength(1);
    });
  });

  describe("outside a module, only its public surface", () => {
    it("a module importing another module's internal file fails", async () => {
      const internal = internalFileOf("catalogue");
      expect(await importProblems("app/modules/wishlist/probe.ts", `import "${internal}";`)).toEqual([
        expect.stringContaining("Outside the catalogue module, import only its public surface"),
      ]);
    });

    it("a route or the layout importing a module's internal file fails", async () => {
      const internal = internalFileOf("catalogue");
      expect(await importProblems("app/routes/probe.tsx", `import "${internal}";`)).toHaveLength(1);
      expect(await importProblems("app/components/layout/probe.tsx", `import "${internal}";`)).toHaveLength(1);
      expect(await importProblems("app/root-probe.tsx", `import "${internal}";`)).toHaveLength(1);
    });

    it("the front doors, types.ts, schema.ts and components/ are open to routes and other modules", async () => {
      const route = [
        `import "~/modules/catalogue/catalogue.server";`,
        `import "~/modules/catalogue/types";`,
        `import "~/modules/catalogue/components/product-card";`,
        `import "~/modules/newsletter/schema";`,
        `import "~/modules/newsletter/newsletter.server";`,
      ].join("\n");
      expect(await importProblems("app/routes/probe.tsx", route)).toEqual([]);
      expect(await importProblems("app/modules/wishlist/probe.ts", `import "~/modules/catalogue/types";\nimport "~/lib/format";`)).toEqual(
        [],
      );
    });

    it("inside a module every file is open", async () => {
      const internal = internalFileOf("catalogue");
      expect(await importProblems("app/modules/catalogue/probe.ts", `import "${internal}";`)).toEqual([]);
      expect(await importProblems("app/modules/catalogue/components/probe.tsx", `import "${internal}";`)).toEqual([]);
    });

    it("server/, scripts/, tests/ and bench/ may import anything", async () => {
      const internal = internalFileOf("catalogue");
      for (const folder of ["server", "scripts", "tests/unit", "bench"]) {
        expect(await importProblems(`${folder}/probe.ts`, `import "${internal}";\nimport "~/routes/home";`)).toEqual([]);
      }
    });
  });

  describe("one owner per table", () => {
    const schemaFiles = readdirSync(join(root, "app/db/schema"))
      .filter((file) => file.endsWith(".ts"))
      .map((file) => file.replace(/\.ts$/, ""))
      .sort();

    it("a module importing another's schema file fails, by alias or by relative path; its owner may", async () => {
      expect(await importProblems("app/modules/fittings/probe.server.ts", `import "~/db/schema/wishlist";`)).toEqual([
        expect.stringContaining("The wishlist tables belong to modules/wishlist"),
      ]);
      expect(await importProblems("app/modules/fittings/probe.server.ts", `import "../../db/schema/wishlist";`)).toHaveLength(1);
      expect(
        await importProblems(
          "app/modules/accounts/probe.server.ts",
          `import type { appointments } from "~/db/schema/fittings";\nexport type A = typeof appointments;`,
        ),
      ).toHaveLength(1);
      expect(await importProblems("app/modules/orders/probe.server.ts", `import "~/db/schema/catalogue";`)).toHaveLength(1);
      expect(await importProblems("app/modules/wishlist/probe.server.ts", `import "~/db/schema/wishlist";`)).toEqual([]);
      expect(await importProblems("app/modules/fittings/probe.server.ts", `import "~/db/schema/fittings";`)).toEqual([]);
      expect(await importProblems("app/modules/orders/probe.server.ts", `import "~/db/schema/orders";`)).toEqual([]);
    });

    it("every schema file has an owner, and a route or the layout importing one fails", async () => {
      expect(schemaFiles.length).toBeGreaterThan(10);
      for (const file of schemaFiles) {
        expect(await importProblems("app/routes/probe.tsx", `import "~/db/schema/${file}";`)).toEqual([
          expect.stringContaining(`The ${file} tables belong to`),
        ]);
      }
      expect(await importProblems("app/components/layout/probe.tsx", `import "~/db/schema/catalogue";`)).toHaveLength(1);
    });

    it("app/db itself may import every schema file", async () => {
      const imports = schemaFiles.map((file) => `import "./schema/${file}";`).join("\n");
      expect(await importProblems("app/db/probe.server.ts", imports)).toEqual([]);
    });

    it("the rate-limit buckets belong to app/lib/rate-limit.server.ts alone", async () => {
      expect(await importProblems("app/lib/rate-limit.server.ts", `import "~/db/schema/rate-limits";`)).toEqual([]);
      expect(await importProblems("app/lib/probe.server.ts", `import "~/db/schema/rate-limits";`)).toHaveLength(1);
      expect(await importProblems("app/lib/probe.server.ts", `import "~/db/schema/accounts";`)).toHaveLength(1);
    });

    it("the named read models may read the tables listed for them, and only those; the rest of their module may not", async () => {
      for (const reader of ["app/modules/admin/dashboard-read-model.server.ts", "app/modules/admin-insights/admin-insights.server.ts"]) {
        const reads = `import "~/db/schema/design-requests";\nimport "~/db/schema/fittings";\nimport "~/db/schema/newsletter";`;
        expect(await importProblems(reader, reads)).toEqual([]);
        expect(await importProblems(reader, `import "~/db/schema/wishlist";`)).toHaveLength(1);
      }
      expect(await importProblems("app/modules/admin/admin.server.ts", `import "~/db/schema/fittings";`)).toHaveLength(1);
      expect(await importProblems("app/modules/admin/components/probe.tsx", `import "~/db/schema/fittings";`)).toHaveLength(1);
      expect(await importProblems("app/modules/admin-insights/probe.server.ts", `import "~/db/schema/newsletter";`)).toHaveLength(1);
    });
  });

  describe("*.server.ts and staff-schema.ts never reach client code", () => {
    it("a component importing a .server file fails; a route or another .server file may", async () => {
      expect(await importProblems("app/components/ui/probe.tsx", `import "~/lib/env.server";`)).toEqual([
        expect.stringContaining("import server modules from routes or other .server files only"),
      ]);
      expect(await importProblems("app/routes/probe.tsx", `import "~/lib/env.server";`)).toEqual([]);
      expect(await importProblems("app/lib/probe.server.ts", `import "~/lib/env.server";`)).toEqual([]);
    });

    it("a component importing a staff-schema file fails; a route (for its action) or a .server file may", async () => {
      expect(await importProblems("app/modules/admin/components/probe.tsx", `import "~/modules/fittings/staff-schema";`)).toEqual([
        expect.stringContaining("import staff-schema from routes (for their actions) or .server files only"),
      ]);
      expect(await importProblems("app/modules/fittings/probe.tsx", `import "./staff-schema";`)).toEqual([
        expect.stringContaining("import staff-schema from routes (for their actions) or .server files only"),
      ]);
      expect(await importProblems("app/routes/probe.tsx", `import "~/modules/fittings/staff-schema";`)).toEqual([]);
      expect(await importProblems("app/modules/fittings/probe.server.ts", `import "./staff-schema";`)).toEqual([]);
    });
  });
});

describe("import-x/no-cycle and import-x/no-duplicates over app/", () => {
  const cycle = (filePath: string, code: string) => problems(filePath, code, ["import-x/no-cycle"]);
  const duplicates = (filePath: string, code: string) => problems(filePath, code, ["import-x/no-duplicates"]);

  it("an import that closes a cycle fails; the same import where it closes none passes", async () => {
    const { importer, imported } = runtimeImportInLib();
    expect(await cycle(`app/lib/${imported}`, `import "./${importer}";\nexport const probe = 1;`)).toEqual([
      expect.stringMatching(/^Dependency cycle/),
    ]);
    expect(await cycle("app/lib/probe.ts", `import "./${importer}";`)).toEqual([]);
  });

  it("a cycle through type imports only is not one (nothing runs in a circle)", async () => {
    const { importer, imported } = runtimeImportInLib();
    expect(await cycle(`app/lib/${imported}`, `import type * as Probe from "./${importer}";\nexport type P = typeof Probe;`)).toEqual([]);
  });

  it("two imports of one file fail; ?inline and ?url of one file are two modules and pass", async () => {
    expect(
      await duplicates("app/lib/probe.ts", `import { formatMoney } from "~/lib/format";\nimport { formatDate } from "~/lib/format";`),
    ).toEqual([expect.stringContaining("imported multiple times"), expect.stringContaining("imported multiple times")]);
    expect(
      await duplicates("app/probe.tsx", `import css from "~/styles/app.css?inline";\nimport url from "~/styles/app.css?url";`),
    ).toEqual([]);
  });
});

describe("tests that cannot pass by accident (issue 24)", () => {
  const TEST = "tests/unit/probe.test.ts";
  const restricted = (filePath: string, code: string) => problems(filePath, code, ["no-restricted-syntax"]);

  it.each([
    ["Playwright's waitForTimeout", "await page.waitForTimeout(500);"],
    ["a promise that only a timer resolves", "await new Promise((resolve) => setTimeout(resolve, 100));"],
    ["the same with an arrow", "await new Promise<void>((resolve) => setTimeout(() => resolve(), 100));"],
    ["the timers/promises sleep", 'import { setTimeout as sleep } from "node:timers/promises";'],
  ])("a fixed sleep fails: %s", async (_label, code) => {
    expect(await restricted(TEST, code)).toEqual([expect.stringContaining("No fixed sleeps in tests")]);
  });

  it.each([
    ["under an if", "if (result.ok) expect(result.value).toBe(1);"],
    ["in a block under an if", "if (x) {\n  expect(x).toBe(1);\n}"],
    ["under an else", "if (x) go();\nelse expect(y).toBe(2);"],
    ["behind &&", "x && expect(x).toBe(1);"],
    ["in a ?:", "x ? expect(x).toBe(1) : expect(y).toBe(2);"],
    ["expect.poll under an if", "if (x) await expect.poll(() => x).toBe(1);"],
  ])("an expect that runs only sometimes fails: %s", async (_label, code) => {
    expect(await restricted(TEST, code)).not.toEqual([]);
    for (const message of await restricted(TEST, code)) expect(message).toContain("An expect that runs only sometimes");
  });

  it("waiting for a condition, a deadline, a zero-delay yield and an unconditional expect pass", async () => {
    const code = [
      "await expect.poll(() => read()).toBe(1);",
      "await vi.waitFor(() => expect(read()).toBe(1));",
      'await new Promise((_, reject) => setTimeout(() => reject(new Error("too late")), 1000));',
      "await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));",
      "if (!result.ok) throw new Error(result.error);",
      "expect(result.ok ? result.value : result.error).toBe(1);",
    ].join("\n");
    expect(await restricted(TEST, code)).toEqual([]);
  });

  it("holds in tests only", async () => {
    expect(await restricted("app/lib/probe.ts", "await new Promise((resolve) => setTimeout(resolve, 100));")).toEqual([]);
  });
});
