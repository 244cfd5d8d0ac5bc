// Production entry: runs the server bundle that `npm run build` wrote.
import { existsSync } from "node:fs";

// The project's Node is 24 (package.json's engines and its `node` devDependency); an older one fails later and less
// plainly (Map.groupBy, for one, is missing before 21).
if (Number(process.versions.node.split(".")[0]) < 24) {
  process.stderr.write(
    `The boutique needs Node 24 or later, and this is ${process.version}: start it with \`npm start\`, which runs the project's own Node.\n`,
  );
  process.exit(1);
}

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
