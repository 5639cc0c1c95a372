import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { trackedAsinsPage } from "../../../worker/jobs/nightly-run/tracked-store";
import { FREE_PLAN, PRO_PLAN } from "../../../worker/contract/plans";
import { applyPlanLimits } from "../../../worker/billing/plan-limits-store";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import { demoEnv } from "../support/seller-browser";

let serial = 0;
const asin = () => `BT${String(++serial).padStart(3, "0")}${crypto.randomUUID().replace(/-/g, "").slice(0, 5).toUpperCase()}`;

async function seedAlert(userId: string, key: string, paused: boolean, reason: string | null = null, createdAt = new Date().toISOString()) {
  await env.DB.prepare(
    "INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold, paused, paused_reason, created_at) VALUES (?, ?, ?, 'US', 'rank_above', 500, ?, ?, ?)",
  ).bind(crypto.randomUUID(), userId, key, paused ? 1 : 0, reason, createdAt).run();
}

async function allTracked(): Promise<string[]> {
  const keys: string[] = [];
  for (let after = null as { marketplace: string; asin: string } | null, page; (page = await trackedAsinsPage(env.DB, after, 500)).length > 0; after = page.at(-1)!) {
    keys.push(...page.map((key) => key.asin));
  }
  return keys;
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
    const keys = await allTracked();
    expect(keys).toContain(byUser);
    expect(keys).not.toContain(byPlan);
  });

  it("a downgrade stops snapshotting what is past the tracked-ASIN limit, the user's paused alerts too; an upgrade restores it", async () => {
    const browser = await freeBrowserWith(demoEnv());
    const userId = userIdOf(browser);
    const asins = Array.from({ length: 28 }, asin);
    const day = (n: number) => `2026-01-${String(n).padStart(2, "0")}T00:00:00.000Z`;
    for (const [i, key] of asins.entries()) await seedAlert(userId, key, true, null, day(i + 1));

    await applyPlanLimits(env.DB, userId, FREE_PLAN);
    const tracked = await allTracked();
    expect(asins.slice(0, 25).every((key) => tracked.includes(key))).toBe(true);
    expect(asins.slice(25).some((key) => tracked.includes(key))).toBe(false);
    // Still the user's paused alerts, as the user left them.
    const list = await (await browser.request("/api/alerts")).json<{ alerts: { asin: string; paused: boolean; paused_reason: string | null }[] }>();
    expect(list.alerts.every((alert) => alert.paused && alert.paused_reason === null)).toBe(true);
    // Applying the same plan again changes nothing.
    await applyPlanLimits(env.DB, userId, FREE_PLAN);
    expect((await allTracked()).filter((key) => asins.includes(key))).toHaveLength(25);

    // Resuming one of the stopped ones by hand would track a 26th ASIN: refused.
    const stopped = await env.DB.prepare("SELECT id FROM alerts WHERE workspace_id = ? AND asin = ?").bind(userId, asins[27]).first<{ id: string }>();
    const resumed = await browser.json(`/api/alerts/${stopped!.id}`, "PATCH", { paused: false });
    expect(resumed.status).toBe(403);
    expect((await resumed.json<{ detail: string }>()).detail).toMatch(/tracks up to 25 ASINs/);

    await applyPlanLimits(env.DB, userId, PRO_PLAN);
    const back = await allTracked();
    expect(asins.every((key) => back.includes(key))).toBe(true);
  });
});
