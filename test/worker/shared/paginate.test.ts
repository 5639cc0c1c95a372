import { describe, expect, it } from "vitest";
import { BAD_CURSOR, paginate, type ListOrder } from "../../../worker/shared/paginate";

type Item = { at: string; id: string };
/** Sorted as a store would: by time, then by id (ties on time are broken by the id). */
const items: Item[] = [
  { at: "2026-11-20", id: "a" },
  { at: "2026-11-21", id: "b" },
  { at: "2026-11-21", id: "c" },
  { at: "2026-11-22", id: "d" },
  { at: "2026-11-23", id: "e" },
];
const oldestFirst: ListOrder<Item> = { by: ["at", "id"] };
const newestFirst: ListOrder<Item> = { by: ["at", "id"], descending: true };
const ids = (result: ReturnType<typeof paginate<Item>>) => (result.ok ? result.items.map((item) => item.id) : result.detail);

function nextCursor(list: readonly Item[], order: ListOrder<Item>, query: { cursor?: string; limit?: number }): string {
  const result = paginate(list, order, query);
  if (!result.ok || !result.next_cursor) throw new Error("expected a next page");
  return result.next_cursor;
}

describe("paginate", () => {
  it("answers the whole list without a limit", () => {
    expect(paginate(items, oldestFirst, {})).toEqual({ ok: true, items, next_cursor: null });
  });

  it("walks the list page by page with next_cursor, ending with null, in either direction", () => {
    for (const [order, list] of [[oldestFirst, items], [newestFirst, [...items].reverse()]] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 5; page++) {
        const result = paginate(list, order, { cursor, limit: 2 });
        if (!result.ok) throw new Error(result.detail);
        seen.push(...result.items.map((item) => item.id));
        if (result.next_cursor === null) break;
        cursor = result.next_cursor;
      }
      expect(seen).toEqual(list.map((item) => item.id));
    }
  });

  it("continues after the cursor's position when the last item of the page has left the list", () => {
    const cursor = nextCursor(items, oldestFirst, { limit: 2 });
    const withoutPage = items.filter((item) => item.id !== "a" && item.id !== "b");
    expect(ids(paginate(withoutPage, oldestFirst, { cursor, limit: 2 }))).toEqual(["c", "d"]);
  });

  it("continues after the cursor's position in a newest-first list whose page was removed (marked read)", () => {
    const newest = [...items].reverse();
    const cursor = nextCursor(newest, newestFirst, { limit: 1 });
    expect(ids(paginate(newest.slice(1), newestFirst, { cursor, limit: 2 }))).toEqual(["d", "c"]);
  });

  it("keeps its place when items before the cursor go away or new ones arrive after it", () => {
    const cursor = nextCursor(items, oldestFirst, { limit: 2 });
    const changed = [...items.filter((item) => item.id !== "a"), { at: "2026-11-24", id: "f" }];
    expect(ids(paginate(changed, oldestFirst, { cursor }))).toEqual(["c", "d", "e", "f"]);
  });

  it("answers an empty last page for a cursor past the end", () => {
    const cursor = nextCursor(items, oldestFirst, { limit: 4 });
    expect(paginate(items.slice(0, 4), oldestFirst, { cursor })).toEqual({ ok: true, items: [], next_cursor: null });
    expect(paginate([], oldestFirst, { cursor })).toEqual({ ok: true, items: [], next_cursor: null });
  });

  it("refuses a malformed or tampered cursor", () => {
    const json = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "");
    for (const cursor of ["%%%", "bm9wZQ", json("2026-11-21"), json([]), json(["2026-11-21"]), json(["2026-11-21", 3]), json({ at: "x" })]) {
      expect(paginate(items, oldestFirst, { cursor }), cursor).toEqual({ ok: false, detail: BAD_CURSOR });
      expect(paginate([], oldestFirst, { cursor }), `${cursor} on an empty list`).toEqual({ ok: false, detail: BAD_CURSOR });
    }
  });
});
