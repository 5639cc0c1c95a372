import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { storeDemoSubscription } from "../../../worker/billing/subscription-store";
import { runExtraRefresh } from "../../../worker/jobs/nightly-run/extra-refresh";
import { buildServices } from "../../../worker/services";
import { freeBrowserWith, proBrowser, userIdOf } from "../history/accounts";
import { liveEnv } from "../lookup/live-env";
import { calls, newAsin, uniqueClient } from "../support/creators-fake";
import { virtualClock } from "../jobs/nightly-run/support";
import type { TestBrowser } from "../support/seller-browser";

/** Live Creators credentials (the fake upstream counts each call under `clientId`). */
async function onLiveUpstream(browser: TestBrowser, clientId: string, asins: string[]) {
  browser.bindings = { ...browser.bindings, ...liveEnv(clientId) };
  for (const asin of asins) expect((await browser.json("/api/watchlist", "POST", { asin, marketplace: "US" })).status).toBe(201);
}

describe("refreshes check the plan and never send a demo account's ASINs upstream", () => {
  it("Refresh now: a demo Pro account's refresh makes no live upstream call; a paying account's does", async () => {
    const demoClient = uniqueClient();
    const demo = await proBrowser();
    await onLiveUpstream(demo, demoClient, [newAsin(), newAsin(), newAsin()]);
    const refreshed = await demo.request("/api/dashboard/refresh", { method: "POST" });
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).toMatchObject({ refreshed: 3 });
    expect(await calls({ clientId: demoClient })).toHaveLength(0);

    const paidClient = uniqueClient();
    const paying = await freeBrowserWith(liveEnv(paidClient));
    await storeDemoSubscription(env.DB, userIdOf(paying), true);
    await onLiveUpstream(paying, paidClient, [newAsin()]);
    expect((await paying.request("/api/dashboard/refresh", { method: "POST" })).status).toBe(200);
    expect((await calls({ clientId: paidClient, kind: "getItems" })).length).toBeGreaterThan(0);
  });

  it("Refresh now is Pro's: a Free account is refused before any upstream call", async () => {
    const clientId = uniqueClient();
    const free = await freeBrowserWith(liveEnv(clientId));
    await onLiveUpstream(free, clientId, [newAsin()]);
    const refused = await free.request("/api/dashboard/refresh", { method: "POST" });
    expect(refused.status).toBe(403);
    expect((await refused.json<{ detail: string }>()).detail).toMatch(/\/billing/);
    expect(await calls({ clientId })).toHaveLength(0);
  });

  it("the hourly extra refresh sends no demo account's ASIN to the live upstream", async () => {
    const clientId = uniqueClient();
    const demo = await proBrowser();
    const asins = [newAsin(), newAsin()];
    await onLiveUpstream(demo, clientId, asins);
    await env.DB.prepare("INSERT INTO user_settings (workspace_id, sync_frequency) VALUES (?, 'hourly') ON CONFLICT (workspace_id) DO UPDATE SET sync_frequency = 'hourly'")
      .bind(userIdOf(demo)).run();
    // 14:00 UTC: an hourly refresh is due (none runs in the nightly 02:00 hour).
    const result = await runExtraRefresh(buildServices(liveEnv(clientId, { SNAPSHOT_REQUESTS_PER_SECOND: "1000" })), { clock: virtualClock(Date.UTC(2026, 10, 24, 14, 0, 5)) });
    expect(result.users).toBeGreaterThanOrEqual(1);
    expect(await calls({ clientId })).toHaveLength(0);
  });
});
