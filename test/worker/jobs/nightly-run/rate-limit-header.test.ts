import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { followRateLimit, OFFERS_BATCH_PATH, type Seller } from "../../../../worker/jobs/nightly-run/seller-phase";
import { MAX_HEADER_RATE, rateLimitOf } from "../../../../worker/upstreams/budget/rate-limit-header";
import { localBudget } from "../../../../worker/upstreams/budget/budget-client";
import { sellerApiStating } from "./support";

describe("x-amzn-RateLimit-Limit", () => {
  it("reads the stated rate, ignores malformed ones and caps absurd ones", () => {
    expect(rateLimitOf("0.1")).toBe(0.1);
    expect(rateLimitOf(" 2.0 ")).toBe(2);
    expect(rateLimitOf("fast")).toBeUndefined();
    expect(rateLimitOf("0")).toBeUndefined();
    expect(rateLimitOf(null)).toBeUndefined();
    expect(rateLimitOf("1e9")).toBe(MAX_HEADER_RATE);
  });

  it("a seller whose limit Amazon raised gets a bucket at that rate; the default leaves it alone", () => {
    const stated = new Map<string, number>();
    const api = sellerApiStating(stated);
    const original = localBudget({ ratePerSecond: 0.1, burst: 1 });
    const seller: Seller = { id: "u1", workspaceId: "u1", sellingPartnerId: "A1SELLER", api, marketplaces: ["US"], offersBudget: original };

    stated.set(OFFERS_BATCH_PATH, 0.1);
    followRateLimit({ env }, seller);
    expect(seller.offersBudget).toBe(original);

    stated.set(OFFERS_BATCH_PATH, 0.5);
    followRateLimit({ env }, seller);
    expect(seller.offersRate).toBe(0.5);
    expect(seller.offersBudget).not.toBe(original);
  });
});
