import { describe, expect, it } from "vitest";
import { OFFERS_BATCH_PATH, tellOffersAnswered, type Seller } from "../../../../worker/jobs/nightly-run/seller-phase";
import { MAX_HEADER_RATE, rateLimitOf } from "../../../../worker/upstreams/budget/rate-limit-header";
import { localBudget } from "../../../../worker/upstreams/budget/budget-client";
import { sellerApiStating, virtualClock } from "./support";

const T = Date.UTC(2026, 10, 22, 2);

/** A seller whose getItemOffersBatch answers state `stated` rates, with its offers bucket at the model's 0.1/s. */
function offersSeller() {
  const stated = new Map<string, number>();
  const budget = localBudget({ ratePerSecond: 0.1, burst: 1 });
  const seller: Seller = { id: "u1", workspaceId: "u1", sellingPartnerId: "A1SELLER", api: sellerApiStating(stated), marketplaces: ["US"], participationsKnown: true, offersBudget: budget };
  return { stated, budget, seller, clock: virtualClock(T) };
}

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
    const { stated, budget, seller, clock } = offersSeller();
    /** A batch now, answered at once stating what `stated` holds: how long until the next one may go. */
    const nextBatchAfter = async () => {
      expect((await budget.take("batch", clock.now(), 0)).ok).toBe(true);
      await tellOffersAnswered({ clock }, seller);
      const refused = await budget.take("batch", clock.now(), 0);
      return refused.ok ? 0 : refused.retryAt - clock.now();
    };

    stated.set(OFFERS_BATCH_PATH, 0.1);
    expect(await nextBatchAfter()).toBe(10_000);
    await clock.sleep(10_000);
    stated.set(OFFERS_BATCH_PATH, 0.5);
    expect(await nextBatchAfter()).toBe(2_000);
  });

  it("a lower stated rate re-times the wait after the call just made: the next call is not early", async () => {
    const { stated, budget, seller, clock } = offersSeller();
    expect((await budget.take("batch", clock.now(), 0)).ok).toBe(true);
    // The answer came 800 ms later and says 0.05 per second: the next call is due 20 s after the answer.
    await clock.sleep(800);
    stated.set(OFFERS_BATCH_PATH, 0.05);
    await tellOffersAnswered({ clock }, seller);
    expect(await budget.take("batch", clock.now(), 0)).toEqual({ ok: false, retryAt: T + 800 + 20_000 });
  });

  it("a batch answered late paces the next from its answer, since Amazon counts it from when it landed", async () => {
    const { budget, seller, clock } = offersSeller();
    expect((await budget.take("batch", clock.now(), 0)).ok).toBe(true);
    // No rate stated, 3 s on the way (a new connection's handshake, a slow hop): due 10 s after the answer, not after the departure.
    await clock.sleep(3_000);
    await tellOffersAnswered({ clock }, seller);
    expect(await budget.take("batch", clock.now(), 0)).toEqual({ ok: false, retryAt: T + 13_000 });
    await clock.sleep(10_000);
    expect((await budget.take("batch", clock.now(), 0)).ok).toBe(true);
  });
});
