import { describe, expect, it } from "vitest";
import { followRateLimit, OFFERS_BATCH_PATH, type Seller } from "../../../../worker/jobs/nightly-run/seller-phase";
import { MAX_HEADER_RATE, rateLimitOf } from "../../../../worker/upstreams/budget/rate-limit-header";
import { localBudget } from "../../../../worker/upstreams/budget/budget-client";
import { sellerApiStating, virtualClock } from "./support";

const T = Date.UTC(2026, 10, 22, 2);

describe("x-amzn-RateLimit-Limit", () => {
  it("reads the stated rate, ignores malformed ones and caps absurd ones", () => {
    expect(rateLimitOf("0.1")).toBe(0.1);
    expect(rateLimitOf(" 2.0 ")).toBe(2);
    expect(rateLimitOf("fast")).toBeUndefined();
    expect(rateLimitOf("0")).toBeUndefined();
    expect(rateLimitOf(null)).toBeUndefined();
    expect(rateLimitOf("1e9")).toBe(MAX_HEADER_RATE);
  });

  it("a seller whose limit Amazon raised gets its offers paced at that rate; the default leaves the pace alone", async () => {
    const stated = new Map<string, number>();
    const api = sellerApiStating(stated);
    const budget = localBudget({ ratePerSecond: 0.1, burst: 1 });
    const seller: Seller = { id: "u1", workspaceId: "u1", sellingPartnerId: "A1SELLER", api, marketplaces: ["US"], participationsKnown: true, offersBudget: budget };
    const clock = virtualClock(T);
    const nextFreeAfter = async () => {
      const taken = await budget.take("batch", clock.now(), 0);
      const refused = await budget.take("batch", clock.now(), 0);
      expect(taken.ok).toBe(true);
      return refused.ok ? 0 : refused.retryAt - clock.now();
    };

    stated.set(OFFERS_BATCH_PATH, 0.1);
    await followRateLimit({ clock }, seller);
    expect(await nextFreeAfter()).toBe(10_000);

    await clock.sleep(10_000);
    stated.set(OFFERS_BATCH_PATH, 0.5);
    await followRateLimit({ clock }, seller);
    expect(seller.offersRate).toBe(0.5);
    expect(await nextFreeAfter()).toBe(2_000);
  });

  it("a lower stated rate re-times the wait after the call just made: the next call is not early", async () => {
    const stated = new Map<string, number>();
    const budget = localBudget({ ratePerSecond: 0.1, burst: 1 });
    const seller: Seller = { id: "u1", workspaceId: "u1", sellingPartnerId: "A1SELLER", api: sellerApiStating(stated), marketplaces: ["US"], participationsKnown: true, offersBudget: budget };
    const clock = virtualClock(T);
    expect((await budget.take("batch", clock.now(), 0)).ok).toBe(true);
    // The answer came 800 ms later and says 0.05 per second: the next call is due 20 s after the first, not 10.
    await clock.sleep(800);
    stated.set(OFFERS_BATCH_PATH, 0.05);
    await followRateLimit({ clock }, seller);
    expect(await budget.take("batch", clock.now(), 0)).toEqual({ ok: false, retryAt: T + 20_000 });
  });
});
