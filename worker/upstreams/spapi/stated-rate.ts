import type { BudgetClient } from "../budget/budget-client";
import type { SellerApi } from "./seller-api";

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
