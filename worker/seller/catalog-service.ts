import type { AccountMarketplace, CatalogItemResult } from "../contract/account";
import type { BudgetClient } from "../upstreams/budget/budget-client";
import { CATALOG_ITEM_PATH, SellerApiError, type CatalogItem, type SellerApi } from "../upstreams/spapi/seller-api";
import { tellAnswered } from "../upstreams/spapi/seller-budget";

/** SP-API results are reused for 24 hours, per seller, then fetched again. */
export const CATALOG_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface CachedCatalogItem {
  item: CatalogItem;
  fetchedAt: string;
}

/** KV keys are per user: one seller's fetches never show up as another's cache hits. */
export function catalogCacheKey(userId: string, marketplace: AccountMarketplace, asin: string): string {
  return `spapi-catalog:v1:${userId}:${marketplace}:${asin}`;
}

export interface CatalogDeps {
  api: SellerApi;
  kv: KVNamespace;
  userId: string;
  now: () => number;
  /** The seller's getCatalogItem quota, shared with every other caller; absent: no shared quota. */
  budget?: BudgetClient;
}

/** How long an interactive fetch may wait for its turn in the seller's quota. */
const MAX_BUDGET_WAIT_MS = 2000;

/**
 * One catalog item for a signed-in account. Live SP-API answers are cached in KV for 24 h
 * and served as "cache"; mock answers (the demo account) are never cached.
 */
export async function fetchCatalogItem(
  deps: CatalogDeps,
  asin: string,
  marketplace: AccountMarketplace,
): Promise<CatalogItemResult> {
  const now = deps.now();
  if (deps.api.kind === "mock") {
    const item = await deps.api.getCatalogItem(asin, marketplace);
    return { ...item, source: "mock", fetchedAt: new Date(now).toISOString() };
  }

  const key = catalogCacheKey(deps.userId, marketplace, asin);
  const cached = await deps.kv.get<CachedCatalogItem>(key, "json");
  if (cached) {
    // KV expiry is approximate; the age decides.
    const age = now - Date.parse(cached.fetchedAt);
    if (age >= 0 && age < CATALOG_CACHE_MAX_AGE_MS) return { ...cached.item, source: "cache", fetchedAt: cached.fetchedAt };
  }

  const item = await withinBudget(deps, () => deps.api.getCatalogItem(asin, marketplace));
  const fetchedAt = new Date(now).toISOString();
  await deps.kv.put(key, JSON.stringify({ item, fetchedAt } satisfies CachedCatalogItem), {
    expirationTtl: CATALOG_CACHE_MAX_AGE_MS / 1000,
  });
  return { ...item, source: "spapi", fetchedAt };
}

/** One SP-API call inside the seller's shared budget: refused without calling Amazon when no token comes in time; a 429 pauses the bucket. */
async function withinBudget<T>(deps: CatalogDeps, call: () => Promise<T>): Promise<T> {
  if (deps.budget) {
    await deps.api.ready?.();
    const grant = await deps.budget.take("interactive", deps.now(), MAX_BUDGET_WAIT_MS);
    if (!grant.ok) {
      const wait = Math.max(1, Math.ceil((grant.retryAt - deps.now()) / 1000));
      throw new SellerApiError(429, "Amazon's rate limit for your catalog requests is reached. Please try again shortly.", wait);
    }
    if (grant.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, grant.waitMs));
  }
  let answer: T;
  try {
    answer = await call();
  } catch (error) {
    if (!(error instanceof SellerApiError) || error.status !== 429) throw error;
    // Amazon's 429 usually names no wait: the caller is told the bucket's pause instead.
    const retryAfterSeconds = Math.max(1, error.retryAfterSeconds ?? 1);
    await deps.budget?.penalize(deps.now(), retryAfterSeconds);
    throw new SellerApiError(429, error.message, retryAfterSeconds);
  }
  // A seller whose plan differs from the model's is followed by every caller of the bucket from now on.
  await tellAnswered(deps.api, CATALOG_ITEM_PATH, deps.budget, deps.now());
  return answer;
}
