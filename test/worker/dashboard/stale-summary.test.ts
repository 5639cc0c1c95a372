import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NO_SOURCE } from "../../../worker/dashboard/kpis";
import { refreshAsinSummaries, summaryView } from "../../../worker/dashboard/summary-rows";
import { pointOf, writeRankPoints } from "../../../worker/history/rank-points-store";
import { buildServices } from "../../../worker/services";
import { mockProduct } from "../../../worker/upstreams/creators/mock";

/**
 * Summaries are rebuilt only for ASINs whose points are written: an ASIN whose capture has failed
 * for weeks (delisted, a region's credential refused) keeps the summary of its last success. The
 * dashboard judges its window against the time of the read, not the summary's computation: an
 * old rank, its old 7-day change and velocity are not today's figures.
 */
const NOW = Date.parse("2026-11-26T03:00:00.000Z");
const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY).toISOString();

describe("a summary computed weeks ago (captures have failed since)", () => {
  it("shows no rank, change, velocity, sparkline or rank source on the 7-day dashboard", async () => {
    const asin = "B0STALE001";
    const services = buildServices(env);
    const capture = (daysAgo: number, rank: number) => pointOf({ product: { ...mockProduct(asin, "US"), rank }, source: "live", capturedAt: at(daysAgo) });
    await writeRankPoints(services.history, [capture(26, 900), capture(22, 500), capture(20, 100)]);
    // The last night it was captured: 20 days ago.
    await refreshAsinSummaries(services, [{ asin, marketplace: "US" }], NOW - 20 * DAY);

    const { rows } = await summaryView(services, "nobody", {}, 7, NOW, [{ asin, marketplace: "US" }]);
    expect(rows[0]).toMatchObject({
      rank: null,
      rankChange7d: null,
      velocity: { rankChangePercent: null, slopePerDay: null, best: null, worst: null },
      sparkline: [],
      rankSource: NO_SOURCE,
    });
    // The 30-day portfolio still reaches the last capture: its rank shows, as of its capture.
    const { rows: month } = await summaryView(services, "nobody", {}, 30, NOW, [{ asin, marketplace: "US" }]);
    expect(month[0]).toMatchObject({ rank: 100, rankSource: { kind: "live", asOf: at(20) } });
  });
});
