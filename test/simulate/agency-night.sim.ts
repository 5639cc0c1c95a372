import { describe, expect, it } from "vitest";
import { takeBatchToken } from "../../worker/jobs/nightly-run/product-phase";
import { SELLER_CONCURRENCY } from "../../worker/jobs/nightly-run/seller-walk";
import { localBudget, type BudgetClient } from "../../worker/upstreams/budget/budget-client";
import { INVENTORY_READS_AT_ONCE } from "../../worker/jobs/nightly-run/seller-inventory";
import { simulateSellerPhases } from "./seller-phases";
import { VirtualTime } from "./virtual-time";

/**
 * Issue 28 point 8: the nightly run of one agency workspace, 20 seller connections × 500 tracked
 * ASINs (10,000), as bench/agency-seed.ts lays it out: 12 clients in US (NA), 4 in UK and 4 in DE
 * (EU). Products phase: one walk over the tracked keys in (marketplace, ASIN) order, as
 * tracked-store.ts reads them, 10 ASINs a getItems call, each call taking a batch token of its
 * region's Creators credential at Amazon's starting 1 request/s (burst 1), with and without live
 * lookups on the same credentials (one every 4 s per region, which take interactive tokens
 * first). Then the seller phases per connection (seller-phases.ts: each connection's own SP-API
 * buckets, 32 sellers at once, each walking every tracked ASIN of its marketplace for the Buy Box, and asking its store total and its own ASINs for revenue). Real code: the token buckets and takeBatchToken. Creators answers
 * in 150 ms, the points' D1 write takes 10 ms. The whole run starts at 02:00 UTC.
 */
const START = Date.UTC(2026, 10, 22, 2, 0);
const CONNECTIONS = 20;
const ASINS_PER_CONNECTION = 500;
const CLIENTS = { DE: 4, UK: 4, US: 12 } as const;
const REGION_OF = { DE: "eu", UK: "eu", US: "na" } as const;
const BATCH = 10;
const CREATORS_MS = 150;
const WRITE_MS = 10;
const LOOKUP_EVERY_MS = 4_000;
/**
 * The ASINs each connection's seller phases walk: every tracked ASIN of the workspace in the
 * marketplaces the connection's seller sells in (tracked-store.ts: a connection's ASINs are its
 * workspace's, sellers of them or not), here its own marketplace only: a US client walks the
 * 6,000 US ASINs, a UK or DE client that marketplace's 2,000. Its FBA inventory is its own 500 SKUs.
 */
const WALKED = (Object.entries(CLIENTS) as [keyof typeof CLIENTS, number][])
  .sort(([a], [b]) => (a === "US" ? -1 : b === "US" ? 1 : 0))
  .flatMap(([, clients]) => Array.from({ length: clients }, () => clients * ASINS_PER_CONNECTION));
const OWN_INVENTORY_PAGES = ASINS_PER_CONNECTION / 50;

/** The products phase: ms from START until every tracked ASIN has its point, and the calls made. */
async function simulateProductPhase(withLookups: boolean): Promise<{ ms: number; calls: number; lookups: number }> {
  const time = new VirtualTime(START);
  const budgets: Record<"na" | "eu", BudgetClient> = { na: localBudget({ ratePerSecond: 1, burst: 1 }), eu: localBudget({ ratePerSecond: 1, burst: 1 }) };
  let calls = 0;
  let lookups = 0;
  let done = false;
  void time.spawn(async () => {
    // Marketplaces in key order (DE, UK, US): one walk, one batch at a time.
    for (const [marketplace, clients] of Object.entries(CLIENTS) as [keyof typeof CLIENTS, number][]) {
      for (let first = 0; first < clients * ASINS_PER_CONNECTION; first += BATCH) {
        await takeBatchToken(budgets[REGION_OF[marketplace]], time.clock, Number.POSITIVE_INFINITY);
        calls += 1;
        await time.clock.sleep(CREATORS_MS + WRITE_MS);
      }
    }
    done = true;
  });
  if (withLookups) {
    for (const region of ["na", "eu"] as const) {
      void time.spawn(async () => {
        while (!done) {
          const grant = await budgets[region].take("interactive", time.now, LOOKUP_EVERY_MS);
          if (grant.ok) lookups += 1;
          await time.clock.sleep(LOOKUP_EVERY_MS);
        }
      });
    }
  }
  await time.run();
  return { ms: time.now - START, calls, lookups };
}

const at = (ms: number) => new Date(START + ms).toISOString().slice(11, 16);
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

