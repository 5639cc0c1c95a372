import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { upsertSellerUser } from "../../../worker/accounts/user-store";
import { trackedSummaries } from "../../../worker/dashboard/summary-store";
import { latestSellerRows } from "../../../worker/dashboard/dashboard-service";
import { sellerDayRowsOf, type SellerDayRow } from "../../../worker/history/history-store";
import { sellerDayRowUpsert } from "../../../worker/history/rank-points-store";
import { newSellingPartnerId } from "../support/seller-browser";
import { insertConnection } from "../support/seller-connections";

/**
 * An agency's workspace with two seller connections: each nightly run writes a row per tracked ASIN
 * for every connection, so an ASIN one client sells has a row of the other client too (no FBA
 * record, another seller's Buy Box). Without ?connection= the dashboard and the weekly report must
 * show the workspace's own seller's stock and Buy Box, not whichever connection id sorts first.
 */
const ASIN = "B0AGENCY01";
const NOW = Date.parse("2026-11-26T03:00:00.000Z");
const today = new Date(NOW).toISOString().slice(0, 10);
const weekAgo = new Date(NOW - 6 * 86_400_000).toISOString().slice(0, 10);

async function agencyWithTwoClients() {
  const owner = await upsertSellerUser(env.DB, newSellingPartnerId());
  const sellerA = newSellingPartnerId();
  const sellerB = newSellingPartnerId();
  // B's id sorts first: the old read took its row whatever it said.
  const [a, b] = [`conn-z-${crypto.randomUUID()}`, `conn-0-${crypto.randomUUID()}`];
  await insertConnection({ id: a, workspaceId: owner.id, sellingPartnerId: sellerA, region: "na", name: "Client A", status: { grantedAt: new Date(NOW).toISOString() } });
  await insertConnection({ id: b, workspaceId: owner.id, sellingPartnerId: sellerB, region: "na", name: "Client B", status: { grantedAt: new Date(NOW).toISOString() } });
  const base = { userId: owner.id, asin: ASIN, marketplace: "US", source: "spapi" as const, capturedAt: `${today}T02:10:00.000Z` };
  // Client A sells the ASIN: it holds the Buy Box with 12 units (low stock).
  await sellerDayRowUpsert(env.DB, { ...base, connectionId: a, fulfillableUnits: 12, buyBoxSellerId: sellerA, holdsBuyBox: true }).run();
  // Client B does not: no FBA record, and A's Buy Box is "another seller's" from B's side.
  await sellerDayRowUpsert(env.DB, { ...base, connectionId: b, fulfillableUnits: null, buyBoxSellerId: sellerA, holdsBuyBox: false }).run();
  return { workspaceId: owner.id, a, b };
}

describe("seller rows of a workspace with several connections (no connection filter)", () => {
  it("the dashboard's summary read shows the connection that holds the Buy Box and has the stock", async () => {
    const { workspaceId, b } = await agencyWithTwoClients();
    const [all] = await trackedSummaries(env.DB, workspaceId, [{ marketplace: "US", asin: ASIN }], weekAgo, today);
    expect(all!.seller).toMatchObject({ holdsBuyBox: true, fulfillableUnits: 12 });
    // One connection asked for: that connection's own row, whatever it says.
    const [onlyB] = await trackedSummaries(env.DB, workspaceId, [{ marketplace: "US", asin: ASIN }], weekAgo, today, b);
    expect(onlyB!.seller).toMatchObject({ holdsBuyBox: false, fulfillableUnits: null });
  });

  it("the weekly report's rows (trackedRows) pick the same row", async () => {
    const { workspaceId } = await agencyWithTwoClients();
    const rows = await sellerDayRowsOf(env.DB, workspaceId, weekAgo, today);
    // In either order the rows come back in, the holder's row is the one kept.
    for (const order of [rows, [...rows].reverse()]) {
      const latest = latestSellerRows(order as SellerDayRow[]).get(`US:${ASIN}`);
      expect(latest).toMatchObject({ holdsBuyBox: true, fulfillableUnits: 12 });
    }
  });

  it("a newer day still wins over an older one", () => {
    const row = (day: string, connectionId: string, holdsBuyBox: boolean | null, fulfillableUnits: number | null) =>
      ({ connectionId, workspaceId: "w", asin: ASIN, marketplace: "US", day, source: "spapi", fulfillableUnits, holdsBuyBox, buyBoxSellerId: null, capturedAt: `${day}T02:00:00.000Z` }) as SellerDayRow;
    const latest = latestSellerRows([row(today, "b", false, null), row(weekAgo, "a", true, 40)]).get(`US:${ASIN}`);
    expect(latest).toMatchObject({ day: today, connectionId: "b" });
  });
});

describe("a connection holding only the non-Prime Buy Box", () => {
  it("speaks for the workspace before one holding neither, in the summary read and in trackedRows", async () => {
    const owner = await upsertSellerUser(env.DB, newSellingPartnerId());
    const [sellerA, sellerB] = [newSellingPartnerId(), newSellingPartnerId()];
    // B's id sorts first, and neither has FBA stock: only the Buy Box tells them apart.
    const [a, b] = [`conn-z-${crypto.randomUUID()}`, `conn-0-${crypto.randomUUID()}`];
    for (const [id, sellingPartnerId, name] of [[a, sellerA, "Client A"], [b, sellerB, "Client B"]] as const) {
      await insertConnection({ id, workspaceId: owner.id, sellingPartnerId, region: "na", name, status: { grantedAt: new Date(NOW).toISOString() } });
    }
    const base = { userId: owner.id, asin: ASIN, marketplace: "US", source: "spapi" as const, capturedAt: `${today}T02:10:00.000Z`, fulfillableUnits: null };
    const segments = { buyBoxSellerId: "A0COMPETITOR01", holdsBuyBox: false, primeSellerId: "A0COMPETITOR01", holdsPrime: false };
    await sellerDayRowUpsert(env.DB, { ...base, ...segments, connectionId: a, nonPrimeSellerId: sellerA, holdsNonPrime: true }).run();
    await sellerDayRowUpsert(env.DB, { ...base, ...segments, connectionId: b, nonPrimeSellerId: sellerA, holdsNonPrime: false }).run();

    const [summary] = await trackedSummaries(env.DB, owner.id, [{ marketplace: "US", asin: ASIN }], weekAgo, today);
    expect(summary!.seller).toMatchObject({ holdsNonPrime: true });
    const rows = await sellerDayRowsOf(env.DB, owner.id, weekAgo, today);
    for (const order of [rows, [...rows].reverse()]) expect(latestSellerRows(order).get(`US:${ASIN}`)).toMatchObject({ connectionId: a });
  });
});
