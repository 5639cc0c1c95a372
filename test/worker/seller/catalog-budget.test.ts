import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchCatalogItem } from "../../../worker/seller/catalog-service";
import { localBudget, type BudgetClient } from "../../../worker/upstreams/budget/budget-client";
import { SellerApiError, type CatalogItem, type SellerApi } from "../../../worker/upstreams/spapi/seller-api";

/** A live-looking SellerApi whose getCatalogItem answers as told and counts its calls. */
function countingApi(answer: () => Promise<CatalogItem>): SellerApi & { calls: number } {
  const api = {
    kind: "spapi" as const,
    calls: 0,
    async getCatalogItem() {
      api.calls += 1;
      return answer();
    },
    getFulfillableUnits: async () => new Map(),
    getBuyBoxWinners: async () => new Map(),
    getSalesDays: async () => [],
  };
  return api as unknown as SellerApi & { calls: number };
}

const item: CatalogItem = { asin: "B0BUDGET01", title: "A product", salesRanks: [] };
let userCount = 0;
const deps = (api: SellerApi, budget: BudgetClient) => ({ api, kv: env.LOOKUP_CACHE, userId: `budget-user-${++userCount}`, now: Date.now, budget });

describe("fetchCatalogItem within the seller's getCatalogItem budget", () => {
  it("refuses with 429 and Retry-After, without calling Amazon, when no token comes within the wait", async () => {
    const api = countingApi(async () => item);
    // One token every 10 s: the second fetch would wait past the 2 s an interactive call may wait.
    const budget = localBudget({ ratePerSecond: 0.1, burst: 1 });
    await fetchCatalogItem(deps(api, budget), "B0BUDGET01", "US");
    const refused = await fetchCatalogItem(deps(api, budget), "B0BUDGET02", "US").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SellerApiError);
    expect(refused).toMatchObject({ status: 429 });
    expect((refused as SellerApiError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(api.calls).toBe(1);
  });

  it("pauses the bucket for the Retry-After of Amazon's 429", async () => {
    const api = countingApi(async () => {
      throw new SellerApiError(429, "throttled", 30);
    });
    const pauses: number[] = [];
    const budget: BudgetClient = { take: async () => ({ ok: true, waitMs: 0 }), penalize: async (_now, seconds) => void pauses.push(seconds), landed: async () => {} };
    await expect(fetchCatalogItem(deps(api, budget), "B0BUDGET03", "US")).rejects.toMatchObject({ status: 429 });
    expect(pauses).toEqual([30]);
  });
});
