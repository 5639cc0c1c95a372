import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../../../worker/env";
import { revenueRunDay } from "../../../../worker/upstreams/spapi/sales-days";
import { connectSeller, fakeCalls, fakeControl, registerLwaClient, sellerEnv, SPAPI_FAKE, spApiTimeOf, TestBrowser } from "../../support/seller-browser";
import { insertWatchlist, resetHistoryTables, runSlicesToEnd, virtualClock } from "./support";

/**
 * getItemOffersBatch failing on Amazon's side: the model's 500 InternalFailure and 503
 * ServiceUnavailable for the whole batch. The sellers phase waits (a 503's Retry-After at least)
 * and asks again; a batch that keeps failing is given up, its Buy Box unknown, never "lost".
 */
beforeEach(async () => {
  await resetHistoryTables();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

const runDay = () => revenueRunDay(Date.now());
/** An ASIN no other test file scripts (the fake serves every file at once). */
const freshAsin = () => `B0F${crypto.randomUUID().replace(/-/g, "").slice(0, 7).toUpperCase()}`;

async function sellerTracking(asin: string) {
  const bindings = sellerEnv();
  await registerLwaClient(bindings);
  const seller = await connectSeller(new TestBrowser(bindings));
  const user = await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(seller.sellingPartnerId).first<{ id: string }>();
  await insertWatchlist(user!.id, [{ marketplace: "US", asin }]);
  return { bindings, seller, userId: user!.id };
}

async function runNightly(bindings: Bindings, refreshToken: string) {
  const clock = virtualClock(Date.now(), spApiTimeOf(refreshToken));
  await runSlicesToEnd(bindings, runDay(), { clock });
  return clock;
}

async function buyBoxRow(userId: string, asin: string) {
  return env.DB.prepare("SELECT buy_box_seller_id, holds_buy_box FROM seller_snapshots WHERE workspace_id = ? AND asin = ? AND day = ?").bind(userId, asin, runDay()).first();
}

const offersCalls = async (asin: string) =>
  (await fakeCalls(SPAPI_FAKE, { kind: "offers" })).filter((call) => JSON.stringify(call.body ?? "").includes(`/items/${asin}/offers`));

describe("getItemOffersBatch failing on Amazon's side", () => {
  it("a batch answered 503 with a Retry-After is asked again after it, and the Buy Box is recorded", async () => {
    const asin = freshAsin();
    const { bindings, seller, userId } = await sellerTracking(asin);
    await fakeControl(SPAPI_FAKE, "offers-item", { asin, behavior: "error503", retryAfter: "90", times: 1 });
    const clock = await runNightly(bindings, seller.refreshToken);
    expect((await offersCalls(asin)).map((call) => call.status)).toEqual([503, 200]);
    expect(clock.slept.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(90_000);
    // The model's first example, re-addressed: A2SNBFWOFW4SWG's offer wins.
    expect(await buyBoxRow(userId, asin)).toEqual({ buy_box_seller_id: "A2SNBFWOFW4SWG", holds_buy_box: 0 });
  });

  it("a batch that keeps failing with 500 is given up: the Buy Box stays unknown", async () => {
    const asin = freshAsin();
    const { bindings, seller, userId } = await sellerTracking(asin);
    await fakeControl(SPAPI_FAKE, "offers-item", { asin, behavior: "error500" });
    await runNightly(bindings, seller.refreshToken);
    const calls = await offersCalls(asin);
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.every((call) => call.status === 500)).toBe(true);
    const row = await buyBoxRow(userId, asin);
    expect(row?.holds_buy_box ?? null).toBeNull();
  });
});
