import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The server bundle's entry is our own server (express, workers, shutdown);
  // it reaches React Router's build through the virtual module.
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      resolve: {
        noExternal: [
          // Bundled, so only the icons we draw come along: left external, the server loads all of lucide-react's
          // icons (a 1.3 MB module, held twice in the heap as source and code) to render a dozen.
          "lucide-react",
          // Plain JavaScript spread over many small files: 1,200 of the 1,830 files a start loaded (decision 0028).
          // Bundled, a start reads a few large files instead. Packages with native code, WebAssembly or files of
          // their own to read (PGlite, pg, sharp, pino's workers) stay external.
          "better-auth",
          /^@better-auth\//,
          "better-call",
          "kysely",
          "drizzle-orm",
          "zod",
          "graphql",
          "@simplewebauthn/server",
          /^@peculiar\//,
          "tsyringe",
          "jose",
        ],
      },
    },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React and React Router run almost whole while a page loads: V8 compiles the chunk eagerly, off the main
            // thread while it streams in, instead of function by function on the main thread as hydration first calls
            // them (Chromium's explicit compile hints; other browsers read a comment).
            postBanner: (chunk) => (chunk.name === "framework" ? "//# allFunctionsCalledOnLoad\n" : ""),
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]|vite[\\/]preload-helper/,
                  priority: 20,
                },
                {
                  // Toasts load with the first one, or when the browser is idle (app/lib/toast.tsx).
                  name: "toasts",
                  test: /node_modules[\\/]sonner[\\/]/,
                  priority: 20,
                },
                {
                  // Forms and their schemas (zod): only pages with a form load them, not every page.
                  name: "forms",
                  test: /node_modules[\\/]zod[\\/]|[\\/]app[\\/]lib[\\/](forms|fields)\.ts/,
                  priority: 15,
                },
                {
                  // What most pages draw (the shell's parts, helpers, icons), in one chunk rather than dozens of tiny ones.
                  // Not the primitives built on Radix's dialogs, tabs and the date grid: a group takes in what its
                  // modules import, so with them every page loaded Radix (about 15 KB compressed) for dialogs that load
                  // on first use (decision 0005) and forms only some pages have. confirm-dialog is built on alert-dialog, so it
                  // stays out too: taken in, it brought Radix back onto every page (first-load JS on / 142 → 161 KB gzip).
                  name: "shared",
                  test: /[\\/]app[\\/](components[\\/](?!ui[\\/](dialog|sheet-panel|alert-dialog|confirm-dialog|tabs|panel-tabs|date-grid|token-landing|table)\.tsx)|lib[\\/])|[\\/]app[\\/]modules[\\/][^\\/]+[\\/](constants|content[\\/])|lucide-react/,
                  minShareCount: 2,
                  priority: 10,
                },
              ],
            },
          },
        },
      },
    },
  },
  build: { assetsInlineLimit: 0, sourcemap: process.env.BUNDLE_REPORT === "1" },
  plugins: [tailwindcss(), reactRouter()],
});
