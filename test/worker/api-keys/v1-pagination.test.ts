import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AlertList } from "../../../worker/contract/alerts";
import type { WatchlistResponse } from "../../../worker/contract/history";
import type { NotificationList } from "../../../worker/contract/notifications";
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
  });

  it("a notifications cursor still works after the page it came from was marked read (process, mark read, fetch next)", async () => {
    const { browser, userId } = await proDemo();
    const { key } = await createKey(browser);
    // Three unread notifications, one a day: the list is newest first.
    const ids = ["2026-11-24", "2026-11-23", "2026-11-22"].map((day) => `${day}-${crypto.randomUUID()}`);
    for (const id of ids) {
      const day = id.slice(0, 10);
      await env.DB.prepare(
        `INSERT INTO alert_events (id, workspace_id, day, asin, marketplace, condition_type, threshold, message, in_app, created_at)
         VALUES (?1, ?2, ?3, 'B08N5WRWNW', 'US', 'rank_above', 500, 'Rank #812 is worse than your threshold #500', 1, ?4)`,
      )
        .bind(id, userId, day, `${day}T02:30:00.000Z`)
        .run();
    }
    const unreadPage = async (cursor?: string) => {
      const res = await withKey(key, `/api/v1/notifications?unread=true&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json<NotificationList & { next_cursor: string | null }>();
    };
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await unreadPage(cursor);
      for (const notification of page.notifications) {
        seen.push(notification.id);
        expect((await withKey(key, `/api/v1/notifications/${notification.id}/read`, { method: "POST" })).status).toBe(200);
      }
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(ids);
  });

  it("a watchlist cursor still works after the page it came from was deleted", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    const asins = Array.from({ length: 4 }, newAsin);
    for (const asin of asins) {
      const res = await withKey(key, "/api/v1/watchlist", { method: "POST", body: JSON.stringify({ asin, marketplace: "US" }) });
      expect(res.status).toBe(201);
    }
    const first = await (await withKey(key, "/api/v1/watchlist?limit=2")).json<WatchlistResponse & { next_cursor: string | null }>();
    expect(first.items.map((item) => item.asin)).toEqual(asins.slice(0, 2));
    for (const item of first.items) expect((await withKey(key, `/api/v1/watchlist/US/${item.asin}`, { method: "DELETE" })).status).toBe(204);
    const next = await withKey(key, `/api/v1/watchlist?limit=2&cursor=${first.next_cursor}`);
    expect(next.status, await next.clone().text()).toBe(200);
    expect((await next.json<WatchlistResponse>()).items.map((item) => item.asin)).toEqual(asins.slice(2));
  });

  it("an alerts cursor still works after the page it came from was deleted; an unknown connection is 404", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    for (let i = 0; i < 4; i++) {
      const res = await browser.json("/api/alerts", "POST", { asin: newAsin(), conditionType: "rank_above", threshold: 200 + i, marketplace: "US" });
      expect(res.status).toBe(201);
    }
    const first = await (await withKey(key, "/api/v1/alerts?limit=2")).json<AlertList & { next_cursor: string | null }>();
    expect(first.alerts.map((alert) => alert.threshold)).toEqual([200, 201]);
    for (const alert of first.alerts) expect((await withKey(key, `/api/v1/alerts/${alert.id}`, { method: "DELETE" })).status).toBe(204);
    const next = await withKey(key, `/api/v1/alerts?limit=2&cursor=${first.next_cursor}`);
    expect(next.status, await next.clone().text()).toBe(200);
    expect((await next.json<AlertList>()).alerts.map((alert) => alert.threshold)).toEqual([202, 203]);

    const unknown = await withKey(key, "/api/v1/alerts?connection=abc");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "not_found" });
  });

  it("still refuses a cursor that was tampered with", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    const forged = btoa(JSON.stringify(["2026-11-24T00:00:00.000Z"])).replace(/=+$/, "");
    for (const cursor of [forged, "not-a-cursor!"]) {
      const res = await withKey(key, `/api/v1/watchlist?cursor=${cursor}`);
      expect(res.status, cursor).toBe(422);
    }
  });
});
