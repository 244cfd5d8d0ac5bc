import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { envSchema } from "~/lib/env.server";

// What the docs name, and whether it exists: files and folders, `npm run` scripts, environment variables, links.

export const root = fileURLToPath(new URL("../../..", import.meta.url));

/** Every variable the server's env schema reads. */
export const schemaVariables: readonly string[] = Object.keys(envSchema.shape);

/**
 * Variables read outside the schema: by the tests, Playwright's config, the benchmarks or server/start.sh. The test
 * checks each one is still read somewhere, so this list cannot outlive its variables.
 */
export const externalVariables: readonly string[] = [
  "CI",
  "CHROMIUM_PATH",
  "TEST_DATABASE_URL",
  "E2E_PORT",
  "E2E_DATA_DIR",
  "BENCH_DATABASE_URL",
  "BENCH_POSTGRES_URL",
  "BENCH_ROWS_FILE",
  "MALLOC_ARENA_MAX",
  "GLIBC_TUNABLES",
];

/** Files git knows (tracked, or new and not ignored): what a fresh clone would have. */
export function repoFiles(): Set<string> {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" });
  return new Set(out.split("\0").filter(Boolean));
}

/** The docs the check reads: the README and everything under docs/. */
export function docPaths(files: Set<string>): string[] {
  return [...files].filter((path) => path === "README.md" || (path.startsWith("docs/") && path.endsWith(".md"))).sort();
}

const FILE_EXTENSIONS = ["ts", "tsx", "js", "mjs", "cjs", "json", "md", "sql", "sh", "css", "graphql", "yml", "yaml", "png", "jpg", "svg"];
const FILE_NAME = new RegExp(`\\.(${FILE_EXTENSIONS.join("|")})$`);
const MIME_TYPE = /^(text|application|multipart|image|audio|video|font)\/[\w.+-]+$/;
/** An UPPER_SNAKE name, alone or as `NAME=value` or `NAME/sub/path`. */
const ENV_NAME = /^([A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9])(?:[=/].*)?$/;

export interface Problem {
  doc: string;
  line: number;
  kind: "file" | "script" | "variable" | "link";
  name: string;
}

export interface Known {
  files: Set<string>;
  /** Every folder that holds a known file, with a trailing slash. */
  folders: Set<string>;
  /** Base names of known files, and of known folders. */
  baseNames: Set<string>;
  folderNames: Set<string>;
  scripts: Set<string>;
  variables: Set<string>;
  /** UPPER_SNAKE constants declared in the code (`const BODY_RULES = …`): a doc may name those too. */
  constants: Set<string>;
  /** Paths git ignores exist only after a build or a run (build/, app/styles/fonts/): named, not checked. */
  isIgnored: (path: string) => boolean;
}

