import { safeNextPath } from "@contract/next-path";

/** Where a sign-in page sends the visitor back to: `/connect?next=/extension/connect?extension=…`. */
export const NEXT_PARAM = "next";

export { safeNextPath };

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
