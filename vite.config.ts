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
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  build: { assetsInlineLimit: 0, sourcemap: process.env.BUNDLE_REPORT === "1" },
  plugins: [tailwindcss(), reactRouter()],
});
