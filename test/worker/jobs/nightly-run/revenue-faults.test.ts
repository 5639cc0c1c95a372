import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../../../worker/env";
import { REVENUE_DAYS, revenueDays, revenueRunDay } from "../../../../worker/upstreams/spapi/sales-days";
import { connectSeller, fakeCalls, fakeControl, registerLwaClient, sellerEnv, SPAPI_FAKE, spApiTimeOf, TestBrowser } from "../../support/seller-browser";
import { agencyWithClient } from "../../support/agency-client";
import { insertWatchlist, resetHistoryTables, runSlicesToEnd, virtualClock } from "./support";

/**
 * Sales getOrderMetrics as Amazon answers it beyond the happy path: every figure in the
 * marketplace's own currency, and now and then a 500 InternalFailure or a 503 ServiceUnavailable
 * (the model's 500 and 503), which the revenue phase waits out and asks again, never storing a
 * day it did not get as zero.
 */
beforeEach(async () => {
  await resetHistoryTables();
  await env.DB.prepare("DELETE FROM seller_revenue").run();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

const runDay = () => revenueRunDay(Date.now());
/** An ASIN no other test file scripts (the fake serves every file at once). */
const freshAsin = () => `B0R${crypto.randomUUID().replace(/-/g, "").slice(0, 7).toUpperCase()}`;

async function sellerTracking(marketplace: string, asin: string) {
  const bindings = sellerEnv();
  await registerLwaClient(bindings);
  const seller = await connectSeller(new TestBrowser(bindings), { marketplace });
  const user = await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(seller.sellingPartnerId).first<{ id: string }>();
  // Straight into the watchlist: a Free plan tracks US ASINs only.
  await insertWatchlist(user!.id, [{ marketplace, asin }]);
  return { bindings, seller };
}

async function runNightly(bindings: Bindings, refreshToken: string) {
  const clock = virtualClock(Date.now(), spApiTimeOf(refreshToken));
  await runSlicesToEnd(bindings, runDay(), { clock });
  return clock;
}

async function storedRevenue(asin: string) {
  const { results } = await env.DB.prepare("SELECT day, status, amount, currency FROM seller_revenue WHERE asin = ? ORDER BY day").bind(asin).all();
  return results;
}

describe("getOrderMetrics in the marketplace's currency", () => {
  it("a UK seller's sales are stored in GBP, as Amazon answers them", async () => {
    const asin = freshAsin();
    const { bindings, seller } = await sellerTracking("UK", asin);
    await fakeControl(SPAPI_FAKE, "sales", { asin, amount: 30, units: 2 });
    await runNightly(bindings, seller.refreshToken);
    const days = revenueDays(runDay(), "UK", REVENUE_DAYS);
    expect(await storedRevenue(asin)).toEqual(days.map((day) => ({ day, status: "ok", amount: 30, currency: "GBP" })));
  });
});

describe("getOrderMetrics failing on Amazon's side", () => {
  it("a 503 with a Retry-After is asked again after it, and the week is stored as answered", async () => {
    const asin = freshAsin();
    const { bindings, seller } = await sellerTracking("US", asin);
    await fakeControl(SPAPI_FAKE, "sales", { asin, behavior: "error503", retryAfterSeconds: 120, times: 1, amount: 10, units: 1 });
    const clock = await runNightly(bindings, seller.refreshToken);
    const calls = (await fakeCalls(SPAPI_FAKE, { kind: "sales" })).filter((call) => call.query?.asin === asin);
    expect(calls.map((call) => call.status)).toEqual([503, 200]);
    // The run waited at least Amazon's Retry-After before asking again (in slices of the run's alarm chain).
    expect(clock.slept.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(120_000);
    const days = revenueDays(runDay(), "US", REVENUE_DAYS);
    expect(await storedRevenue(asin)).toEqual(days.map((day) => ({ day, status: "ok", amount: 10, currency: "USD" })));
  });

  it("a call that keeps failing with 500 is given up on: its days are missing, never zero", async () => {
    const asin = freshAsin();
    const { bindings, seller } = await sellerTracking("US", asin);
    await fakeControl(SPAPI_FAKE, "sales", { asin, behavior: "error500" });
    await runNightly(bindings, seller.refreshToken);
    const calls = (await fakeCalls(SPAPI_FAKE, { kind: "sales" })).filter((call) => call.query?.asin === asin);
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.every((call) => call.status === 500)).toBe(true);
    const days = revenueDays(runDay(), "US", REVENUE_DAYS);
    expect(await storedRevenue(asin)).toEqual(days.map((day) => ({ day, status: "missing", amount: null, currency: null })));
  });
});

describe("one seller whose every getOrderMetrics call fails (Amazon broken for that account tonight)", () => {
  it("after one ASIN is given up on, the seller's next failing ASINs are given up at their first failure: its run ends in minutes, not hours", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const seller = await connectSeller(new TestBrowser(bindings), { marketplace: "US" });
    const user = await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(seller.sellingPartnerId).first<{ id: string }>();
    const asins = [freshAsin(), freshAsin(), freshAsin(), freshAsin()];
    await insertWatchlist(user!.id, asins.map((asin) => ({ marketplace: "US", asin })));
    for (const asin of asins) await fakeControl(SPAPI_FAKE, "sales", { asin, behavior: "error500" });

    const clock = await runNightly(bindings, seller.refreshToken);

    const calls = (await fakeCalls(SPAPI_FAKE, { kind: "sales" })).filter((call) => asins.includes(String(call.query?.asin)));
    // Five attempts on the first ASIN, then one on each of the three others (each 5 × 30 s to 4 min of backoff before).
    expect(calls).toHaveLength(5 + 3);
    expect(clock.slept.reduce((sum, ms) => sum + ms, 0)).toBeLessThan(10 * 60_000);
    // Missing, never zero: the next nights ask for these days again (the last REVENUE_DAYS).
    for (const asin of asins) expect((await storedRevenue(asin)).every((row) => row.status === "missing")).toBe(true);
  });
});

describe("getOrderMetrics counts the calling seller's own orders", () => {
  it("two sellers of one workspace tracking each other's ASIN: each stores its own sales, and zero days for the other's", { timeout: 30_000 }, async () => {
    const { bindings, agency, workspace, clientSeller: client, clientGrant } = await agencyWithClient();
    const [agencyAsin, clientAsin] = [freshAsin(), freshAsin()];
    await insertWatchlist(workspace, [agencyAsin, clientAsin].map((asin) => ({ marketplace: "US", asin })));
    await fakeControl(SPAPI_FAKE, "sales", { asin: agencyAsin, sellingPartnerId: agency.sellingPartnerId, amount: 30, units: 2 });
    await fakeControl(SPAPI_FAKE, "sales", { asin: clientAsin, sellingPartnerId: client, amount: 12, units: 1 });

    await runSlicesToEnd(bindings, runDay(), { clock: virtualClock(Date.now(), spApiTimeOf(agency.refreshToken, clientGrant)) });

    const { results } = await env.DB.prepare(
      "SELECT c.selling_partner_id AS seller, r.asin, sum(r.amount) AS amount, count(*) AS days FROM seller_revenue r JOIN seller_connections c ON c.id = r.connection_id WHERE r.workspace_id = ? AND r.status = 'ok' GROUP BY 1, 2 ORDER BY 1, 2",
    )
      .bind(workspace)
      .all();
    const week = REVENUE_DAYS;
    const expected = [
      { seller: agency.sellingPartnerId, asin: agencyAsin, amount: 30 * week, days: week },
      { seller: agency.sellingPartnerId, asin: clientAsin, amount: 0, days: week },
      { seller: client, asin: agencyAsin, amount: 0, days: week },
      { seller: client, asin: clientAsin, amount: 12 * week, days: week },
    ];
    const key = (row: Record<string, unknown>) => `${String(row.seller)} ${String(row.asin)}`;
    expect([...results].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(expected.sort((a, b) => key(a).localeCompare(key(b))));
  });
});
