import type { Bindings } from "../../env";
import { durableBudget, type BudgetClient } from "../budget/budget-client";
import { spapiBucket } from "../budget/token-bucket";
import type { SellerApi } from "./seller-api";

/**
 * How much slower than a usage plan a seller's calls are paced (BucketLimits.headroom): calls take
 * more or less time to reach Amazon, and one landing inside the last one's interval is refused.
 */
export const SPAPI_RATE_HEADROOM = 0.05;

/** An operation's usage plan: its rate and burst (the models' "Usage Plan" tables). */
export interface UsagePlan {
  ratePerSecond: number;
  burst: number;
}

/**
 * A seller's bucket of one SP-API operation, paced SPAPI_RATE_HEADROOM under `plan`. Amazon counts
 * each seller and operation apart, and every caller for the seller (each of its connections, the
 * nightly run and the routes) shares the one bucket.
 */
export function sellerBudget(env: Pick<Bindings, "UPSTREAM_BUDGET">, sellingPartnerId: string, operation: string, plan: UsagePlan): BudgetClient {
  return durableBudget(env, spapiBucket(sellingPartnerId, operation), { ...plan, headroom: SPAPI_RATE_HEADROOM });
}

/**
 * Tells the seller's bucket of an operation the rate Amazon's x-amzn-RateLimit-Limit stated on
 * the last answer from `path`, when it differs from the rate the bucket was last told (`told`):
 * the bucket keeps it for every caller and later invocation. Returns the rate told since.
 */
export async function tellStatedRate(api: Pick<SellerApi, "rateLimitOf">, path: string, budget: BudgetClient | null | undefined, told: number | undefined, nowMs: number): Promise<number | undefined> {
  const stated = api.rateLimitOf?.(path);
  if (stated === undefined || !budget || stated === told) return told;
  await budget.follow(nowMs, stated);
  return stated;
}