export function knownNames(): Known {
  const files = repoFiles();
  const folders = new Set<string>();
  for (const file of files) {
    for (let dir = posix.dirname(file); dir !== "."; dir = posix.dirname(dir)) folders.add(`${dir}/`);
  }
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const constants = new Set<string>();
  for (const file of files) {
    if (!/\.(ts|tsx|js|mjs)$/.test(file) || file.startsWith("docs/")) continue;
    for (const match of readFileSync(join(root, file), "utf8").matchAll(/\b(?:const|let|var|enum)\s+([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b/g)) {
      constants.add(match[1]!);
    }
  }
  const ignoredCache = new Map<string, boolean>();
  return {
    files,
    folders,
    baseNames: new Set([...files].map((file) => posix.basename(file))),
    folderNames: new Set([...folders].map((folder) => posix.basename(folder))),
    scripts: new Set(Object.keys(pkg.scripts)),
    variables: new Set([...schemaVariables, ...externalVariables]),
    constants,
    isIgnored(path) {
      if (!ignoredCache.has(path)) {
        let ignored = true;
        try {
          execFileSync("git", ["check-ignore", "-q", "--no-index", path], { cwd: root });
        } catch {
          ignored = false;
        }
        ignoredCache.set(path, ignored);
      }
      return ignoredCache.get(path)!;
    },
  };
}

/**
 * A word from inline code that names a repo file or folder, or null. A word is a path when it ends in a known file
 * extension, ends in "/", is a dotted dotfile (`.env.example`), or starts with a folder that exists
 * (`drizzle/0002`); URLs, routes (`/admin`), packages, MIME types, zones (`America/New_York`), ranges (`10.0.0.0/8`),
 * rule names (`import-x/no-restricted-paths`) and placeholders (`modules/<domain>/`, `X.ts`) are not.
 */
export function pathOf(word: string, known: Known, doc: string): string | null {
  const token = word.replace(/^[("']+/, "").replace(/[)"',;:.]+$/, "");
  if (!token || /[<>{}[\]…$=|]|\.\.\.|:\/\//.test(token)) return null;
  if (token.startsWith("/") || token.startsWith("~") || MIME_TYPE.test(token)) return null;
  if (ENV_NAME.test(token)) return null; // DATA_DIR/uploads: a folder under a variable, checked as the variable
  if (token.split("/").some((segment) => /^[A-Z](\.|$)/.test(segment))) return null; // modules/X/X.ts: a placeholder
  if (token.startsWith("@")) return FILE_NAME.test(token) ? `node_modules/${token}` : null; // a package's own file
  if (FILE_NAME.test(token) || token.endsWith("/") || /^\.[a-z][\w-]*\.[\w.-]+$/.test(token)) return token;
  if (!token.includes("/")) return null;
  const first = token.replace(/^\.\//, "").split("/")[0]!;
  return BASES(doc).some((base) => known.folders.has(posix.join(base, first) + "/") || known.isIgnored(posix.join(base, first) + "/"))
    ? token
    : null;
}

/** Where a relative path may start: the repo's root, the doc's folder, app/ and app/modules/. */
const BASES = (doc: string) => ["", posix.dirname(doc), "app", "app/modules"];

function exists(path: string, doc: string, known: Known): boolean {
  if (path.startsWith("node_modules/")) return existsSync(join(root, path));
  const [head] = path.split("*"); // a glob (app/db/schema/*.ts): its fixed part must exist
  const glob = head !== path;
  const folderName = path.endsWith("/") ? path.slice(0, -1) : null;
  // A bare name (`gown-art.ts`, `templates/`) is found by its name anywhere in the repo.
  if (!glob && !(folderName ?? path).includes("/")) {
    return folderName === null
      ? known.baseNames.has(path) || known.isIgnored(path)
      : known.folderNames.has(folderName) || known.isIgnored(path);
  }
  for (const base of BASES(doc)) {
    const candidate = posix.normalize(posix.join(base, head!));
    const asFolder = candidate.endsWith("/") ? candidate : `${candidate}/`;
    if (glob) {
      // `app/lib/**` needs the folder app/lib/; `app/db/schema/*.ts` needs app/db/schema/.
      if (known.folders.has(candidate.endsWith("/") ? candidate : `${posix.dirname(candidate)}/`)) return true;
      continue;
    }
    if (known.files.has(candidate) || known.folders.has(asFolder) || known.isIgnored(candidate) || known.isIgnored(asFolder)) return true;
  }
  return false;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .replace(/`/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a doc's headings (outside code blocks), with GitHub's -1, -2 for repeats. */
function anchorsIn(text: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of blankCodeBlocks(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = anchorOf(match[1]!);
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** The text with fenced code blocks and inline code blanked, so line numbers stay. */
function blankCodeBlocks(text: string): string {
  return text.replace(/^ *(```|~~~)[\s\S]*?^ *\1.*$/gm, (block) => block.replace(/[^\n]/g, " "));
}

/** Local links ([text](path#anchor)) that lead nowhere; a link's text may run over several lines. */
function checkLinks(doc: string, text: string, known: Known): Problem[] {
  const problems: Problem[] = [];
  const prose = blankCodeBlocks(text).replace(/`[^`\n]*`/g, (code) => code.replace(/[^\n]/g, "x"));
  for (const match of prose.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const target = match[1]!;
    if (/^[a-z]+:/.test(target)) continue;
    const line = prose.slice(0, match.index).split("\n").length;
    const [pathPart = "", anchor] = target.split("#");
    const path = decodeURIComponent(pathPart);
    const resolved = path ? posix.normalize(posix.join(posix.dirname(doc), path)) : doc;
    const isFile = !path || known.files.has(resolved);
    if (!isFile && !known.folders.has(resolved.endsWith("/") ? resolved : `${resolved}/`)) {
      problems.push({ doc, line, kind: "link", name: target });
    } else if (anchor !== undefined && isFile && resolved.endsWith(".md")) {
      const anchors = resolved === doc ? anchorsIn(text) : anchorsIn(readDoc(resolved));
      if (!anchors.has(anchor)) problems.push({ doc, line, kind: "link", name: target });
    }
  }
  return problems;
}

/** Everything in one doc that names what does not exist. */
export function checkDoc(doc: string, text: string, known: Known): Problem[] {
  const problems: Problem[] = checkLinks(doc, text, known);
  let fenced = false;
  text.split("\n").forEach((line, index) => {
    const at = { doc, line: index + 1 };
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    for (const match of line.matchAll(/\bnpm run ([\w:.-]+)/g)) {
      if (!known.scripts.has(match[1]!)) problems.push({ ...at, kind: "script", name: match[1]! });
    }
    if (fenced) {
      // Commands and trees in a block: only variables set in a command line are checked.
      for (const match of line.matchAll(/(?:^|\s)([A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9])=/g)) {
        if (!known.variables.has(match[1]!)) problems.push({ ...at, kind: "variable", name: match[1]! });
      }
      return;
    }
    for (const span of line.matchAll(/`([^`]+)`/g)) {
      for (const word of span[1]!.split(/\s+/)) {
        const variable = ENV_NAME.exec(word.replace(/^[("']+/, "").replace(/[)"',;:.]+$/, ""))?.[1];
        if (variable && !known.variables.has(variable) && !known.constants.has(variable)) {
          problems.push({ ...at, kind: "variable", name: variable });
        }
        const path = pathOf(word, known, doc);
        if (path && !exists(path, doc, known)) problems.push({ ...at, kind: "file", name: path });
      }
    }
  });
  return problems.sort((a, b) => a.line - b.line);
}

export function readDoc(doc: string): string {
  return readFileSync(join(root, doc), "utf8");
}
