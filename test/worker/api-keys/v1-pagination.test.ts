import { describe, expect, it } from "vitest";
import type { AlertList } from "../../../worker/contract/alerts";
import { newAsin } from "../support/creators-fake";
import { createKey, proDemo, withKey } from "./support";

describe("cursor pagination on /api/v1 lists", () => {
  it("pages the alerts with ?limit= and ?cursor=, and refuses bad ones with the 422 list", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    for (let i = 0; i < 5; i++) {
      const res = await browser.json("/api/alerts", "POST", { asin: newAsin(), conditionType: "rank_above", threshold: 100 + i, marketplace: "US" });
      expect(res.status).toBe(201);
    }
    const thresholds: (number | null)[] = [];
    let cursor = "";
    for (;;) {
      const res = await withKey(key, `/api/v1/alerts?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      const page = await res.json<AlertList & { next_cursor: string | null }>();
      expect(page.alerts.length).toBeLessThanOrEqual(2);
      expect(page.active).toBe(5);
      thresholds.push(...page.alerts.map((alert) => alert.threshold));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(thresholds).toEqual([100, 101, 102, 103, 104]);

    const badLimit = await withKey(key, "/api/v1/alerts?limit=0");
    expect(badLimit.status).toBe(422);
    expect(await badLimit.json()).toEqual({
      detail: [{ loc: ["query", "limit"], msg: "limit must be a whole number from 1 to 1000", type: expect.any(String) }],
      code: "validation_failed",
    });
    const badCursor = await withKey(key, "/api/v1/notifications?cursor=bm9wZQ");
    expect(badCursor.status).toBe(422);
    expect(await badCursor.json()).toEqual({ detail: [{ loc: ["query", "cursor"], msg: expect.stringMatching(/cursor/), type: "custom" }], code: "validation_failed" });
    // Each key request waits for its usage write, at most one a second per key.
  }, 20_000);
});
