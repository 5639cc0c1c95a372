import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addToWatchlist } from "../../../worker/history/watchlist-store";
import type { WatchlistResponse } from "../../../worker/contract/history";
import { newAsin } from "../support/creators-fake";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { freeBrowser, proBrowser, userIdOf } from "./accounts";

type Item = WatchlistResponse["items"][number];

async function items(browser: TestBrowser): Promise<Item[]> {
  const res = await browser.request("/api/watchlist");
  expect(res.status).toBe(200);
  return (await res.json<WatchlistResponse>()).items;
}

/** Fills a user's watchlist straight in D1, as if they had added `count` ASINs. */
async function fill(userId: string, count: number): Promise<void> {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO watchlist (workspace_id, asin, marketplace) SELECT ?1, printf('F%09d', i), 'US' FROM n`,
  )
    .bind(userId, count)
    .run();
}

/** Alerts on `asins` (US), each its own tracked ASIN. */
async function alertsOn(userId: string, asins: string[]): Promise<void> {
  for (const asin of asins) {
    await env.DB.prepare("INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold) VALUES (?, ?, ?, 'US', 'rank_above', 500)")
      .bind(crypto.randomUUID(), userId, asin)
      .run();
  }
}

/** The workspace's tracked ASINs, watchlist and alerts together, each once. */
async function trackedCount(userId: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM (SELECT marketplace, asin FROM watchlist WHERE workspace_id = ?1 UNION SELECT marketplace, asin FROM alerts WHERE workspace_id = ?1)",
  )
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("/api/watchlist needs a session", () => {
  it("answers 401 to a signed-out browser, for reading, adding and removing", async () => {
    const browser = new TestBrowser(demoEnv());
    expect((await browser.request("/api/watchlist")).status).toBe(401);
    const add = await browser.json("/api/watchlist", "POST", { asin: "B08N5WRWNW", marketplace: "US" });
    expect(add.status).toBe(401);
    expect(await add.json()).toEqual({ detail: "Sign in first: by email, with your Amazon seller account, or with the demo.", code: "unauthenticated" });
    expect((await browser.request("/api/watchlist/US/B08N5WRWNW", { method: "DELETE" })).status).toBe(401);
  });

  it("refuses adding and removing without the XSRF header (403 from the middleware)", async () => {
    const browser = await proBrowser();
    const add = await browser.json("/api/watchlist", "POST", { asin: "B08N5WRWNW", marketplace: "US" }, { omitXsrfHeader: true });
    expect(add.status).toBe(403);
    expect(await add.json()).toEqual({ detail: "Missing XSRF token. Reload the page and try again.", code: "xsrf_failed" });
    const remove = await browser.request("/api/watchlist/US/B08N5WRWNW", { method: "DELETE", omitXsrfHeader: true });
    expect(remove.status).toBe(403);
    expect(await items(browser)).toEqual([]);
  });
});

describe("/api/watchlist", () => {
  it("adds (201), answers 200 for an ASIN already there, lists and removes (204, then 404)", async () => {
    const browser = await proBrowser();
    const asin = newAsin();
    const added = await browser.json("/api/watchlist", "POST", { asin: ` ${asin.toLowerCase()} `, marketplace: "de" });
    expect(added.status).toBe(201);
    const { item } = await added.json<{ item: Item }>();
    expect(item).toEqual({ asin, marketplace: "DE", addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), paused: false, paused_reason: null });

    const again = await browser.json("/api/watchlist", "POST", { asin, marketplace: "DE" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ item });
    // The same ASIN in another marketplace is another entry; the marketplace defaults to US.
    expect((await browser.json("/api/watchlist", "POST", { asin })).status).toBe(201);
    expect((await items(browser)).map(({ asin: a, marketplace }) => `${marketplace}:${a}`).sort()).toEqual([`DE:${asin}`, `US:${asin}`]);

    const removed = await browser.request(`/api/watchlist/de/${asin.toLowerCase()}`, { method: "DELETE" });
    expect(removed.status).toBe(204);
    expect((await items(browser)).map((entry) => entry.marketplace)).toEqual(["US"]);
    const gone = await browser.request(`/api/watchlist/DE/${asin}`, { method: "DELETE" });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ detail: `${asin} (DE) is not on your watchlist`, code: "not_found" });
  });

  it("reads GB, typed in the body or the path, as the UK marketplace", async () => {
    const browser = await proBrowser();
    const asin = newAsin();
    const added = await browser.json("/api/watchlist", "POST", { asin, marketplace: "gb" });
    expect(added.status).toBe(201);
    expect((await added.json<{ item: Item }>()).item.marketplace).toBe("UK");
    expect((await browser.request(`/api/watchlist/GB/${asin}`, { method: "DELETE" })).status).toBe(204);
    expect(await items(browser)).toEqual([]);
  });

  it.each([
    [{ asin: "short" }, "asin"],
    [{}, "asin"],
    [{ asin: "B08N5WRWNW", marketplace: "BR" }, "marketplace"],
    [{ asin: 42 }, "asin"],
  ])("rejects %j with 422 naming %s", async (body, field) => {
    const browser = await proBrowser();
    const res = await browser.json("/api/watchlist", "POST", body);
    expect(res.status).toBe(422);
    const { detail } = await res.json<{ detail: { loc: string[] }[] }>();
    expect(detail.map((entry) => entry.loc)).toEqual([["json", field]]);
    expect(await items(browser)).toEqual([]);
  });

  it("rejects a malformed ASIN or marketplace in the path with 422", async () => {
    const browser = await proBrowser();
    expect((await browser.request("/api/watchlist/US/short", { method: "DELETE" })).status).toBe(422);
    expect((await browser.request("/api/watchlist/BR/B08N5WRWNW", { method: "DELETE" })).status).toBe(422);
  });
});

describe("watchlist limits", () => {
  it("holds 25 ASINs on the Free plan; the 26th gets 403 while re-adding one still answers 200", async () => {
    const browser = await freeBrowser();
    await fill(userIdOf(browser), 24);
    expect((await browser.json("/api/watchlist", "POST", { asin: "B0LAST0025" })).status).toBe(201);
    const over = await browser.json("/api/watchlist", "POST", { asin: "B0OVER0026" });
    expect(over.status).toBe(403);
    expect(await over.json()).toEqual({
      detail: "Your Free plan can watch up to 25 ASINs. Remove one first. Upgrade to Pro at /billing to lift it.",
      code: "plan_limit",
    });
    expect((await browser.json("/api/watchlist", "POST", { asin: "B0LAST0025" })).status).toBe(200);
    expect(await items(browser)).toHaveLength(25);

    expect((await browser.request("/api/watchlist/US/B0LAST0025", { method: "DELETE" })).status).toBe(204);
    expect((await browser.json("/api/watchlist", "POST", { asin: "B0OVER0026" })).status).toBe(201);
  });

  it("holds 1000 ASINs on Pro", async () => {
    const browser = await proBrowser();
    await fill(userIdOf(browser), 999);
    expect((await browser.json("/api/watchlist", "POST", { asin: "B0LAST1000" })).status).toBe(201);
    const over = await browser.json("/api/watchlist", "POST", { asin: "B0OVER1001" });
    expect(over.status).toBe(403);
    expect(await over.json()).toEqual({ detail: "Your Pro plan can watch up to 1000 ASINs. Remove one first.", code: "plan_limit" });
  });

  it("lets no two adds at once pass the limit together", async () => {
    const browser = await freeBrowser();
    const userId = userIdOf(browser);
    await fill(userId, 23);
    const outcomes = await Promise.all(
      ["B0RACE0001", "B0RACE0002", "B0RACE0003", "B0RACE0004"].map((asin) => addToWatchlist(env.DB, userId, asin, "US", 25)),
    );
    expect(outcomes.filter((outcome) => outcome.status === "added")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome.status === "limit")).toHaveLength(2);
  });

  it("counts alerts in the same statement: adds at once never take the tracked ASINs past the plan's", async () => {
    const browser = await freeBrowser();
    const userId = userIdOf(browser);
    // 20 on the watchlist and 4 more ASINs under alerts: 24 of Free's 25 tracked, room for one.
    await fill(userId, 20);
    await alertsOn(userId, ["B0ALRT0001", "B0ALRT0002", "B0ALRT0003", "B0ALRT0004"]);
    const answers = await Promise.all(["B0RACE0011", "B0RACE0012", "B0RACE0013"].map((asin) => browser.json("/api/watchlist", "POST", { asin })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403, 403]);
    expect(await trackedCount(userId)).toBe(25);
  });

  it("refuses in the insert itself when alerts fill the tracked allowance (the check before it may be stale)", async () => {
    const browser = await freeBrowser();
    const userId = userIdOf(browser);
    await fill(userId, 20);
    await alertsOn(userId, ["B0ALRT0011", "B0ALRT0012", "B0ALRT0013", "B0ALRT0014", "B0ALRT0015"]);
    expect(await addToWatchlist(env.DB, userId, "B0RACE0021", "US", 25)).toEqual({ status: "limit" });
    // An ASIN already tracked (under an alert) adds nothing to the count: it may join the watchlist.
    expect(await addToWatchlist(env.DB, userId, "B0ALRT0011", "US", 25)).toMatchObject({ status: "added" });
    expect(await trackedCount(userId)).toBe(25);
  });

  it("has no limit where the plan sets none", async () => {
    const browser = await freeBrowser();
    const userId = userIdOf(browser);
    await fill(userId, 30);
    expect(await addToWatchlist(env.DB, userId, "B0NOLIMIT1", "US", null)).toMatchObject({ status: "added" });
  });
});

describe("one user's watchlist is invisible to another", () => {
  it("never shows, removes or counts user A's entries for user B", async () => {
    const alice = await proBrowser();
    const bob = await freeBrowser();
    const asin = newAsin();
    expect((await alice.json("/api/watchlist", "POST", { asin })).status).toBe(201);

    expect(await items(bob)).toEqual([]);
    const steal = await bob.request(`/api/watchlist/US/${asin}`, { method: "DELETE" });
    expect(steal.status).toBe(404);
    expect((await items(alice)).map((item) => item.asin)).toEqual([asin]);

    // Bob's own entry for the same ASIN is his, and removing it leaves Alice's.
    expect((await bob.json("/api/watchlist", "POST", { asin })).status).toBe(201);
    expect((await bob.request(`/api/watchlist/US/${asin}`, { method: "DELETE" })).status).toBe(204);
    expect((await items(alice)).map((item) => item.asin)).toEqual([asin]);
    expect(await items(bob)).toEqual([]);
  });
});
