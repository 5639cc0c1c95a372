import { describe, expect, it } from "vitest";
import { paginate } from "../../../worker/shared/paginate";

const items = ["a", "b", "c", "d", "e"].map((id) => ({ id }));
const key = (item: { id: string }) => item.id;

describe("paginate", () => {
  it("answers the whole list without a limit", () => {
    expect(paginate(items, key, {})).toEqual({ ok: true, items, next_cursor: null });
  });

  it("walks the list page by page with next_cursor, ending with null", () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const result = paginate(items, key, { cursor, limit: 2 });
      if (!result.ok) throw new Error(result.detail);
      seen.push(...result.items.map(key));
      if (result.next_cursor === null) break;
      cursor = result.next_cursor;
    }
    expect(seen).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("keeps its place when an item before the cursor goes away", () => {
    const first = paginate(items, key, { limit: 2 });
    if (!first.ok || !first.next_cursor) throw new Error("expected a next page");
    const after = paginate(items.filter((item) => item.id !== "a"), key, { cursor: first.next_cursor, limit: 2 });
    expect(after).toMatchObject({ ok: true, items: [{ id: "c" }, { id: "d" }] });
  });

  it("refuses a cursor that names no item", () => {
    expect(paginate(items, key, { cursor: "bm9wZQ" })).toEqual({ ok: false, detail: expect.stringMatching(/^Unknown or expired cursor/) });
    expect(paginate(items, key, { cursor: "%%%" })).toMatchObject({ ok: false });
  });
});
