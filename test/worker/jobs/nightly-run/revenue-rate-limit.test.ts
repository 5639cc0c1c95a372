import { describe, expect, it } from "vitest";
import { ORDER_METRICS_PATH, tellSalesAnswered, type RevenueSeller } from "../../../../worker/jobs/nightly-run/revenue-phase";
import { localBudget } from "../../../../worker/upstreams/budget/budget-client";
import { sellerApiStating, virtualClock } from "./support";

describe("x-amzn-RateLimit-Limit of getOrderMetrics", () => {
  it("a seller whose Sales limit Amazon raised gets its calls paced at that rate, each from its answer; the default leaves the pace alone", async () => {
    const stated = new Map<string, number>();
    const api = sellerApiStating(stated);
    const budget = localBudget({ ratePerSecond: 0.5, burst: 1 });
    const seller: RevenueSeller = { id: "u1", workspaceId: "u1", sellingPartnerId: "A1SELLER", api, marketplaces: ["US"], participationsKnown: true, offersBudget: null, salesBudget: budget };
    const clock = virtualClock(Date.UTC(2026, 10, 22, 2));
    /** A call now, answered `latencyMs` later: how long after the answer the next call may go. */
    const nextCallAfter = async (latencyMs = 0) => {
      expect((await budget.take("batch", clock.now(), 0)).ok).toBe(true);
      await clock.sleep(latencyMs);
      await tellSalesAnswered({ clock }, seller);
      const refused = await budget.take("batch", clock.now(), 0);
      return refused.ok ? 0 : refused.retryAt - clock.now();
    };

    expect(await nextCallAfter()).toBe(2_000);
    await clock.sleep(2_000);
    stated.set(ORDER_METRICS_PATH, 0.5);
    expect(await nextCallAfter(700)).toBe(2_000);
    await clock.sleep(2_000);
    stated.set(ORDER_METRICS_PATH, 2);
    expect(await nextCallAfter()).toBe(500);
  });
});
