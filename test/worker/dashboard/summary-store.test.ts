import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { saveCredentials } from "../../../worker/accounts/credentials-store";
import { upsertSellerUser } from "../../../worker/accounts/user-store";
import { asinDetailsUpserts } from "../../../worker/history/asin-details-store";
import { buildAsinSummary } from "../../../worker/dashboard/asin-summary";
import { captureNow } from "../../../worker/dashboard/refresh";
import { refreshAsinSummaries } from "../../../worker/dashboard/summary-rows";
import { pointOf, sellerDayRowUpsert, writeRankPoints } from "../../../worker/history/rank-points-store";
import { buildServices } from "../../../worker/services";
import { trackedSummaries, writeAsinSummaries } from "../../../worker/dashboard/summary-store";
import { MockProductSource, mockProduct } from "../../../worker/upstreams/creators/mock";
import { newSellingPartnerId } from "../support/seller-browser";

const NOW = Date.parse("2026-11-26T02:30:00.000Z");
const at = (daysAgo: number) => new Date(NOW - daysAgo * 86_400_000).toISOString();

function capture(asin: string, daysAgo: number, rank: number) {
  return pointOf({ product: { ...mockProduct(asin, "US"), rank }, source: "live", capturedAt: at(daysAgo) });
}

describe("asin_summaries (summary-store.ts)", () => {
  it("stores the summaries built from the points, and reads one row per key with its details and the seller's latest own snapshot", async () => {
    await writeRankPoints(buildServices(env).history, [capture("B0SUMM0001", 5, 400), capture("B0SUMM0001", 0, 300), capture("B0SUMM0002", 1, 90)]);
    await asinDetailsUpserts(env.DB, [{ product: { ...mockProduct("B0SUMM0001", "US"), title: "Summary item" }, source: "live", capturedAt: at(0) }])[0]!.run();
    expect(await refreshAsinSummaries(buildServices(env), [{ asin: "B0SUMM0001", marketplace: "US" }, { asin: "B0SUMM0002", marketplace: "US" }], NOW)).toBe(2);
    const user = await upsertSellerUser(env.DB, newSellingPartnerId());
    await saveCredentials(env.DB, user.id, { refreshTokenCiphertext: "sealed", keyId: "k1", region: "na", grantedAt: at(0) });
    const own = { userId: user.id, connectionId: user.id, asin: "B0SUMM0001", marketplace: "US", source: "spapi" as const, buyBoxSellerId: "ME" };
    await sellerDayRowUpsert(env.DB, { ...own, fulfillableUnits: 50, holdsBuyBox: false, capturedAt: at(2) }).run();
    await sellerDayRowUpsert(env.DB, { ...own, fulfillableUnits: 7, holdsBuyBox: true, capturedAt: at(1) }).run();
    // Outside the window asked for: not the latest of it.
    await sellerDayRowUpsert(env.DB, { ...own, fulfillableUnits: 1, holdsBuyBox: false, capturedAt: at(0) }).run();

    const keys = ["B0SUMM0001", "B0SUMM0002", "B0SUMM0003"].map((asin) => ({ marketplace: "US", asin }));
    const rows = await trackedSummaries(env.DB, user.id, keys, at(6).slice(0, 10), at(1).slice(0, 10));
    expect(rows.map((row) => row.asin)).toEqual(["B0SUMM0001", "B0SUMM0002", "B0SUMM0003"]);
    expect(rows[0]!.summary).toMatchObject({ rank: 300, source: "live", lastDay: at(0).slice(0, 10), computedAt: new Date(NOW).toISOString() });
    expect(rows[0]!.summary!.figures.change[7]).toBe(-100);
    expect(rows[0]!.seller).toMatchObject({ fulfillableUnits: 7, holdsBuyBox: true, capturedAt: at(1) });
    expect(rows[0]!.details).toMatchObject({ title: "Summary item" });
    expect(rows[1]!.details).toBeNull();
    expect(rows[1]!.seller).toBeNull();
    expect(rows[2]).toMatchObject({ summary: null, details: null, seller: null });
    // Without sparklines: the same figures, the sparkline left empty (a paged dashboard adds its page's).
    expect(rows[0]!.summary!.figures.spark).toHaveLength(2);
    const lean = await trackedSummaries(env.DB, user.id, keys, at(6).slice(0, 10), at(1).slice(0, 10), null, false);
    expect(lean.map((row) => row.summary?.figures.spark ?? null)).toEqual([[], [], null]);
    expect(lean.map((row) => ({ ...row, summary: row.summary && { ...row.summary, figures: { ...row.summary.figures, spark: "left out" } } }))).toEqual(
      rows.map((row) => ({ ...row, summary: row.summary && { ...row.summary, figures: { ...row.summary.figures, spark: "left out" } } })),
    );
    // Another user never sees this seller's own snapshot.
    const other = await upsertSellerUser(env.DB, newSellingPartnerId());
    expect((await trackedSummaries(env.DB, other.id, keys.slice(0, 1), at(6).slice(0, 10), at(0).slice(0, 10)))[0]!.seller).toBeNull();
  });

  it("replaces a summary in place, 500 rows to a statement", async () => {
    const asins = Array.from({ length: 1200 }, (_, i) => `B0SUMB${String(i).padStart(4, "0")}`);
    await writeAsinSummaries(env.DB, asins.map((asin) => buildAsinSummary("US", asin, [], NOW)));
    await writeAsinSummaries(env.DB, [buildAsinSummary("US", asins[0]!, [{ day: "2026-11-26", source: "mock", rank: 5, price: null, currency: null, capturedAt: at(0) }], NOW)]);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM asin_summaries WHERE asin LIKE 'B0SUMB%'").first<{ n: number }>();
    expect(count?.n).toBe(1200);
    const [first] = await trackedSummaries(env.DB, "nobody", [{ marketplace: "US", asin: asins[0]! }], "2026-11-20", "2026-11-26");
    expect(first!.summary).toMatchObject({ rank: 5, source: "mock" });
  });

  it("is rebuilt by an extra refresh (captureNow) for the ASINs it captured", async () => {
    const now = Date.now();
    const { captured } = await captureNow(buildServices(env), () => new MockProductSource(), [{ asin: "B0SUMR0001", marketplace: "US" }], now, 1);
    expect(captured).toBe(1);
    const [row] = await trackedSummaries(env.DB, "nobody", [{ marketplace: "US", asin: "B0SUMR0001" }], "2000-01-01", "2100-01-01");
    expect(row!.summary).toMatchObject({ source: "mock", lastDay: new Date(now).toISOString().slice(0, 10), computedAt: new Date(now).toISOString() });
    expect(row!.summary!.rank).toBe(mockProduct("B0SUMR0001", "US").rank);
  });
});
