// Development entry: Vite compiles the app on demand and reloads it on change.
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { startServer } = await vite.ssrLoadModule("./server/app.ts");
await startServer({
  env: { NODE_ENV: "development", ...process.env },
  dev: {
    middlewares: vite.middlewares,
    loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
  },
});
