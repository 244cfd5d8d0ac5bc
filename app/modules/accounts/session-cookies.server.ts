/** A Cookie header made of the cookies a response just set, to act as that new session straight away (e.g. to end it). */
export function cookieHeaderFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";", 1)[0])
    .join("; ");
}

export function mergeSetCookies(...responses: Response[]): Headers {
  const headers = new Headers();
  for (const response of responses) for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
