import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { upsertSellerUser } from "../../../../worker/accounts/user-store";
import { loadPortfolio } from "../../../../worker/dashboard/portfolio-service";
import { warmPortfolioRollups } from "../../../../worker/jobs/nightly-run/run-finished";
import { revenueUpsert } from "../../../../worker/history/revenue-store";
import { buildServices } from "../../../../worker/services";
import { newSellingPartnerId } from "../../support/seller-browser";
import { creatorsEnv, insertWatchlist, resetHistoryTables, runSlicesToEnd, virtualClock } from "./support";
import { insertConnection } from "../../support/seller-connections";

/** The nightly run's end keeps each agency's 30-day portfolio roll-up, which the day's views then read. */
const RUN_END = Date.UTC(2026, 10, 27, 2, 40);
const AFTERNOON = Date.UTC(2026, 10, 27, 15, 0);

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});

async function workspace(connections: number) {
  const user = await upsertSellerUser(env.DB, newSellingPartnerId());
  for (let i = 0; i < connections; i++) {
    const id = `${user.id}-${i}`;
    await insertConnection({ id, workspaceId: user.id, sellingPartnerId: `${user.id}-S${i}`, region: "na", name: `Client ${i}`, status: "demo" });
    await revenueUpsert(env.DB, {
      userId: user.id,
      connectionId: id,
      asin: `B0WARM000${i}`,
      marketplace: "US",
      day: "2026-11-25",
      source: "mock",
      status: "ok",
      amount: 10 + i,
      currency: "USD",
      units: 1,
      capturedAt: "2026-11-27T02:20:00.000Z",
    }).run();
  }
  await insertWatchlist(user.id, Array.from({ length: connections }, (_, i) => ({ marketplace: "US", asin: `B0WARM000${i}` })));
  return user;
}

const rollupsOf = async (workspaceId: string) =>
  (await env.DB.prepare("SELECT id, range_days, computed_at FROM portfolio_rollups WHERE workspace_id = ?1").bind(workspaceId).all<{ id: number; range_days: number; computed_at: string }>()).results;

describe("the nightly run's end", () => {
  it("keeps the 30-day roll-up of each workspace with several seller connections, and the day's view reads it", async () => {
    const agency = await workspace(3);
    const seller = await workspace(1);
    const result = await warmPortfolioRollups(env.DB, RUN_END);
    expect(result.kept).toBeGreaterThanOrEqual(1);
    const kept = await rollupsOf(agency.id);
    expect(kept.map((row) => row.range_days)).toEqual([30]);
    expect(await rollupsOf(seller.id)).toEqual([]);

    const view = await loadPortfolio(buildServices(env), agency, agency.id, { range: "30d" }, AFTERNOON);
    expect(view.clients!.rows.map((row) => row.revenue)).toEqual([[{ currency: "USD", amount: 10 }], [{ currency: "USD", amount: 11 }], [{ currency: "USD", amount: 12 }]]);
    // Read, not computed again: the same roll-up, kept at the run's end.
    expect(await rollupsOf(agency.id)).toEqual(kept);
  });

  it("is where a finished nightly run ends", async () => {
    await resetHistoryTables();
    const agency = await workspace(2);
    await runSlicesToEnd(creatorsEnv(), "2026-11-27", { clock: virtualClock(Date.UTC(2026, 10, 27, 2, 0)) });
    expect((await rollupsOf(agency.id)).map((row) => row.range_days)).toEqual([30]);
  });

  it("stops at its time budget and leaves the rest to their first view", async () => {
    await workspace(2);
    expect(await warmPortfolioRollups(env.DB, RUN_END, 0)).toEqual({ kept: 0, left: expect.any(Number) });
  });
});
