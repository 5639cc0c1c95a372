import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sellerAttention, sellersAttention, clearAttention } from "../attention/attention-store";
import { callbackUrl, consentUrl } from "../auth/consent-url";
import { OAUTH_STATE_COOKIE, setHostCookie } from "../auth/cookies";
import { issueState, STATE_LIFETIME_SECONDS } from "../auth/oauth-state";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { connectionsChanged } from "../connections/connection-changed";
import { addSampleClient, deleteConnection, findConnection, listConnections, renameConnection } from "../connections/connection-store";
import { connectionView } from "../connections/connection-view";
import { NO_SUCH_CONNECTION } from "../dashboard/connection-scope";
import { ACCOUNT_MARKETPLACES, type AccountMarketplace } from "../contract/account";
import type { AppEnv } from "../env";
import { jsonBody } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { accessTokenCacheKey } from "../seller/connected-seller-api";
import { ApiError } from "../shared/api-error";
import { MARKETPLACE_REGION } from "../upstreams/spapi/endpoints";
import { dropSellerAccessToken } from "../upstreams/spapi/lwa";
import { auditRequest } from "./request-audit";
import { callerPlan } from "./caller-plan";
import { connectionLimitProblem, connectionsBeyondPlan } from "./workspace-connect";
import { badInput, errorAnswer, jsonAnswer, noContent, notSignedIn } from "./schemas/answers";
import { connectionIdSchema, connectionListSchema, connectionSchema, renameSchema, startAnswerSchema, startSchema } from "./schemas/connections";

const TAGS = ["Connections"];
const signedIn = { 401: notSignedIn };

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "The workspace's seller connections, oldest first, with what needs attention",
  middleware: [requireAccount] as const,
  responses: { 200: jsonAnswer("The connections.", connectionListSchema), ...signedIn },
});

const startRoute = createRoute({
  method: "post",
  path: "/start",
  tags: TAGS,
  summary: "Start connecting another seller account to this workspace: Seller Central's consent URL",
  description:
    "The `state` in the URL is bound to this browser (an HttpOnly cookie) and to the workspace the session works in: " +
    "the callback adds the seller to that workspace only, or renews its token when the workspace already has that seller " +
    "and region (a reconnect).",
  middleware: [requireAccount] as const,
  request: { body: jsonBody(startSchema) },
  responses: {
    200: jsonAnswer("Send the browser to authUrl.", startAnswerSchema),
    ...signedIn,
    403: errorAnswer("A demo account cannot connect seller accounts, or the plan's seller-account limit is reached."),
    422: badInput,
    503: errorAnswer("Amazon sign-in (SP-API) is not configured on this server."),
  },
});

const reconnectRoute = createRoute({
  method: "post",
  path: "/{id}/reconnect",
  tags: TAGS,
  summary: "Start a reconnect: the consent URL of the connection's region (a new token for the same seller and region)",
  description:
    "The `state` is bound to this browser, the workspace and this connection: the callback only renews this connection, " +
    "and refuses (a page saying so, nothing stored) when Amazon answers for another seller or region. A disconnected " +
    "connection coming back counts against the plan's seller-account limit, as a new one does.",
  middleware: [requireAccount] as const,
  request: { params: connectionIdSchema },
  responses: {
    200: jsonAnswer("Send the browser to authUrl.", startAnswerSchema),
    ...signedIn,
    403: errorAnswer("A demo account cannot connect seller accounts, or the connection is disconnected and the plan's seller-account limit is reached."),
    404: errorAnswer(NO_SUCH_CONNECTION),
    503: errorAnswer("Amazon sign-in (SP-API) is not configured on this server."),
  },
});

const sampleRoute = createRoute({
  method: "post",
  path: "/sample",
  tags: TAGS,
  summary: "Demo only: add a sample client (a second mock seller, EU) to see several seller accounts",
  middleware: [requireAccount] as const,
  responses: { 201: jsonAnswer("The sample client.", connectionSchema), ...signedIn, 403: errorAnswer("Only a demo account has sample clients.") },
});

const renameRoute = createRoute({
  method: "patch",
  path: "/{id}",
  tags: TAGS,
  summary: "Rename a connection",
  middleware: [requireAccount] as const,
  request: { params: connectionIdSchema, body: jsonBody(renameSchema) },
  responses: { 200: jsonAnswer("Renamed.", connectionSchema), ...signedIn, 404: errorAnswer(NO_SUCH_CONNECTION), 422: badInput },
});

const disconnectRoute = createRoute({
  method: "delete",
  path: "/{id}",
  tags: TAGS,
  summary: "Disconnect a seller account: its token, its seller data (stock, Buy Box, revenue) and the alerts set for it alone are deleted",
  middleware: [requireAccount] as const,
  request: { params: connectionIdSchema },
  responses: { 204: noContent("Disconnected."), ...signedIn, 403: errorAnswer("The demo seller stays."), 404: errorAnswer(NO_SUCH_CONNECTION) },
});

