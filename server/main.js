// Production entry: runs the server bundle that `npm run build` wrote.
import { existsSync } from "node:fs";

const bundle = new URL("../build/server/index.js", import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write("No production build found: run `npm run build` first (npm start does this for you).\n");
  process.exit(1);
}
// React, React Router and Express pick their production code from NODE_ENV when they load: unset, the
// server would render with React's development build (slower, and not what production runs).
process.env.NODE_ENV ??= "production";
const { startServer } = await import(bundle.href);
await startServer();
