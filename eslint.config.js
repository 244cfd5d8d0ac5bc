import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench/results/"] },
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
);
