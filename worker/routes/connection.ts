import { createRoute } from "@hono/zod-openapi";
import { deleteCredentials, findCredentials } from "../accounts/credentials-store";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { auditRequest } from "./request-audit";
import { createRouter } from "../openapi/router";
import { connectionsChanged } from "../connections/connection-changed";
import { dropSellerAccessToken } from "../upstreams/spapi/lwa";
import { accessTokenCacheKey } from "../seller/connected-seller-api";
import { noContent, notSignedIn } from "./schemas/answers";

const disconnectRoute = createRoute({
  method: "delete",
  path: "/",
  tags: ["Account"],
  summary: "Disconnect the first connected seller: its refresh token is erased; the connection, its data and the settings stay",
  middleware: [requireAccount] as const,
  responses: { 204: noContent("Disconnected (or was not connected)."), 401: notSignedIn },
});

export const connectionRoutes = createRouter().openapi(disconnectRoute, async (c) => {
  const { workspace } = currentAccount(c);
  const credentials = await findCredentials(c.env.DB, workspace.id);
  if (credentials) {
    await deleteCredentials(c.env.DB, workspace.id, credentials.id);
    dropSellerAccessToken(accessTokenCacheKey(credentials.id, credentials.grantedAt));
    await auditRequest(c, { workspaceId: workspace.id, action: "connection.disconnect", target: credentials.id, detail: { region: credentials.region } });
    await connectionsChanged(c.env.DB, c.get("services"), workspace.id);
  }
  return c.body(null, 204);
});
