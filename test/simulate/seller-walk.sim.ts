import { describe, expect, it } from "vitest";
import { REVENUE_DAYS } from "../../worker/upstreams/spapi/sales-days";
import { SELLER_CONCURRENCY } from "../../worker/jobs/nightly-run/seller-walk";
import { simulateSellerPhases, type SellerPhaseFigures } from "./seller-phases";

/**
 * The nightly seller phases for 1,000 sellers × 100 tracked ASINs each, at Amazon's default
 * SP-API rates (seller-phases.ts says which, and what is real code), 32 sellers at once against
 * one at a time.
 */
const SELLERS = 1_000;
const ASINS = 100;
const START = Date.UTC(2026, 10, 22, 2, 0);

const simulate = (lanes: number): Promise<SellerPhaseFigures> => simulateSellerPhases({ lanes, sellers: SELLERS, asinsPerSeller: ASINS, start: START });

const hours = (ms: number) => `${(ms / 3600_000).toFixed(2)} h`;
const clockTime = (ms: number) => new Date(START + ms).toISOString().slice(11, 16);

describe("simulation: the nightly seller phases", () => {
  it(`1,000 sellers × 100 ASINs at Amazon's default rates, ${SELLER_CONCURRENCY} sellers at once against one at a time`, async () => {
    const started = performance.now();
    const [walked, oneByOne] = [await simulate(SELLER_CONCURRENCY), await simulate(1)];
    const lines = [`seller phases simulation: ${SELLERS.toLocaleString("en")} sellers × ${ASINS} ASINs (${(SELLERS * ASINS).toLocaleString("en")} seller-ASINs), ${REVENUE_DAYS} days per getOrderMetrics call`];
    for (const figures of [walked, oneByOne]) {
      lines.push(
        `  ${figures.lanes === 1 ? "one seller at a time" : `${figures.lanes} sellers at once`}: sellers phase ${hours(figures.sellersPhaseMs)}, ` +
          `revenue phase ${hours(figures.revenuePhaseMs)} after it; from a sellers phase starting at 02:00 UTC, sellers done ${clockTime(figures.sellersPhaseMs)}, ` +
          `revenue done ${figures.sellersPhaseMs + figures.revenuePhaseMs > 22 * 3600_000 ? "the next day or later" : clockTime(figures.sellersPhaseMs + figures.revenuePhaseMs)} (${figures.calls.toLocaleString("en")} SP-API calls)`,
      );
    }
    lines.push(`  simulated in ${((performance.now() - started) / 1000).toFixed(1)} s wall time`);
    console.info(lines.join("\n"));

    expect(walked.calls).toBe(oneByOne.calls);
    // Sellers do not wait for each other: N lanes are about N times faster.
    expect(walked.revenuePhaseMs).toBeLessThan((oneByOne.revenuePhaseMs / SELLER_CONCURRENCY) * 1.1);
    expect(walked.sellersPhaseMs).toBeLessThan((oneByOne.sellersPhaseMs / SELLER_CONCURRENCY) * 1.1);
  });
});