describe("simulation: one agency workspace's night (20 connections × 500 tracked ASINs)", () => {
  it("the products phase at 1 request/s per region, then the seller phases per connection, from 02:00 UTC", async () => {
    const quiet = await simulateProductPhase(false);
    const busy = await simulateProductPhase(true);
    // The seller phases start when the products phase ends (start.ts: products, sellers, revenue).
    const phases = { lanes: SELLER_CONCURRENCY, sellers: CONNECTIONS, asinsPerSeller: WALKED, inventoryPages: OWN_INVENTORY_PAGES, start: START + busy.ms };
    // Each client's own 500 ASINs have an FBA record, the sign the store-total check asks first (revenue-check.ts),
    // and the connections of a marketplace share its Buy Box pages (buy-box-share.ts): 300 US pages over 12, 100 over 4.
    const sharedPages = WALKED.map((asins) => Math.ceil(asins / 20 / (asins / ASINS_PER_CONNECTION)));
    const sellers = await simulateSellerPhases({ ...phases, storeCheck: { ownAsins: ASINS_PER_CONNECTION }, buyBoxCallsPerSeller: sharedPages });
    const askingEvery = await simulateSellerPhases(phases);
    const sellersDone = busy.ms + sellers.sellersPhaseMs;
    const revenueDone = sellersDone + sellers.revenuePhaseMs;
    console.info(
      [
        `agency night: ${CONNECTIONS} connections × ${ASINS_PER_CONNECTION} ASINs = ${(CONNECTIONS * ASINS_PER_CONNECTION).toLocaleString("en")} (US 6,000 on NA's credential; UK and DE 4,000 on EU's), from 02:00 UTC`,
        `  products phase, no lookups: ${quiet.calls.toLocaleString("en")} getItems calls in ${minutes(quiet.ms)}, done ${at(quiet.ms)}`,
        `  products phase, a lookup every 4 s per region (${busy.lookups} answered): ${minutes(busy.ms)}, done ${at(busy.ms)}`,
        `  sellers phase (inventory and Buy Box, ${Math.min(SELLER_CONCURRENCY, CONNECTIONS)} connections at once, each asking its share of its marketplace's Buy Box pages): ${minutes(sellers.sellersPhaseMs)}, done ${at(sellersDone)}`,
        `  revenue phase (each connection's store total twice and its own ${ASINS_PER_CONNECTION} ASINs, the rest zero days): ${minutes(sellers.revenuePhaseMs)}, done ${at(revenueDone)}; ${sellers.calls.toLocaleString("en")} SP-API calls`,
        `  asking every tracked ASIN of each connection instead: sellers ${minutes(askingEvery.sellersPhaseMs)}, revenue ${minutes(askingEvery.revenuePhaseMs)}, done ${at(busy.ms + askingEvery.sellersPhaseMs + askingEvery.revenuePhaseMs)}; ${askingEvery.calls.toLocaleString("en")} SP-API calls`,
      ].join("\n"),
    );

    // Every ASIN once, 10 a call; the walk is sequential, so the two credentials' rates do not add
    // up: one call a second, but for the first call of each region, whose token is free at once.
    expect(quiet.calls).toBe((CONNECTIONS * ASINS_PER_CONNECTION) / BATCH);
    expect(quiet.ms).toBeGreaterThanOrEqual((quiet.calls - 2) * 1000);
    // Lookups take part of the quota: the phase is slower with them, never faster.
    expect(busy.ms).toBeGreaterThan(quiet.ms);
    // Every connection's seller phases run at once: no longer than one connection's alone, but for the
    // inventory reads, which take turns (INVENTORY_READS_AT_ONCE at once, seller-inventory.ts): the last
    // connection's read waits for the rounds of reads before it.
    const alone = await simulateSellerPhases({ lanes: 1, sellers: 1, asinsPerSeller: Math.max(...WALKED), inventoryPages: OWN_INVENTORY_PAGES, storeCheck: { ownAsins: ASINS_PER_CONNECTION }, buyBoxCallsPerSeller: [Math.max(...sharedPages)], start: START });
    const readRoundsBefore = Math.ceil(CONNECTIONS / INVENTORY_READS_AT_ONCE) - 1;
    expect(sellers.sellersPhaseMs).toBeLessThan(alone.sellersPhaseMs * 1.1 + readRoundsBefore * alone.inventoryReadMs);
    expect(sellers.revenuePhaseMs).toBeLessThan(alone.revenuePhaseMs * 1.1);
    // Each connection asks its share of the Buy Box pages (25) and, for revenue, its store total twice and its
    // own ASINs: 502 getOrderMetrics calls at 0.5/s (paced 5 % under), about 18 minutes, where asking a US
    // client for all 6,000 US ASINs took about 3.5 h and their 300 Buy Box pages 53 minutes.
    const inventoryCalls = CONNECTIONS * OWN_INVENTORY_PAGES;
    expect(sellers.calls).toBe(inventoryCalls + sharedPages.reduce((sum, pages) => sum + pages, 0) + CONNECTIONS * (ASINS_PER_CONNECTION + 2));
    expect(askingEvery.calls).toBe(inventoryCalls + WALKED.reduce((sum, asins) => sum + Math.ceil(asins / 20) + asins, 0));
    expect(sellers.sellersPhaseMs).toBeLessThan(15 * 60_000);
    expect(askingEvery.sellersPhaseMs).toBeGreaterThan(45 * 60_000);
    expect(sellers.revenuePhaseMs).toBeLessThan(25 * 60_000);
    expect(askingEvery.revenuePhaseMs).toBeGreaterThan(3 * 3_600_000);
    // The seller data (Buy Box, stock) are in before the 02:30 alert check's last wait (03:30).
    expect(sellersDone).toBeLessThan(90 * 60_000);
  });
});
