import { describe, expect, it } from "vitest";
import { takeBatchToken } from "../../worker/jobs/nightly-run/product-phase";
import { ORDER_METRICS_INTERVAL_MS, REVENUE_DAYS } from "../../worker/jobs/nightly-run/revenue-phase";
import { OFFERS_BATCH_INTERVAL_MS } from "../../worker/jobs/nightly-run/seller-phase";
import { SELLER_CONCURRENCY } from "../../worker/jobs/nightly-run/seller-walk";
import { localBudget } from "../../worker/upstreams/budget/budget-client";
import { MAX_BUY_BOX_ASINS } from "../../worker/upstreams/spapi/seller-api";
import { VirtualTime } from "./virtual-time";

/**
 * The nightly seller phases for 1,000 sellers × 100 tracked ASINs each, at Amazon's default
 * SP-API rates (the models in ../shared/amazon-models): getInventorySummaries 2/s (pages of 50,
 * the client spaces them 500 ms), getItemOffersBatch 0.1/s burst 1 (20 ASINs a call),
 * getOrderMetrics 0.5/s (the app runs its bucket at burst 1; Amazon allows 15). Real code: the
 * token buckets (localBudget, the functions the UpstreamBudget object runs), takeBatchToken,
 * the walk's SELLER_CONCURRENCY; each lane holds a seller through waits shorter than a slice,
 * as the walk does. Amazon answers in 300 ms, a D1 step write takes 5 ms.
 */
const SELLERS = 1_000;
const ASINS = 100;
const INVENTORY_PAGE = 50;
const INVENTORY_SPACING_MS = 500;
const AMAZON_MS = 300;
const D1_MS = 5;
const START = Date.UTC(2026, 10, 22, 2, 0);

interface PhaseFigures {
  lanes: number;
  sellersPhaseMs: number;
  revenuePhaseMs: number;
  calls: number;
}

async function simulate(lanes: number): Promise<PhaseFigures> {
  const time = new VirtualTime(START);
  const clock = time.clock;
  let calls = 0;
  const call = async () => {
    calls += 1;
    await clock.sleep(AMAZON_MS + D1_MS);
  };
  // Per seller and operation, as Amazon counts them.
  const offers = Array.from({ length: SELLERS }, () => localBudget({ ratePerSecond: 1000 / OFFERS_BATCH_INTERVAL_MS, burst: 1 }));
  const sales = Array.from({ length: SELLERS }, () => localBudget({ ratePerSecond: 1000 / ORDER_METRICS_INTERVAL_MS, burst: 1 }));

  const walk = async (perSeller: (seller: number) => Promise<void>) => {
    let next = 0;
    for (let lane = 0; lane < lanes; lane++) {
      void time.spawn(async () => {
        for (let seller = next++; seller < SELLERS; seller = next++) await perSeller(seller);
      });
    }
    await time.run();
    return time.now;
  };

  const sellersDone = await walk(async (seller) => {
    // FBA inventory once, all pages, then the Buy Box 20 ASINs a call.
    for (let page = 0; page < Math.ceil(ASINS / INVENTORY_PAGE); page++) {
      if (page > 0) await clock.sleep(INVENTORY_SPACING_MS);
      await call();
    }
    for (let first = 0; first < ASINS; first += MAX_BUY_BOX_ASINS) {
      await takeBatchToken(offers[seller]!, clock, Number.POSITIVE_INFINITY);
      await call();
    }
  });
  const revenueDone = await walk(async (seller) => {
    // One getOrderMetrics call per ASIN (REVENUE_DAYS days in it).
    for (let asin = 0; asin < ASINS; asin++) {
      await takeBatchToken(sales[seller]!, clock, Number.POSITIVE_INFINITY);
      await call();
    }
  });
  return { lanes, sellersPhaseMs: sellersDone - START, revenuePhaseMs: revenueDone - sellersDone, calls };
}

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
