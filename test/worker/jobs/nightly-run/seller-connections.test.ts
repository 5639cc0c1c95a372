import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { demoEnv } from "../../support/seller-browser";
import { insertUser, insertWatchlist, resetHistoryTables, runSlicesToEnd, virtualClock } from "./support";
import { insertConnection } from "../../support/seller-connections";
import { MockSellerApi } from "../../../../worker/upstreams/spapi/mock";
import { buyBoxRecord } from "../../../../worker/upstreams/spapi/buybox";

/**
 * The nightly seller phases walk seller connections, not accounts: a workspace with two
 * connections (two mock sellers here, each answering with its own data) gets one set of rows
 * per connection, under that connection's id; a disconnected connection is not walked.
 */
const DAY = "2026-11-22";
const START = Date.UTC(2026, 10, 22, 2, 0);

beforeEach(async () => {
  await resetHistoryTables();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

const addConnection = (workspaceId: string, id: string, sellingPartnerId: string, status: "demo" | "disconnected") =>
  insertConnection({ id, workspaceId, sellingPartnerId, region: "eu", name: `Client ${id}`, status });

describe("nightly seller phases per connection", () => {
  it("writes each connection's stock, Buy Box and revenue rows under its own id; a disconnected one is skipped", async () => {
    const workspaceId = await insertUser({ isDemo: true });
    await addConnection(workspaceId, `${workspaceId}-eu`, "DEMO-CLIENT-EU", "demo");
    await addConnection(workspaceId, `${workspaceId}-gone`, "A9GONE", "disconnected");
    await insertWatchlist(workspaceId, [
      { marketplace: "US", asin: "B0CONN0001" },
      { marketplace: "DE", asin: "B0CONN0002" },
    ]);
    await runSlicesToEnd(demoEnv(), DAY, { clock: virtualClock(START) });

    const snapshots = await env.DB.prepare("SELECT connection_id, workspace_id, asin, source FROM seller_snapshots WHERE day = ? ORDER BY connection_id, asin")
      .bind(DAY)
      .all();
    expect(snapshots.results).toEqual([
      { connection_id: workspaceId, workspace_id: workspaceId, asin: "B0CONN0001", source: "mock" },
      { connection_id: workspaceId, workspace_id: workspaceId, asin: "B0CONN0002", source: "mock" },
      // A sample client (EU) reaches its region's marketplaces only; the demo's own seller every one.
      { connection_id: `${workspaceId}-eu`, workspace_id: workspaceId, asin: "B0CONN0002", source: "mock" },
    ]);
    // Revenue covers the complete days before the run in each marketplace's time zone: one set of days per connection and ASIN.
    const revenue = await env.DB.prepare("SELECT DISTINCT connection_id, asin FROM seller_revenue ORDER BY connection_id, asin").all<{ connection_id: string; asin: string }>();
    expect(revenue.results.map((row) => [row.connection_id, row.asin])).toEqual([
      [workspaceId, "B0CONN0001"],
      [workspaceId, "B0CONN0002"],
      [`${workspaceId}-eu`, "B0CONN0002"],
    ]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM seller_snapshots WHERE connection_id = ?").bind(`${workspaceId}-gone`).first()).toEqual({ n: 0 });
  });

  it("asks a mock seller for the run's own day: its stock and Buy Box are that day's", async () => {
    const workspaceId = await insertUser({ isDemo: true, sellingPartnerId: "DEMO-DAYS" });
    const asins = ["B0CONN0001", "B0CONN0003", "B0CONN0004"];
    await insertWatchlist(workspaceId, asins.map((asin) => ({ marketplace: "US", asin })));
    await runSlicesToEnd(demoEnv(), DAY, { clock: virtualClock(START) });

    const rows = await env.DB.prepare("SELECT asin, fulfillable_units, holds_buy_box FROM seller_snapshots WHERE day = ? ORDER BY asin").bind(DAY).all();
    const onDay = new MockSellerApi("DEMO-DAYS", DAY);
    const units = await onDay.getFulfillableUnits(asins, "US");
    const winners = await onDay.getBuyBoxWinners(asins, "US");
    const flag = (holds: boolean | null) => (holds === null ? null : holds ? 1 : 0);
    expect(rows.results).toEqual(asins.map((asin) => ({ asin, fulfillable_units: units.get(asin) ?? null, holds_buy_box: flag(buyBoxRecord(winners.get(asin)!, "DEMO-DAYS").holdsBuyBox) })));
    // Not today's stock: the mock's stock moves every day.
    expect(await new MockSellerApi("DEMO-DAYS").getFulfillableUnits(asins, "US")).not.toEqual(units);
  });
});
