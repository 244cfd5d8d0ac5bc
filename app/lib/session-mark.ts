/**
 * A mark kept in sessionStorage for the rest of the browser session, for what happens once a session (the home page's
 * intro, the newsletter's invitation). Storage that cannot be read counts as marked, so the thing is skipped rather
 * than repeated on every page; a mark that cannot be written is simply not remembered.
 */
export function hasSessionMark(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) !== null;
  } catch {
    return true;
  }
}

export function setSessionMark(key: string, value = "1"): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // nothing to remember it in: it may happen again on this session's next page load, which is harmless
  }
}
