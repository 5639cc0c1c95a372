import { Hono } from "hono";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import type { AppEnv } from "../env";
import { catalogItemQuerySchema } from "../contract/account";
import { fetchCatalogItem } from "../seller/catalog-service";
import { SellerApiError } from "../upstreams/spapi/seller-api";
import { durableBudget } from "../upstreams/budget/budget-client";
import { spapiBucket } from "../upstreams/budget/token-bucket";
import { zodValidator } from "../validation";

/** Reads from the signed-in seller's own Selling Partner API account. */
export const spRoutes = new Hono<AppEnv>().get(
  "/catalog-item",
  requireAccount,
  zodValidator("query", catalogItemQuerySchema),
  async (c) => {
    const { user } = currentAccount(c);
    const { asin, marketplace } = c.req.valid("query");
    // A seller's own data: never kept by a shared cache.
    c.header("Cache-Control", "private, no-store");
    try {
      const api = await c.var.services.sources.seller(user);
      // getCatalogItem allows 2 requests a second per seller (burst 2): one bucket for all of this seller's callers.
      const budget = api.kind === "spapi" ? durableBudget(c.env, spapiBucket(user.sellingPartnerId, "getCatalogItem"), { ratePerSecond: 2, burst: 2 }) : undefined;
      const result = await fetchCatalogItem({ api, kv: c.env.LOOKUP_CACHE, userId: user.id, now: Date.now, budget }, asin, marketplace);
      return c.json(result, 200);
    } catch (error) {
      if (!(error instanceof SellerApiError)) throw error;
      if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
      return c.json({ detail: error.message }, error.status);
    }
  },
);
