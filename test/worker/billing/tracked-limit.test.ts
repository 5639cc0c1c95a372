import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { trackedAsinsPage } from "../../../worker/jobs/snapshot/tracked-store";
import { FREE_PLAN } from "../../../worker/contract/plans";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import { demoEnv } from "../support/seller-browser";

let serial = 0;
const asin = () => `BT${String(++serial).padStart(3, "0")}${crypto.randomUUID().replace(/-/g, "").slice(0, 5).toUpperCase()}`;

async function seedAlert(userId: string, key: string, paused: boolean, reason: string | null = null) {
  await env.DB.prepare(
    "INSERT INTO alerts (id, user_id, asin, marketplace, condition_type, threshold, paused, paused_reason) VALUES (?, ?, ?, 'US', 'rank_above', 500, ?, ?)",
  ).bind(crypto.randomUUID(), userId, key, paused ? 1 : 0, reason).run();
}

describe("the plan's tracked-ASIN limit counts alerts, paused or not, and the watchlist together", () => {
  it("a Free account cannot track more ASINs by creating and pausing alerts", async () => {
    const browser = await freeBrowserWith(demoEnv());
    const userId = userIdOf(browser);
    const tracked = Array.from({ length: FREE_PLAN.watchlistLimit! }, asin);
    for (const key of tracked) await seedAlert(userId, key, true);

    const watch = await browser.json("/api/watchlist", "POST", { asin: asin(), marketplace: "US" });
    expect(watch.status).toBe(403);
    expect((await watch.json<{ detail: string }>()).detail).toMatch(/tracks up to 25 ASINs, watchlist and alerts \(paused ones too\) together.*\/billing/);
    const alert = await browser.json("/api/alerts", "POST", { asin: asin(), marketplace: "US", conditionType: "rank_above", threshold: 100 });
    expect(alert.status).toBe(403);

    // An ASIN it tracks already costs nothing more.
    expect((await browser.json("/api/watchlist", "POST", { asin: tracked[0], marketplace: "US" })).status).toBe(201);
    expect((await browser.json("/api/alerts", "POST", { asin: tracked[1], marketplace: "US", conditionType: "rank_above", threshold: 100 })).status).toBe(201);
  });

  it("what a downgrade paused is not snapshotted; what the user paused still is", async () => {
    const browser = await freeBrowserWith(demoEnv());
    const userId = userIdOf(browser);
    const byPlan = asin();
    const byUser = asin();
    await seedAlert(userId, byPlan, true, "plan_limit");
    await seedAlert(userId, byUser, true);
    const keys: string[] = [];
    for (let after = null as { marketplace: string; asin: string } | null, page; (page = await trackedAsinsPage(env.DB, after, 500)).length > 0; after = page.at(-1)!) {
      keys.push(...page.map((key) => key.asin));
    }
    expect(keys).toContain(byUser);
    expect(keys).not.toContain(byPlan);
  });
});
