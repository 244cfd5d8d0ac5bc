// Development entry: Vite compiles the app on demand and reloads it on change.
// Run with --conditions=development (npm run dev does): Vite loads React Router's
// development build for the app, and Node must resolve the same copy for the
// adapter, or the request context is not recognised.
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
