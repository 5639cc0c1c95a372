import { createRoute } from "@hono/zod-openapi";
import { deleteCredentials, findCredentials } from "../accounts/credentials-store";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { createRouter } from "../openapi/router";
import { dropSellerAccessToken } from "../upstreams/spapi/lwa";
import { accessTokenCacheKey } from "../seller/connected-seller-api";
import { noContent, notSignedIn } from "./schemas/answers";

const disconnectRoute = createRoute({
  method: "delete",
  path: "/",
  tags: ["Account"],
  summary: "Disconnect Seller Central: every connected seller's refresh token is erased; the connections, their data and the settings stay",
  middleware: [requireAccount] as const,
  responses: { 204: noContent("Disconnected (or was not connected)."), 401: notSignedIn },
});

export const connectionRoutes = createRouter().openapi(disconnectRoute, async (c) => {
  const { user } = currentAccount(c);
  const credentials = await findCredentials(c.env.DB, user.id);
  if (credentials) {
    await deleteCredentials(c.env.DB, user.id);
    dropSellerAccessToken(accessTokenCacheKey(credentials.id, credentials.grantedAt));
  }
  return c.body(null, 204);
});
