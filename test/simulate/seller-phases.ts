import { takeBatchToken } from "../../worker/jobs/nightly-run/product-phase";
import { ORDER_METRICS_INTERVAL_MS, ZERO_PAGE } from "../../worker/jobs/nightly-run/revenue-phase";
import { CHECK_WORTH_FROM } from "../../worker/jobs/nightly-run/revenue-check";
import { OFFERS_BATCH_INTERVAL_MS } from "../../worker/jobs/nightly-run/seller-phase";
import { INVENTORY_READS_AT_ONCE } from "../../worker/jobs/nightly-run/seller-inventory";
import { localBudget } from "../../worker/upstreams/budget/budget-client";
import { SPAPI_RATE_HEADROOM } from "../../worker/upstreams/spapi/seller-budget";
import { MAX_BUY_BOX_ASINS } from "../../worker/upstreams/spapi/seller-api";
import { VirtualTime } from "./virtual-time";

/**
 * The nightly seller phases on a virtual clock, at Amazon's default SP-API rates (the models in
 * ../shared/amazon-models): getInventorySummaries 2/s (pages of 50, the client spaces them 500 ms),
 * getItemOffersBatch 0.1/s burst 1 (20 ASINs a call), getOrderMetrics 0.5/s (the app runs its
 * bucket at burst 1; Amazon allows 15); INVENTORY_READS_AT_ONCE inventory reads at a time in all (seller-inventory.ts). Real code: the token buckets (localBudget, the functions
 * the UpstreamBudget object runs, one per seller and operation as Amazon counts them),
 * takeBatchToken; `lanes` sellers at once, each lane holding a seller through waits shorter than a
 * slice, as the walk does. Amazon answers in 300 ms, a D1 step write takes 5 ms. Shared by
 * seller-walk.sim.ts and agency-night.sim.ts.
 */
const INVENTORY_PAGE = 50;
const INVENTORY_SPACING_MS = 500;
const AMAZON_MS = 300;
const D1_MS = 5;

export interface SellerPhaseFigures {
  lanes: number;
  sellersPhaseMs: number;
  revenuePhaseMs: number;
  calls: number;
  /** How long the longest seller's inventory read takes, all its pages. */
  inventoryReadMs: number;
}

export interface SellerPhaseSpec {
  lanes: number;
  sellers: number;
  /**
   * The tracked ASINs each seller connection walks: its workspace's in the marketplaces it sells
   * in (tracked-store.ts), one number for every seller or one per seller.
   */
  asinsPerSeller: number | readonly number[];
  /** Pages of each seller's own FBA inventory (default: its ASINs ÷ 50). */
  inventoryPages?: number;
  /**
   * The revenue pass's store-total check (revenue-check.ts): each seller's getOrderMetrics calls are
   * the total twice and its own `ownAsins`, and the rest of its ASINs are zero days written
   * ZERO_PAGE ASINs a D1 statement. Without it, one call per ASIN.
   */
  storeCheck?: { ownAsins: number };
  /**
   * getItemOffersBatch calls each seller makes when a workspace's connections share their Buy Box
   * answers (buy-box-share.ts): its share of its marketplace's pages. Without it, every page.
   */
  buyBoxCallsPerSeller?: readonly number[];
  start: number;
}

/** A D1 statement of ZERO_PAGE ASINs' zero days (1,400 rows). */
const ZERO_PAGE_D1_MS = 20;

export async function simulateSellerPhases(spec: SellerPhaseSpec): Promise<SellerPhaseFigures> {
  const { lanes, sellers, start } = spec;
  const asinsOf = (seller: number) => (typeof spec.asinsPerSeller === "number" ? spec.asinsPerSeller : spec.asinsPerSeller[seller]!);
  const time = new VirtualTime(start);
  const clock = time.clock;
  let calls = 0;
  const call = async () => {
    calls += 1;
    await clock.sleep(AMAZON_MS + D1_MS);
  };
  const offers = Array.from({ length: sellers }, () => localBudget({ ratePerSecond: 1000 / OFFERS_BATCH_INTERVAL_MS, burst: 1, headroom: SPAPI_RATE_HEADROOM }));
  const sales = Array.from({ length: sellers }, () => localBudget({ ratePerSecond: 1000 / ORDER_METRICS_INTERVAL_MS, burst: 1, headroom: SPAPI_RATE_HEADROOM }));

  const walk = async (perSeller: (seller: number) => Promise<void>) => {
    let next = 0;
    for (let lane = 0; lane < lanes; lane++) {
      void time.spawn(async () => {
        for (let seller = next++; seller < sellers; seller = next++) await perSeller(seller);
      });
    }
    await time.run();
    return time.now;
  };

  const pagesOf = (seller: number) => spec.inventoryPages ?? Math.ceil(asinsOf(seller) / INVENTORY_PAGE);
  const readMsOf = (seller: number) => pagesOf(seller) * (AMAZON_MS + D1_MS) + (pagesOf(seller) - 1) * INVENTORY_SPACING_MS;
  const inventoryReadMs = Math.max(...Array.from({ length: sellers }, (_, seller) => readMsOf(seller)));
  // At most INVENTORY_READS_AT_ONCE inventory reads at once (seller-inventory.ts): a read takes the slot free soonest.
  const readSlots = Array.from({ length: INVENTORY_READS_AT_ONCE }, () => start);
  const sellersDone = await walk(async (seller) => {
    // FBA inventory once, all pages, then the Buy Box 20 ASINs a call.
    const slot = readSlots.indexOf(Math.min(...readSlots));
    const readStart = Math.max(clock.now(), readSlots[slot]!);
    readSlots[slot] = readStart + readMsOf(seller);
    await clock.sleep(readStart - clock.now());
    for (let page = 0; page < pagesOf(seller); page++) {
      if (page > 0) await clock.sleep(INVENTORY_SPACING_MS);
      await call();
    }
    const buyBoxCalls = spec.buyBoxCallsPerSeller?.[seller] ?? Math.ceil(asinsOf(seller) / MAX_BUY_BOX_ASINS);
    for (let page = 0; page < buyBoxCalls; page++) {
      await takeBatchToken(offers[seller]!, clock, Number.POSITIVE_INFINITY);
      await call();
    }
    // The others' pages, written from their rows: two D1 queries and a write each.
    if (spec.buyBoxCallsPerSeller) await clock.sleep((Math.ceil(asinsOf(seller) / MAX_BUY_BOX_ASINS) - buyBoxCalls) * 3 * D1_MS);
  });
  const revenueDone = await walk(async (seller) => {
    // One getOrderMetrics call per ASIN asked (REVENUE_DAYS days in it); with the check, the store total twice too.
    const check = spec.storeCheck && asinsOf(seller) - spec.storeCheck.ownAsins >= CHECK_WORTH_FROM ? spec.storeCheck : null;
    const asks = check ? check.ownAsins + 2 : asinsOf(seller);
    for (let ask = 0; ask < asks; ask++) {
      await takeBatchToken(sales[seller]!, clock, Number.POSITIVE_INFINITY);
      await call();
    }
    if (check) {
      for (let page = 0; page < Math.ceil((asinsOf(seller) - check.ownAsins) / ZERO_PAGE); page++) await clock.sleep(ZERO_PAGE_D1_MS);
    }
  });
  return { lanes, sellersPhaseMs: sellersDone - start, revenuePhaseMs: revenueDone - sellersDone, calls, inventoryReadMs };
}
