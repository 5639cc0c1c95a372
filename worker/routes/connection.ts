import { createRoute } from "@hono/zod-openapi";
import { deleteCredentials, findCredentials } from "../accounts/credentials-store";
import { clientAddressOf, currentAccount, requireAccount } from "../auth/session-middleware";
import { recordAudit } from "../workspaces/audit-store";
import { createRouter } from "../openapi/router";
import { dropSellerAccessToken } from "../upstreams/spapi/lwa";
import { accessTokenCacheKey } from "../seller/connected-seller-api";
import { noContent, notSignedIn } from "./schemas/answers";

const disconnectRoute = createRoute({
  method: "delete",
  path: "/",
  tags: ["Account"],
  summary: "Disconnect Seller Central: the refresh token is erased; the account and its settings stay",
  middleware: [requireAccount] as const,
  responses: { 204: noContent("Disconnected (or was not connected)."), 401: notSignedIn },
});

export const connectionRoutes = createRouter().openapi(disconnectRoute, async (c) => {
  const { user, workspace } = currentAccount(c);
  const credentials = await findCredentials(c.env.DB, workspace.id);
  if (credentials) {
    await deleteCredentials(c.env.DB, workspace.id);
    dropSellerAccessToken(accessTokenCacheKey(workspace.id, credentials.grantedAt));
    await recordAudit(c.env.DB, { workspaceId: workspace.id, actorUserId: user.id, action: "connection.disconnect", detail: { region: credentials.region }, clientAddress: clientAddressOf(c) });
  }
  return c.body(null, 204);
});
