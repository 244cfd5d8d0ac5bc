import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { temporaryRoot } from "./tests/helpers/temporary-root";

temporaryRoot();

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    // A test that asserts nothing passes whatever the code does: every test must make at least one assertion.
    expect: { requireAssertions: true },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Runs after `npm run build`: these start the real server as a process.
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          // A test that starts its own server waits up to startBoutique's 180 s for it: a cold start on a
          // fresh folder took 25-50 s with the shared 2-core machine loaded, which a 60 s budget cut short.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
