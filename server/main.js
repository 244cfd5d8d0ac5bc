// Production entry: runs the server bundle that `npm run build` wrote.
import { existsSync, mkdirSync } from "node:fs";
import nodeModule from "node:module";
import { join } from "node:path";

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
// Node keeps the compiled code of the bundle and the 600 dependency files it loads in the user's cache folder, so a start
// after the first compiles only what changed: about half a second of a cold start (decision 0026). Set
// NODE_COMPILE_CACHE to choose another folder, or NODE_DISABLE_COMPILE_CACHE=1 to go without.
if (!process.env.NODE_COMPILE_CACHE) {
  const { userCacheFolder } = await import("../app/lib/user-cache.server.ts");
  try {
    // The user's own, as the cached database clusters beside it; a folder that cannot be made only costs the time.
    mkdirSync(userCacheFolder(), { recursive: true, mode: 0o700 });
    nodeModule.enableCompileCache(join(userCacheFolder(), "compiled-code"));
  } catch {
    // The folder cannot be made (a read-only home, say): the server compiles its code at every start, as without it.
  }
}
const { startServer } = await import(bundle.href);
await startServer();
// Written now as well as at exit: a process that is killed never reaches its exit.
nodeModule.flushCompileCache();