/**
 * The consent URL for `marketplace`'s Seller Central, with a state bound to this browser and
 * workspace, and for a Reconnect to the one connection it may renew.
 */
async function consentFor(c: Context<AppEnv>, marketplace: AccountMarketplace, connectionId: string | null): Promise<string> {
  if (currentAccount(c).user.isDemo) throw new ApiError(403, "forbidden", "A demo account cannot connect seller accounts. Sign in with Amazon or email first.");
  const config = c.get("services").config;
  const sellingPartner = config.sellingPartner;
  if (!config.sellerSignInReady || !sellingPartner) {
    throw new ApiError(503, "not_configured", "Connecting seller accounts needs SP-API, which is not configured on this server.");
  }
  const { state, nonce } = await issueState(c.get("services"), marketplace, Date.now(), { workspaceId: currentAccount(c).workspace.id, connectionId });
  setHostCookie(c, OAUTH_STATE_COOKIE, nonce, STATE_LIFETIME_SECONDS);
  c.header("Cache-Control", "no-store");
  return consentUrl({ marketplace, applicationId: sellingPartner.applicationId, state, redirectUri: callbackUrl(config.siteOrigin), draftApp: sellingPartner.draftApp });
}

async function viewOf(db: D1Database, row: Parameters<typeof connectionView>[0]) {
  const [refusal] = await sellerAttention(db, row.id);
  return connectionView(row, refusal?.detail ?? null, Date.now());
}

/** Settings → Connection Status: the workspace's seller accounts. Every statement names the workspace. */
export const connectionsRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const rows = await listConnections(c.env.DB, currentAccount(c).workspace.id);
    // Every connection's refusal in one read, not one read per connection (an agency has dozens).
    const refusals = await sellersAttention(c.env.DB, rows.map((row) => row.id));
    const now = Date.now();
    const connected = rows.filter((row) => row.status === "connected").length;
    const beyondPlan = connectionsBeyondPlan(await callerPlan(c), connected);
    return c.json({ connections: rows.map((row) => connectionView(row, refusals.get(row.id) ?? null, now)), beyondPlan }, 200);
  })
  .openapi(startRoute, async (c) => {
    // A new seller account counts against the plan (a reconnect of one it has does not); the callback checks again.
    const problem = await connectionLimitProblem(c, currentAccount(c).workspace.id);
    if (problem) throw new ApiError(403, "plan_limit", problem);
    return c.json({ authUrl: await consentFor(c, c.req.valid("json").marketplace, null) }, 200);
  })
  .openapi(reconnectRoute, async (c) => {
    const connection = await findConnection(c.env.DB, currentAccount(c).workspace.id, c.req.valid("param").id);
    if (!connection) throw new ApiError(404, "not_found", NO_SUCH_CONNECTION);
    // Renewing a connected account adds none; a disconnected one coming back counts again.
    const problem = connection.status === "connected" ? null : await connectionLimitProblem(c, connection.workspaceId);
    if (problem) throw new ApiError(403, "plan_limit", problem);
    const marketplace = ACCOUNT_MARKETPLACES.find((code) => MARKETPLACE_REGION[code] === connection.region) ?? "US";
    return c.json({ authUrl: await consentFor(c, marketplace, connection.id) }, 200);
  })
  .openapi(sampleRoute, async (c) => {
    if (!currentAccount(c).user.isDemo) throw new ApiError(403, "forbidden", "Sample clients are for the demo account; connect real seller accounts instead.");
    return c.json(await viewOf(c.env.DB, await addSampleClient(c.env.DB, currentAccount(c).workspace.id)), 201);
  })
  .openapi(renameRoute, async (c) => {
    const renamed = await renameConnection(c.env.DB, currentAccount(c).workspace.id, c.req.valid("param").id, c.req.valid("json").name);
    if (!renamed) throw new ApiError(404, "not_found", NO_SUCH_CONNECTION);
    await auditRequest(c, { workspaceId: currentAccount(c).workspace.id, action: "connection.rename", target: renamed.id, detail: { name: renamed.name } });
    return c.json(await viewOf(c.env.DB, renamed), 200);
  })
  .openapi(disconnectRoute, async (c) => {
    const workspaceId = currentAccount(c).workspace.id;
    const connection = await findConnection(c.env.DB, workspaceId, c.req.valid("param").id);
    if (!connection) throw new ApiError(404, "not_found", NO_SUCH_CONNECTION);
    if (connection.status === "demo" && connection.id === workspaceId) throw new ApiError(403, "forbidden", "The demo seller is part of the demo and stays.");
    await deleteConnection(c.env.DB, workspaceId, connection.id);
    await clearAttention(c.env.DB, "seller", connection.id);
    await auditRequest(c, { workspaceId, action: "connection.disconnect", target: connection.id, detail: { name: connection.name, region: connection.region } });
    if (connection.grantedAt) dropSellerAccessToken(accessTokenCacheKey(connection.id, connection.grantedAt));
    await connectionsChanged(c.env.DB, c.get("services"), workspaceId);
    return c.body(null, 204);
  });
