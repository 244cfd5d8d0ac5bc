import { readdirSync } from "node:fs";
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

/** The messages of the two import rules for `code` placed at `filePath`. */
async function importProblems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages
    .filter((message) => message.ruleId === "import-x/no-restricted-paths" || message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
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

  describe("*.server.ts never reaches client code", () => {
    it("a component importing a .server file fails; a route or another .server file may", async () => {
      expect(await importProblems("app/components/ui/probe.tsx", `import "~/lib/env.server";`)).toEqual([
        expect.stringContaining("import server modules from routes or other .server files only"),
      ]);
      expect(await importProblems("app/routes/probe.tsx", `import "~/lib/env.server";`)).toEqual([]);
      expect(await importProblems("app/lib/probe.server.ts", `import "~/lib/env.server";`)).toEqual([]);
    });
  });
});
