import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { DashboardResponse } from "../../../worker/contract/dashboard";
import type { Bindings } from "../../../worker/env";
import { revenueRunDay } from "../../../worker/upstreams/spapi/sales-days";
import { resetHistoryTables, runSlicesToEnd, virtualClock } from "../jobs/nightly-run/support";
import { connectSeller, fakeControl, registerLwaClient, sellerEnv, SPAPI_FAKE, spApiTimeOf, TestBrowser } from "../support/seller-browser";
import { offer, twoWinnerResponse } from "../fixtures/spapi/get-item-offers-two-winners";

/**
 * The dashboard shows each Buy Box apart: Amazon features a Prime and a non-Prime offer, and a
 * seller holding the non-Prime one (or losing one of two) sees it; a Buy Box Amazon suppressed
 * (offers, no winner) reads "suppressed", apart from "unknown" (no answer), from the fake SP-API
 * through the nightly run to GET /api/dashboard.
 */
beforeEach(async () => {
  await resetHistoryTables();
  await env.DB.batch(["asin_details", "seller_revenue", "user_refresh"].map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

const unique = () => Math.random().toString(36).slice(2, 7).toUpperCase().padEnd(5, "0");

async function runNightly(bindings: Bindings, refreshToken: string) {
  await runSlicesToEnd(bindings, revenueRunDay(Date.now()), { clock: virtualClock(Date.now(), spApiTimeOf(refreshToken)) });
}

/** A non-Prime offer winning nothing. */
const losingOffer = (sellerId: string, amount: number) => offer(sellerId, false, amount, { IsBuyBoxWinner: false });

describe("GET /api/dashboard: the Prime and the non-Prime Buy Box", () => {
  it("shows each Buy Box with its holder, and a suppressed one as suppressed, not unknown", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const seller = await connectSeller(new TestBrowser(bindings));
    const id = unique();
    const [nonPrimeOnly, suppressed, failed] = [`B0NP${id}1`, `B0SP${id}2`, `B0UK${id}3`];
    for (const asin of [nonPrimeOnly, suppressed, failed]) expect((await seller.browser.json("/api/watchlist", "POST", { asin, marketplace: "US" })).status).toBe(201);
    // Another seller holds the Prime Buy Box, this seller the non-Prime one.
    await fakeControl(SPAPI_FAKE, "offers", { asin: nonPrimeOnly, offers: twoWinnerResponse(nonPrimeOnly, { SellerId: seller.sellingPartnerId }).body.payload.Offers });
    // Offers listed, none wins, no Buy Box price: suppressed.
    await fakeControl(SPAPI_FAKE, "offers", { asin: suppressed, offers: [losingOffer(seller.sellingPartnerId, 10), losingOffer("A0OTHERSELLER1", 12)] });
    // The item fails inside the batch: unknown.
    await fakeControl(SPAPI_FAKE, "offers-item", { asin: failed, behavior: "error" });
    await runNightly(bindings, seller.refreshToken);

    const body = await (await seller.browser.request("/api/dashboard")).json<DashboardResponse>();
    const row = (asin: string) => body.rows.find((entry) => entry.asin === asin)!;
    expect(row(nonPrimeOnly)).toMatchObject({ buyBox: "other", buyBoxes: { prime: "other", nonPrime: "you" } });
    expect(row(suppressed)).toMatchObject({ buyBox: "suppressed", buyBoxes: { prime: "suppressed", nonPrime: "suppressed" } });
    expect(row(failed)).toMatchObject({ buyBox: "unknown", buyBoxes: { prime: "unknown", nonPrime: "unknown" } });
    // The Buy Box card counts the Buy Box most shoppers see over the ASINs whose Buy Box is known: a suppressed one is known, and not held.
    expect(body.kpis.buyBox).toMatchObject({ held: 0, of: 2 });
  });
});
