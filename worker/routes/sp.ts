import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import type { CatalogItemResult } from "../contract/account";
import { catalogItemQuerySchema } from "../contract/catalog-item";
import { findConnection, listConnections } from "../connections/connection-store";
import { NO_SUCH_CONNECTION } from "../dashboard/connection-scope";
import { failure, json, retryAfter, sessionErrors } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { fetchCatalogItem } from "../seller/catalog-service";
import { connectionMarketplaces, notSellingDetail } from "../seller/participations";
import { MARKETPLACE_REGION } from "../upstreams/spapi/endpoints";
import { ApiError, codeOfStatus } from "../shared/api-error";
import { sellerBudget } from "../upstreams/spapi/seller-budget";
import { SellerApiError } from "../upstreams/spapi/seller-api";

const catalogItemSchema: z.ZodType<CatalogItemResult> = z
  .object({
    asin: z.string(),
    title: z.string(),
    source: z.enum(["spapi", "mock", "cache"]),
    salesRanks: z.array(z.object({ categoryTitle: z.string(), rank: z.number() })),
    fetchedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("CatalogItem");

const route = createRoute({
  method: "get",
  path: "/catalog-item",
  operationId: "catalogItem",
  tags: ["Seller"],
  summary: "One catalog item from the seller's own Selling Partner API account",
  middleware: [requireAccount],
  request: { query: catalogItemQuerySchema },
  responses: {
    200: json("The item and its sales ranks.", catalogItemSchema),
    401: sessionErrors[401],
    403: failure("Amazon refused the seller's authorization (reconnect), or the XSRF token is wrong."),
    404: failure("Amazon does not know the ASIN in that marketplace, or no such seller connection in this workspace."),
    422: sessionErrors[422],
    429: failure("Amazon is throttling the seller's calls.", retryAfter),
    502: failure("Amazon failed or answered with an error."),
  },
});

/** Reads from the signed-in seller's own Selling Partner API account, or one of the workspace's connections. */
export const spRoutes = createRouter().openapi(route, async (c) => {
  const { user, workspace } = currentAccount(c);
  const { asin, marketplace, connection: connectionId } = c.req.valid("query");
  // A seller's own data: never kept by a shared cache.
  c.header("Cache-Control", "private, no-store");
  // The named connection, else the workspace's first seller account (its oldest connected or demo one).
  const connection = connectionId
    ? await findConnection(c.env.DB, workspace.id, connectionId)
    : ((await listConnections(c.env.DB, workspace.id)).find((row) => row.status !== "disconnected") ?? null);
  if (connectionId && !connection) throw new ApiError(404, "not_found", NO_SUCH_CONNECTION);
  if (!connection && workspace.id !== user.id) {
    throw new ApiError(403, "forbidden", `${workspace.name} has no connected seller account. An owner or admin connects one in Settings → Connection Status.`);
  }
  // Amazon answers a marketplace of the region the seller does not sell in with the 403 of a revoked
  // role: say so from the stored participations, without a call and without advising a reconnect.
  if (connection && connection.status !== "demo" && MARKETPLACE_REGION[marketplace] === connection.region) {
    const selling = connectionMarketplaces(connection);
    if (!selling.includes(marketplace)) throw new ApiError(403, "forbidden", notSellingDetail(marketplace, selling, "catalog data"));
  }
  try {
    const api = connection ? await c.get("services").sources.sellerConnection(connection) : await c.get("services").sources.seller(user);
    const sellerId = connection?.sellingPartnerId ?? user.sellingPartnerId;
    // getCatalogItem allows 2 requests a second per seller (burst 2): one bucket for all of this seller's callers.
    const budget = api.kind === "spapi" ? sellerBudget(c.env, sellerId, "getCatalogItem", { ratePerSecond: 2, burst: 2 }) : undefined;
    // Each connection's answers cached apart (a personal account without one keeps its own key).
    const cacheOwner = connection ? `${workspace.id}:${connection.id}` : user.id;
    const result = await fetchCatalogItem({ api, kv: c.env.LOOKUP_CACHE, userId: cacheOwner, now: Date.now, budget }, asin, marketplace);
    return c.json(result, 200);
  } catch (error) {
    if (!(error instanceof SellerApiError)) throw error;
    const headers: Record<string, string> = error.retryAfterSeconds !== undefined ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    throw new ApiError(error.status, error.status === 502 ? "upstream_unavailable" : codeOfStatus(error.status), error.message, headers);
  }
});
