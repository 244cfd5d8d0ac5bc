/**
 * Working secrets (a reset or verification token, a signed link, an id that opens a page, a cookie, a bearer
 * token) taken out of what the process writes about itself: a URL, free text such as an error's message or
 * stack, a whole log record. Which path segments are secrets is the caller's to say, as route patterns
 * ("/reset/:token"): this file knows no route.
 */

/** Query parameters whose values are keys to something (an unsubscribe token, a signature, a login code...). */
const SECRET_QUERY_NAMES = /token|key|secret|sig|signature|password|passwd|auth|code|session|state|email/i;

/** Record keys whose values are credentials wherever they sit: the headers that carry them, and *token / *password fields. */
const SECRET_KEYS = /^(?:cookie|set-cookie|authorization|proxy-authorization)$|token$|api-?key$|password$|passwd$/i;

/** What a secret is replaced by; a redacted path segment reads as its pattern's name (":token") instead. */
const REDACTED = "redacted";

// A URL or a path inside free text: from a scheme at a word's start, or from a slash, to the next space or quote.
const URL_IN_TEXT = /(?<![\w+.-])[a-z][\w+.-]*:\/\/[^\s"'<>`]*|[/\\][^\s"'<>`]*/gi;
const BEARER_IN_TEXT = /\b(bearer)\s+[\w~+/.-]+=*/gi;
// name=value pairs of a cookie or a form body quoted in a message.
const PAIR_IN_TEXT = /(?<![\w.-])([\w.-]*(?:token|secret|session|password|passwd)[\w.-]*)=(?!redacted\b)[^\s;&,"']+/gi;
// The separators a URL parser, or a router after decoding, reads as "/".
const PATH_SEPARATORS = /(\/|\\|%2f|%5c)/i;

type Segment = { kind: "literal"; text: string } | { kind: "secret"; name: string } | { kind: "any" };

/**
 * A route pattern's variants as segment lists: "/a/:b?/c" is "/a/c" and "/a/:b/c". `:name` is a secret,
 * `*` any one segment kept as it is; trailing `*`s are dropped (a pattern matches the start of a path).
 */
function compilePattern(pattern: string): Segment[][] {
  let variants: Segment[][] = [[]];
  for (const part of pattern.split("/").filter(Boolean)) {
    const optional = part.endsWith("?");
    const text = optional ? part.slice(0, -1) : part;
    const segment: Segment =
      text === "*"
        ? { kind: "any" }
        : text.startsWith(":")
          ? { kind: "secret", name: text.slice(1) }
          : { kind: "literal", text: decoded(text) };
    variants = variants.flatMap((variant) => (optional ? [variant, [...variant, segment]] : [[...variant, segment]]));
  }
  return variants
    .map((variant) => {
      const end = variant.findLastIndex((segment) => segment.kind !== "any");
      return variant.slice(0, end + 1);
    })
    .filter((variant) => variant.some((segment) => segment.kind === "secret"));
}

/** A path segment or query part as a router compares it: percent-decoded (once) and in lower case. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text).toLowerCase();
  } catch {
    return text.toLowerCase();
  }
}

function decodedQueryPart(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

export class Redactor {
  #patterns: Segment[][] = [];
  readonly #queryNames: RegExp;

  constructor(options: { paths?: Iterable<string>; queryNames?: RegExp } = {}) {
    const names = options.queryNames ?? SECRET_QUERY_NAMES;
    // Without g or y, so test() keeps no position between calls.
    this.#queryNames = new RegExp(names.source, names.flags.replace(/[gy]/g, ""));
    this.addPaths(options.paths ?? []);
  }

  /** Route patterns whose `:name` segments are secrets, e.g. "/api/auth/reset-password/:token". */
  addPaths(patterns: Iterable<string>): void {
    for (const pattern of patterns) this.#patterns.push(...compilePattern(pattern));
  }

  /**
   * A URL or a request target with its secrets replaced: secret path segments become `:name`, secret query
   * values and a password in the authority "redacted", a fragment "#redacted"; a query value that is itself a
   * URL (a callback, a redirect) is redacted in turn. Anything with nothing secret comes back unchanged.
   */
  url(url: string): string {
    let head = "";
    let rest = url;
    const origin = /^([a-z][\w+.-]*:\/\/)([^/\\?#]*)/i.exec(url);
    if (origin) {
      const [whole, scheme, authority] = origin as unknown as [string, string, string];
      const at = authority.lastIndexOf("@");
      const userinfo = authority.slice(0, Math.max(at, 0));
      const hidden = at === -1 ? "" : userinfo.includes(":") ? `${userinfo.slice(0, userinfo.indexOf(":"))}:${REDACTED}@` : `${REDACTED}@`;
      head = `${scheme}${hidden}${authority.slice(at + 1)}`;
      rest = url.slice(whole.length);
    }
    const hashAt = rest.indexOf("#");
    const beforeHash = hashAt === -1 ? rest : rest.slice(0, hashAt);
    const fragment = hashAt === -1 ? "" : hashAt === rest.length - 1 ? "#" : `#${REDACTED}`;
    const queryAt = beforeHash.indexOf("?");
    const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
    const query = queryAt === -1 ? "" : `?${this.#query(beforeHash.slice(queryAt + 1))}`;
    const result = `${head}${this.#path(path)}${query}${fragment}`;
    return result === url ? url : result;
  }

  /** Free text (a message, a stack trace): every URL or path in it, bearer tokens, and secret-named name=value pairs. */
  text(text: string): string {
    const result = text
      .replace(URL_IN_TEXT, (found) => this.url(found))
      .replace(BEARER_IN_TEXT, `$1 ${REDACTED}`)
      .replace(PAIR_IN_TEXT, `$1=${REDACTED}`);
    return result === text ? text : result;
  }

  /** A log record (any JSON value): every string as text, and the value of a credential-named key (a cookie header) whole. */
  record(value: unknown, key?: string): unknown {
    if (key !== undefined && SECRET_KEYS.test(key) && typeof value !== "boolean" && typeof value !== "number" && value != null) {
      return REDACTED;
    }
    if (typeof value === "string") return this.text(value);
    if (typeof value !== "object" || value === null) return value;
    let changed = false;
    const entries = Object.entries(value).map(([name, inner]) => {
      const redacted = this.record(inner, Array.isArray(value) ? undefined : name);
      if (redacted !== inner) changed = true;
      return [name, redacted] as const;
    });
    if (!changed) return value;
    return Array.isArray(value) ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
  }

  /** One written log line (JSON, or plain text when it is not), ready to write. */
  line(line: string): string {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return this.text(line);
    }
    const redacted = this.record(parsed);
    return redacted === parsed ? line : `${JSON.stringify(redacted)}${line.endsWith("\n") ? "\n" : ""}`;
  }

  #path(path: string): string {
    // Split at every separator a parser may read as "/", keeping them, so the path is put back as it was written.
    const parts = path.split(PATH_SEPARATORS);
    // The segments a router sees: empty and "." ones skipped, ".." going back one, as URL parsers resolve them.
    const seen: { at: number; text: string }[] = [];
    for (let at = 0; at < parts.length; at += 2) {
      const text = decoded(parts[at]!);
      if (text === "" || text === ".") continue;
      if (text === "..") seen.pop();
      else seen.push({ at, text });
    }
    let changed = false;
    for (const pattern of this.#patterns) {
      if (pattern.length > seen.length) continue;
      if (!pattern.every((segment, i) => segment.kind !== "literal" || segment.text === seen[i]!.text)) continue;
      pattern.forEach((segment, i) => {
        if (segment.kind !== "secret") return;
        parts[seen[i]!.at] = `:${segment.name}`;
        changed = true;
      });
    }
    return changed ? parts.join("") : path;
  }

  #query(query: string): string {
    return query
      .split("&")
      .map((pair) => {
        const equals = pair.indexOf("=");
        if (equals === -1) return pair;
        const name = pair.slice(0, equals);
        if (this.#queryNames.test(decodedQueryPart(name))) return `${name}=${REDACTED}`;
        const value = decodedQueryPart(pair.slice(equals + 1));
        if (!/^(?:[a-z][\w+.-]*:)?[/\\]/i.test(value)) return pair;
        const inner = this.url(value);
        return inner === value ? pair : `${name}=${encodeURIComponent(inner)}`;
      })
      .join("&");
  }
}
