/**
 * One page of an ordered list, after the position the cursor names. The cursor is the base64url
 * of the last item's sort key (the values of the store's ORDER BY, e.g. `[created_at, id]`), not
 * of the item itself: the next page starts at the first item after that position, so a list whose
 * items are deleted, marked read or added meanwhile never breaks a cursor ("process a page, mark
 * it read, fetch the next" works). Pure: the lists paged here (watchlist, alerts, notifications)
 * are bounded by the plans.
 */
export type PageResult<T> = { ok: true; items: T[]; next_cursor: string | null } | { ok: false; detail: string };

/** The fields of T that hold text. */
type TextField<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/** How a list is sorted, as its store's ORDER BY says. */
export interface ListOrder<T> {
  /**
   * The fields the store sorts by, most significant first, ending in one that is unique (an id),
   * so no two items share a position. ASCII text only (timestamps, ids, codes), so JavaScript
   * compares them as SQLite does.
   */
  by: readonly TextField<T>[];
  descending?: boolean;
}

export const BAD_CURSOR = "Unknown or expired cursor: start again without one.";

const encode = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function decode(cursor: string): string | null {
  try {
    const binary = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The sort key a cursor carries, or null when it is no sort key at all (malformed or tampered with). Exported for lists paged in SQL. */
export function positionOf(cursor: string): string[] | null {
  const text = decode(cursor);
  if (text === null) return null;
  try {
    const key: unknown = JSON.parse(text);
    return Array.isArray(key) && key.length > 0 && key.every((value) => typeof value === "string") ? key : null;
  } catch {
    return null;
  }
}

/** Negative when `a` sorts before `b` ascending. */
function compareKeys(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! < b[i]!) return -1;
    if (a[i]! > b[i]!) return 1;
  }
  return 0;
}

export function paginate<T>(items: readonly T[], order: ListOrder<T>, query: { cursor?: string; limit?: number }): PageResult<T> {
  const keyOf = (item: T) => order.by.map((field) => item[field] as string);
  const sign = order.descending ? -1 : 1;
  let start = 0;
  if (query.cursor !== undefined) {
    const after = positionOf(query.cursor);
    // A key of another length is not one of this list's positions.
    if (after === null || after.length !== order.by.length) return { ok: false, detail: BAD_CURSOR };
    start = items.findIndex((item) => sign * compareKeys(keyOf(item), after) > 0);
    if (start < 0) start = items.length;
  }
  const end = query.limit === undefined ? items.length : Math.min(items.length, start + query.limit);
  const page = items.slice(start, end);
  const last = page.at(-1);
  return { ok: true, items: page, next_cursor: end < items.length && last !== undefined ? encode(JSON.stringify(keyOf(last))) : null };
}
