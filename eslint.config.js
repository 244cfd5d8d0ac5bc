import { readdirSync } from "node:fs";
import { join } from "node:path";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The import direction of docs/architecture.md. Paths are absolute so the rule means the same whatever folder ESLint runs from.
const root = import.meta.dirname;
const at = (...parts) => join(root, ...parts);

// Every folder under app/modules is a module; a new folder is covered the moment it exists.
const modules = readdirSync(at("app/modules"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** What code outside module `name` may import from it: its front doors, its types and form schemas (staff-only ones apart), its components. */
const publicSurface = (name) => [
  `${name}.ts`,
  `${name}.tsx`,
  `${name}.server.ts`,
  "types.ts",
  "schema.ts",
  "staff-schema.ts",
  "components",
];

const importDirection = [
  {
    target: [at("app/lib/**"), at("app/components/ui/**")],
    from: [at("app/modules/**"), at("app/routes/**"), at("app/components/layout/**")],
    message: "lib and components/ui sit below every feature: they import no module, route or layout (docs/architecture.md).",
  },
  {
    target: at("app/modules/**"),
    from: at("app/routes/**"),
    message: "Modules never import routes: a route composes modules, not the other way round (docs/architecture.md).",
  },
  ...modules.map((name) => ({
    // All of app except the module itself: routes, layout, root files and every other module.
    target: [at("app/!(modules)/**"), at("app/*.{ts,tsx}"), at(`app/modules/!(${name})/**`)],
    from: at("app/modules", name),
    except: publicSurface(name),
    message: `Outside the ${name} module, import only its public surface: ${name}.ts(x), ${name}.server.ts, types.ts, schema.ts, staff-schema.ts or components/ (docs/architecture.md).`,
  })),
];

/**
 * One owner per table (docs/architecture.md): each file of app/db/schema is imported only by the code that owns its
 * tables, plus the named read models, which read several modules' tables for staff and never write them. Anyone else
 * who needs those rows calls the owner's front door. Paths are relative to app/; a folder means all of it. app/db
 * itself (the client, backups) may import every schema file; server/, scripts/, tests/ and bench/ are not linted by
 * these zones.
 */
const tableOwners = {
  accounts: ["modules/accounts"],
  auth: ["modules/accounts"],
  admin: ["modules/admin"],
  audit: ["modules/admin"],
  catalogue: ["modules/built-in-store"],
  orders: ["modules/orders"],
  "design-requests": ["modules/design-requests"],
  fittings: ["modules/fittings"],
  mail: ["modules/mail"],
  newsletter: ["modules/newsletter"],
  "rate-limits": ["lib/rate-limit.server.ts"],
  wishlist: ["modules/wishlist"],
};
const readModels = {
  "modules/admin/dashboard-read-model.server.ts": ["design-requests", "fittings", "newsletter"],
  "modules/admin-insights/admin-insights.server.ts": ["design-requests", "fittings", "newsletter"],
};

/** Globs for every file under `dir` except the `allowed` paths (segment lists relative to `dir`; empty: all of dir). */
function everywhereBut(dir, allowed) {
  if (allowed.some((segments) => segments.length === 0)) return [];
  const heads = [...new Set(allowed.map((segments) => segments[0]))].sort();
  const rest = heads.length > 0 ? `!(${heads.join("|")})` : "*";
  return [
    join(dir, rest),
    join(dir, rest, "**"),
    ...heads.flatMap((head) =>
      everywhereBut(
        join(dir, head),
        allowed.filter((segments) => segments[0] === head).map((segments) => segments.slice(1)),
      ),
    ),
  ];
}

// A new schema file must be given an owner before anything may import it.
for (const entry of readdirSync(at("app/db/schema"))) {
  const file = entry.replace(/\.ts$/, "");
  if (!(file in tableOwners)) throw new Error(`app/db/schema/${entry} has no owner: add it to tableOwners in eslint.config.js`);
}

const tableOwnership = Object.entries(tableOwners).map(([file, owners]) => {
  const readers = Object.keys(readModels).filter((reader) => readModels[reader].includes(file));
  const allowed = ["db", ...owners, ...readers].map((path) => path.split("/"));
  return {
    target: everywhereBut(at("app"), allowed),
    from: at("app/db/schema", `${file}.ts`),
    message: `The ${file} tables belong to ${owners.join(", ")}${readers.length ? ` (read models: ${readers.join(", ")})` : ""}: call its front door for their rows (docs/architecture.md, "One owner per table").`,
  };
});

/**
 * What tests may not do. A fixed sleep waits too little on a busy machine and too long on an idle one: wait for the
 * condition instead (expect.poll, vi.waitFor, Playwright's auto-waiting expect) or drive the clock (page.clock,
 * vi.useFakeTimers). An `expect` under an `if`, a `?:` or a `&&` passes whenever the condition is false.
 */
const testRules = [
  {
    selector: "CallExpression[callee.property.name='waitForTimeout']",
    message: "No fixed sleeps in tests: wait for the condition (Playwright's expect auto-waits, expect.poll) or drive page.clock.",
  },
  {
    // new Promise((resolve) => setTimeout(resolve, 100)): a timer that only resolves. A zero delay is a yield, not a sleep.
    selector:
      "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']:not([arguments.1.value=0])",
    message: "No fixed sleeps in tests: poll for the condition (expect.poll, vi.waitFor) or drive the clock (vi.useFakeTimers).",
  },
  {
    // new Promise((resolve) => setTimeout(() => resolve(), 100)); a deadline that rejects with an error is allowed.
    selector:
      "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'] > :function.arguments:first-child[body.type='CallExpression'][body.arguments.length=0]",
    message: "No fixed sleeps in tests: poll for the condition (expect.poll, vi.waitFor) or drive the clock (vi.useFakeTimers).",
  },
  {
    selector: "ImportDeclaration[source.value=/^(node:)?timers.promises$/]",
    message: "No fixed sleeps in tests: timers/promises is a sleep; poll for the condition or drive the clock.",
  },
  {
    selector:
      ":matches(IfStatement, ConditionalExpression, LogicalExpression, SwitchCase) :matches(CallExpression[callee.name='expect'], CallExpression[callee.object.name='expect'])",
    message:
      "An expect that runs only sometimes passes whenever it does not run: assert unconditionally (expect the value either way, or fail when the case cannot be checked).",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "bench/fixtures/*/build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Server-only code must never reach the browser bundle.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/*.server", "**/*.server.ts"], message: "import server modules from routes or other .server files only" },
            {
              // Its schemas are built at the module's top level, which bundlers never tree-shake: imported by a
              // component, every staff schema (and the zod code only they use) would reach the shopper's pages.
              group: ["**/staff-schema", "**/staff-schema.ts"],
              message: "import staff-schema from routes (for their actions) or .server files only",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      "app/routes/**",
      "app/**/*.server.ts",
      "app/entry.server.tsx",
      "app/root.tsx",
      "server/**",
      "tests/**",
      "bench/**",
      "scripts/**",
    ],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // server/ (the composition root), scripts/, tests/ and bench/ may import anything, so the rule looks at app/ only.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // Resolves the `~/` alias from tsconfig.json; an import it cannot resolve is not checked, which tests/unit/architecture guards against.
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: at("tsconfig.json") })],
      // Which files import-x reads to follow imports further (no-cycle): without these it reads no .ts file and finds no cycle.
      "import-x/extensions": [".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: [...importDirection, ...tableOwnership] }],
      // A cycle makes the order modules run in decide what is defined: a cycle inside a module means a shared piece
      // sits in the wrong file (an internal file importing its own front door). Type-only imports do not count.
      "import-x/no-cycle": "error",
      // `?inline` and `?url` of one file are two modules to Vite.
      "import-x/no-duplicates": ["error", { considerQueryString: true }],
    },
  },
  {
    // Tests that cannot pass by accident (issue 24): no fixed sleeps, no assertion that runs only sometimes.
    files: ["tests/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...testRules] },
  },

  // --- One date formatter (issue 24, DESIGN principle 7) -------------------------------------------------------
  // Every visible date and time is written by app/lib/format.ts on the boutique's clock; nothing else asks Intl or
  // toLocale*String for one. vtimezone.server.ts reads zone offsets for invitations (calendar data, not text).
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["app/lib/format.ts", "app/modules/fittings/vtimezone.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
          message: "Write dates and times with app/lib/format.ts (formatDateTime, formatDay, ...) on the boutique's time zone.",
        },
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
          message: "Write dates and times with app/lib/format.ts (and prices with formatPrice), not toLocale*String.",
        },
      ],
    },
  },
);
