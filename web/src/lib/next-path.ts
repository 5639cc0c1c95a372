/** Where a sign-in page sends the visitor back to: `/connect?next=/extension/connect?extension=…`. */
export const NEXT_PARAM = "next";

const PROBE_ORIGIN = "https://ranklayer.invalid";

/**
 * The `next` path when it is a same-origin relative path ("/extension/connect?extension=abc"),
 * else null: never "//evil.example", "/\\evil.example", "https://…" or "javascript:…", so a
 * crafted sign-in link cannot send a visitor off the site (an open redirect).
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * An invitation page waiting for its visitor to sign in by email: the email's link opens /signin
 * on its own (maybe in another tab), so the path is kept in localStorage, not in the URL.
 */
const PENDING_KEY = "ranklayer:after-sign-in";

export function rememberAfterSignIn(path: string): void {
  try {
    localStorage.setItem(PENDING_KEY, path);
  } catch {
    // Storage off (private mode): the visitor opens the invitation link again after signing in.
  }
}

/** The remembered path (same-origin only), once: it is forgotten as it is read. */
export function takeAfterSignIn(): string | null {
  try {
    const path = safeNextPath(localStorage.getItem(PENDING_KEY));
    localStorage.removeItem(PENDING_KEY);
    return path;
  } catch {
    return null;
  }
}

/** The sign-in page's address that brings the visitor back to `path` afterwards. */
export function signInPathReturningTo(path: string): string {
  return `/connect?${new URLSearchParams({ [NEXT_PARAM]: path })}`;
}
