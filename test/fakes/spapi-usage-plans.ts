/**
 * SP-API's usage plans: each operation has a rate (requests per second) and a burst, counted
 * per selling partner and application, and a request past them is refused with 429
 * QuotaExceeded, without a Retry-After (Amazon sends none on most throttles). The defaults are
 * the "Usage Plan" tables of the operations' models; a seller may be given another plan, which
 * x-amzn-RateLimit-Limit then states, as Amazon does for sellers with higher throughput.
 */
export const SPAPI_OPERATIONS = ["getCatalogItem", "getInventorySummaries", "getItemOffersBatch", "getOrderMetrics", "getMarketplaceParticipations"] as const;
export type SpApiOperation = (typeof SPAPI_OPERATIONS)[number];

export interface UsagePlan {
  ratePerSecond: number;
  burst: number;
}

/** The models' default usage plans. */
export const DEFAULT_USAGE_PLANS: Record<SpApiOperation, UsagePlan> = {
  getCatalogItem: { ratePerSecond: 2, burst: 2 },
  getInventorySummaries: { ratePerSecond: 2, burst: 2 },
  getItemOffersBatch: { ratePerSecond: 0.1, burst: 1 },
  getOrderMetrics: { ratePerSecond: 0.5, burst: 15 },
  getMarketplaceParticipations: { ratePerSecond: 0.016, burst: 15 },
};

/** A token bucket per seller and operation: full at first, refilled at the plan's rate. */
export class UsagePlans {
  private plans = new Map<string, UsagePlan>();
  private buckets = new Map<string, { tokens: number; at: number }>();
  /**
   * How far ahead of real time each seller's clock runs: a test on a virtual clock moves it on by
   * every virtual wait, so calls its client spaced in virtual time are spaced here too, while
   * calls made with no wait at all still meet the burst.
   */
  private aheadMs = new Map<string, number>();

  planOf(seller: string, operation: SpApiOperation): UsagePlan {
    return this.plans.get(`${seller} ${operation}`) ?? DEFAULT_USAGE_PLANS[operation];
  }

  /** Gives the seller another plan for the operation, its bucket full again. */
  setPlan(seller: string, operation: SpApiOperation, plan: UsagePlan): void {
    this.plans.set(`${seller} ${operation}`, plan);
    this.buckets.delete(`${seller} ${operation}`);
  }

  /** Moves the seller's clock on by `ms` (a test's virtual wait); it never runs back. */
  advance(seller: string, ms: number): void {
    this.aheadMs.set(seller, (this.aheadMs.get(seller) ?? 0) + Math.max(0, ms));
  }

  /** The seller's time: real time, moved on by the test's virtual waits. */
  nowOf(seller: string): number {
    return Date.now() + (this.aheadMs.get(seller) ?? 0);
  }

  /** Spends one request of the seller's plan for the operation; false when the plan has none left. */
  spend(seller: string, operation: SpApiOperation): boolean {
    const plan = this.planOf(seller, operation);
    const now = this.nowOf(seller);
    const key = `${seller} ${operation}`;
    const bucket = this.buckets.get(key) ?? { tokens: plan.burst, at: now };
    const tokens = Math.min(plan.burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * plan.ratePerSecond);
    // A hair of tolerance: a client spacing calls exactly 1/rate apart must not lose to float rounding.
    if (tokens < 1 - 1e-9) {
      this.buckets.set(key, { tokens, at: now });
      return false;
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    return true;
  }
}
