/**
 * One page of an ordered list, after the item whose key is the cursor. The cursor is the
 * base64url of that key, so it stays valid when items before it are added or removed.
 * Pure: the lists paged here (watchlist, alerts, notifications) are bounded by the plans.
 */
export type PageResult<T> = { ok: true; items: T[]; next_cursor: string | null } | { ok: false; detail: string };

const encode = (key: string) => btoa(String.fromCharCode(...new TextEncoder().encode(key))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function decode(cursor: string): string | null {
  try {
    const binary = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function paginate<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  query: { cursor?: string; limit?: number },
): PageResult<T> {
  let start = 0;
  if (query.cursor !== undefined) {
    const key = decode(query.cursor);
    const at = key === null ? -1 : items.findIndex((item) => keyOf(item) === key);
    if (at < 0) return { ok: false, detail: "Unknown or expired cursor: start again without one." };
    start = at + 1;
  }
  const end = query.limit === undefined ? items.length : Math.min(items.length, start + query.limit);
  const page = items.slice(start, end);
  const last = page.at(-1);
  return { ok: true, items: page, next_cursor: end < items.length && last !== undefined ? encode(keyOf(last)) : null };
}
