import { requireRecentSignIn } from "../auth/recent-sign-in";
import { jsonBody } from "../openapi/responses";
import { createRoute } from "@hono/zod-openapi";
import type { Context, Next } from "hono";
import { createKeyFor, listKeysOf, revokeKeyOf, rotateKeyOf, type MakersOf } from "../api-keys/api-key-service";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { membersAmong } from "../workspaces/workspace-store";
import { callerPlan } from "./caller-plan";
import { auditRequest } from "./request-audit";
import { keyLimitDetail, MAX_LIVE_API_KEYS } from "../contract/api-keys";
import { PRO_PLAN } from "../contract/plans";
import type { AppEnv } from "../env";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { apiKeyListSchema, createdApiKeySchema, keyIdSchema, newKeySchema } from "./schemas/api-keys";
import { badInput, errorAnswer, jsonAnswer, noContent, notSignedIn } from "./schemas/answers";

/** Keys are managed from a signed-in browser only: a leaked key cannot mint or revoke keys. */
async function sessionOnly(c: Context<AppEnv>, next: Next) {
  if (c.get("apiKey")) throw new ApiError(403, "forbidden", "API keys are managed in Settings → API Access, not with a key.");
  return next();
}

/** A key minted from a stolen session would outlive it: minting one needs a recent sign-in. */
async function recentSignIn(c: Context<AppEnv>, next: Next) {
  requireRecentSignIn(currentAccount(c));
  return next();
}

async function needsApiPlan(c: Context<AppEnv>, next: Next) {
  const plan = await callerPlan(c);
  if (plan.apiRequestsPerHour === null) {
    throw new ApiError(
      403,
      "plan_limit",
      `API keys come with the ${PRO_PLAN.name} plan (${PRO_PLAN.apiRequestsPerHour} requests per hour). Your plan is ${plan.name}.`,
    );
  }
  return next();
}

const NO_SUCH_KEY = "No such live API key.";

/** The makers asked for, among the workspace's members, for naming each key's maker and the role the key acts with. */
function makersIn(c: Context<AppEnv>): MakersOf {
  return async (userIds) => {
    const members = new Map((await membersAmong(c.env.DB, currentAccount(c).workspace.id, userIds)).map((m) => [m.userId, { email: m.email, role: m.role }]));
    return (userId) => members.get(userId) ?? { email: null, role: null };
  };
}
const WITH_A_KEY = "Managed with an API key instead of a session, or a role without the keys permission (`forbidden`)";
/** Listing and revoking take no API plan (needsApiPlan) nor a recent sign-in. */
const signedIn = { 401: notSignedIn, 403: errorAnswer(`${WITH_A_KEY}.`) };
/** Creating and rotating also need a plan with API access and a recent sign-in. */
const REFUSED = `${WITH_A_KEY}, the plan has no API access (\`plan_limit\`), or no recent sign-in (\`recent_sign_in_required\`)`;
const minting = { 401: notSignedIn, 403: errorAnswer(`${REFUSED}.`) };

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["API keys"],
  summary: "The signed-in user's live keys with their last 7 days of use",
  responses: { 200: jsonAnswer("The keys and the plan's hourly limit.", apiKeyListSchema), ...signedIn },
});

const createKeyRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["API keys"],
  summary: "Create a key (Pro, Agency and Enterprise); the full key is in this answer only",
  middleware: [needsApiPlan, recentSignIn] as const,
  request: { body: jsonBody(newKeySchema) },
  responses: {
    201: jsonAnswer("The new key.", createdApiKeySchema),
    400: errorAnswer("The body is not JSON."),
    401: notSignedIn,
    403: errorAnswer(`${REFUSED}, or the workspace already has its ${MAX_LIVE_API_KEYS} live keys, the most any plan allows (\`plan_limit\`; revoke or rotate one).`),
    422: badInput,
  },
});

const rotateRoute = createRoute({
  method: "post",
  path: "/{id}/rotate",
  tags: ["API keys"],
  summary: "Replace a key: a new one under the same name, the old one revoked at once",
  middleware: [needsApiPlan, recentSignIn] as const,
  request: { params: keyIdSchema },
  responses: { 201: jsonAnswer("The new key.", createdApiKeySchema), ...minting, 404: errorAnswer(NO_SUCH_KEY) },
});

const revokeRoute = createRoute({
  method: "delete",
  path: "/{id}",
  tags: ["API keys"],
  summary: "Revoke a key: it stops working at once",
  request: { params: keyIdSchema },
  responses: { 204: noContent("Revoked."), ...signedIn, 404: errorAnswer(NO_SUCH_KEY) },
});

const router = createRouter();
router.use(requireAccount, sessionOnly);

/** Settings → API Access: the current workspace's keys. Every statement is keyed by its id. */
export const apiKeyRoutes = router
  .openapi(listRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { workspace } = currentAccount(c);
    return c.json(await listKeysOf(c.env.DB, workspace.id, await callerPlan(c), makersIn(c)), 200);
  })
  .openapi(createKeyRoute, async (c) => {
    const { user, workspace } = currentAccount(c);
    const name = c.req.valid("json").name;
    const created = await createKeyFor(c.env.DB, { workspaceId: workspace.id, userId: user.id }, name, makersIn(c));
    if (!created) throw new ApiError(403, "plan_limit", keyLimitDetail((await callerPlan(c)).name));
    await auditRequest(c, { workspaceId: workspace.id, action: "key.create", target: created.apiKey.id, detail: { name, prefix: created.apiKey.prefix } });
    c.header("Cache-Control", "no-store");
    return c.json(created, 201);
  })
  .openapi(rotateRoute, async (c) => {
    const { user, workspace } = currentAccount(c);
    const id = c.req.valid("param").id;
    const created = await rotateKeyOf(c.env.DB, { workspaceId: workspace.id, userId: user.id }, id, makersIn(c));
    if (!created) throw new ApiError(404, "not_found", NO_SUCH_KEY);
    await auditRequest(c, { workspaceId: workspace.id, action: "key.rotate", target: id, detail: { replacedBy: created.apiKey.id } });
    c.header("Cache-Control", "no-store");
    return c.json(created, 201);
  })
  .openapi(revokeRoute, async (c) => {
    const { workspace } = currentAccount(c);
    const revoked = await revokeKeyOf(c.env.DB, workspace.id, c.req.valid("param").id);
    if (!revoked) throw new ApiError(404, "not_found", NO_SUCH_KEY);
    await auditRequest(c, { workspaceId: workspace.id, action: "key.revoke", target: revoked.id, detail: { name: revoked.name, prefix: revoked.prefix } });
    return c.body(null, 204);
  });
