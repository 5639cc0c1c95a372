import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { followSalesRateLimit, ORDER_METRICS_PATH, type RevenueSeller } from "../../../../worker/jobs/nightly-run/revenue-phase";
import { localBudget } from "../../../../worker/upstreams/budget/budget-client";
import { sellerApiStating } from "./support";

describe("x-amzn-RateLimit-Limit of getOrderMetrics", () => {
  it("a seller whose Sales limit Amazon raised gets a sales bucket at that rate; the default leaves it alone", () => {
    const stated = new Map<string, number>();
    const api = sellerApiStating(stated);
    const original = localBudget({ ratePerSecond: 0.5, burst: 1 });
    const seller: RevenueSeller = { id: "u1", workspaceId: "u1", sellingPartnerId: "A1SELLER", api, marketplaces: ["US"], offersBudget: null, salesBudget: original };

    followSalesRateLimit({ env }, seller);
    expect(seller.salesBudget).toBe(original);
    stated.set(ORDER_METRICS_PATH, 0.5);
    followSalesRateLimit({ env }, seller);
    expect(seller.salesBudget).toBe(original);

    stated.set(ORDER_METRICS_PATH, 2);
    followSalesRateLimit({ env }, seller);
    expect(seller.salesRate).toBe(2);
    expect(seller.salesBudget).not.toBe(original);
  });
});
