/** Query parameters whose values are keys to something (an unsubscribe token, a signature...). */
const SECRET_NAMES = /token|key|secret|sig|signature|password|passwd|auth|code|session|email/i;

/**
 * A request's path and query for a log line: the values of token-like
 * parameters become "redacted", so a log never holds a working link.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const parts = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll("+", " "));
      } catch {
        // A name that does not decode is judged as written.
      }
      return equals !== -1 && SECRET_NAMES.test(decoded) ? `${name}=redacted` : pair;
    });
  return `${url.slice(0, queryAt)}?${parts.join("&")}`;
}
