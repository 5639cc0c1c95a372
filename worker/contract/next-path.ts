/** Where a sign-in sends the visitor back to, shared by the web app and the Worker (GET /api/auth/url's `next`). */

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
  // Dot segments can normalise into a network path: "/.//evil.example" becomes "//evil.example".
  if (url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
