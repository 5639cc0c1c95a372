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
 * Tells the seller's bucket of an operation that a call it granted was answered at `nowMs`, in one
 * Durable Object call: the next call is paced from this answer, since Amazon counts a call from
 * when it lands, which can be well after it left; and at `statedRate` (x-amzn-RateLimit-Limit) when
 * Amazon stated one, which the bucket keeps for every caller and later invocation. The answer
 * Amazon gave stands even if the bucket cannot be told.
 */
export async function tellLanded(budget: BudgetClient | null | undefined, nowMs: number, statedRate: number | undefined, path: string): Promise<void> {
  await budget?.landed(nowMs, statedRate).catch((error: unknown) => {
    console.error(`seller budget of ${path}: this call's landing or Amazon's stated rate was not kept`, error);
  });
}

/** tellLanded with the rate Amazon last stated on an answer from `path`. */
export function tellAnswered(api: Pick<SellerApi, "rateLimitOf">, path: string, budget: BudgetClient | null | undefined, nowMs: number): Promise<void> {
  return tellLanded(budget, nowMs, api.rateLimitOf?.(path), path);
}
