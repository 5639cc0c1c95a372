import type { MiddlewareHandler } from "hono";
import { bearerToken, isMalformedKeyHeader, KEY_LENGTH, KEY_PREFIX, looksLikeApiKey } from "../api-keys/key-format";
import type { AppEnv } from "../env";
import { utcMinuteText } from "../contract/time";
import { rateLimitFields } from "../contract/rate-limit-fields";
import { ApiError } from "../shared/api-error";
import { backgroundOf } from "../shared/background";
import { keyReaches, publicToKeys } from "./key-scope";
import { onFirstUse } from "../shared/on-first-use";

const challenge = (error: "invalid_token" | "insufficient_scope") => ({
  "WWW-Authenticate": `Bearer realm="ranklayer", error="${error}"`,
});

// The key stores load with an isolate's first key request, not at start-up (docs/adr/0012-split-worker-build.md).
const keyStores = onFirstUse(() => Promise.all([import("../api-keys/key-resolver"), import("../api-keys/usage-recorder")]));

/** Why a Bearer token is no key: one cut short (or run on) in copying is told what a whole key looks like. */
function notAKeyDetail(token: string): string {
  if (!token.startsWith(KEY_PREFIX)) return "Wrong API key: it is not a RankLayer key (rl_live_…).";
  if (token.length === KEY_LENGTH) return `Wrong API key: after ${KEY_PREFIX} a RankLayer key holds only letters and digits.`;
  return `Wrong API key: a RankLayer key is ${KEY_PREFIX} and ${KEY_LENGTH - KEY_PREFIX.length} letters and digits (${KEY_LENGTH} characters); this one has ${token.length}. Check it was copied whole.`;
}

const MALFORMED_HEADER = "Send the API key as `Authorization: Bearer rl_live_…` (one key, nothing else).";
const unauthorized = (detail: string) => new ApiError(401, "unauthenticated", detail, challenge("invalid_token"));

/**
 * Authenticates `Authorization: Bearer rl_live_…`: sets the same `account` the session
 * middleware sets, marks the request as key-authenticated (no cookie, no XSRF), and
 * takes one request of the account's hourly limit. Without a Bearer header it does nothing, unless
 * the header is a key sent another way (refused, 401).
 */
export const apiKeyAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header("Authorization");
  const token = bearerToken(header);
  if (token === null) {
    // Only where a key works: elsewhere the header authenticates nothing either way.
    if (isMalformedKeyHeader(header) && keyReaches(c.req.path)) throw unauthorized(MALFORMED_HEADER);
    return next();
  }
  // The API's document and the mock images its answers link to are anyone's: a client that sends
  // its key on every call spends none of its hourly requests on them.
  if (publicToKeys(c.req.path)) return next();
  if (!looksLikeApiKey(token)) throw unauthorized(notAKeyDetail(token));
  const [{ hashOfKey, rememberKeyHash, resolveApiKey }, { countApiKeyUse }] = await keyStores();
  const keyHash = hashOfKey(token);
  const found = await resolveApiKey(c.env.DB, keyHash, backgroundOf(c));
  if (!found) throw unauthorized("Wrong API key: no such key exists.");
  if (found.key.revokedAt) throw unauthorized(`This API key was revoked at ${utcMinuteText(found.key.revokedAt)}.`);
  const role = found.workspace.role;
  if (!role) throw unauthorized("This API key stopped working: the member who made it is no longer in its workspace.");
  const planLimit = found.plan.apiRequestsPerHour;
  if (planLimit === null) {
    throw new ApiError(
      403,
      "plan_limit",
      `This API key is disabled: the account is on the ${found.plan.name} plan, which has no API access. Upgrade to Pro to enable it again.`,
      challenge("insufficient_scope"),
    );
  }
  rememberKeyHash(token, keyHash);

  const { config, quota } = c.get("services");
  const limit = config.vars.API_REQUESTS_PER_HOUR || planLimit;
  const decision = await quota.takeKeyRequest(found.workspace.id, limit);
  const fields = rateLimitFields(decision);
  if (!decision.allowed) {
    throw new ApiError(
      429,
      "rate_limited",
      `API limit reached: ${limit} requests per hour across your keys. It resets at ${utcMinuteText(decision.resetAt)}.`,
      { ...fields, "Retry-After": String(decision.resetSeconds) },
    );
  }
  // The key acts in its workspace, with the workspace's plan and its maker's role there.
  c.set("account", { sessionId: `apikey:${found.key.id}`, user: found.user, workspace: { id: found.workspace.id, name: found.workspace.name, role, plan: found.plan }, verifiedAt: NEVER_VERIFIED });
  c.set("apiKey", { id: found.key.id });
  countApiKeyUse(c.env.DB, c.executionCtx, found.key.id, { intervalMs: config.vars.API_KEY_USAGE_FLUSH_MS });
  await next();
  // Appended: a route under a limit of its own (an export's day) listed that limit already.
  for (const [name, value] of Object.entries(fields)) c.res.headers.append(name, value);
};

/** A key never counts as a recent sign-in (key-scope.ts keeps it off account routes anyway). */
const NEVER_VERIFIED = new Date(0).toISOString();
