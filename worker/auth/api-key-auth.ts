import type { Context, MiddlewareHandler } from "hono";
import { findApiKeyByHash, type ApiKeyRecord } from "../api-keys/api-key-store";
import { countApiKeyUse } from "../api-keys/usage-recorder";
import { bearerToken, hashApiKey, looksLikeApiKey } from "../api-keys/key-format";
import { planOfUser } from "../billing/user-plan";
import type { Plan } from "../contract/plans";
import type { AppEnv } from "../env";
import { keyRateLimitHeaders } from "../ratelimit/key-limit";
import { isolateSlot } from "../shared/isolate-state";
import type { UserRecord } from "./accounts-store";

/**
 * How long an isolate may trust what it read about a key. Revoking deletes this isolate's
 * entry at once; every other isolate sees the revocation (or a plan change) within this.
 */
export const KEY_CACHE_MS = 3_000;
const MAX_CACHED = 5_000;

type Resolved = { key: ApiKeyRecord; user: UserRecord; plan: Plan } | null;
const keyCache = isolateSlot(() => new Map<string, { value: Resolved; expiresAt: number }>());

async function resolveKey(db: D1Database, keyHash: string): Promise<Resolved> {
  const now = Date.now();
  const cache = keyCache();
  const cached = cache.get(keyHash);
  if (cached && cached.expiresAt > now) return cached.value;
  const found = await findApiKeyByHash(db, keyHash);
  const value = found ? { ...found, plan: await planOfUser(db, found.user) } : null;
  cache.delete(keyHash);
  cache.set(keyHash, { value, expiresAt: now + KEY_CACHE_MS });
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return value;
}

/** Drops this isolate's copy of a key at once (revoke, rotate). */
export function forgetApiKey(keyHash: string): void {
  keyCache().delete(keyHash);
}

function unauthorized(c: Context<AppEnv>, detail: string) {
  c.header("WWW-Authenticate", `Bearer realm="ranklayer", error="invalid_token"`);
  return c.json({ detail }, 401);
}

/**
 * Authenticates `Authorization: Bearer rl_live_…`: sets the same `account` the session
 * middleware sets, marks the request as key-authenticated (no cookie, no XSRF), and
 * takes one request of the account's hourly limit. Without a Bearer header it does nothing.
 */
export const apiKeyAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerToken(c.req.header("Authorization"));
  if (token === null) return next();
  if (!looksLikeApiKey(token)) return unauthorized(c, "Wrong API key: it is not a RankLayer key (rl_live_…).");
  const keyHash = await hashApiKey(token);
  const found = await resolveKey(c.env.DB, keyHash);
  if (!found) return unauthorized(c, "Wrong API key: no such key exists.");
  if (found.key.revokedAt) return unauthorized(c, `This API key was revoked at ${found.key.revokedAt}.`);
  const planLimit = found.plan.apiRequestsPerHour;
  if (planLimit === null) {
    c.header("WWW-Authenticate", `Bearer realm="ranklayer", error="insufficient_scope"`);
    return c.json(
      {
        detail: `This API key is disabled: the account is on the ${found.plan.name} plan, which has no API access. Upgrade to Pro to enable it again.`,
      },
      403,
    );
  }

  const limit = c.var.services.config.vars.API_REQUESTS_PER_HOUR || planLimit;
  const decision = await c.var.services.quota.takeKeyRequest(found.user.id, limit);
  const headers = keyRateLimitHeaders(decision);
  if (!decision.allowed) {
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    c.header("Retry-After", String(decision.resetSeconds));
    return c.json(
      { detail: `API limit reached: ${limit} requests per hour across your keys. It resets at ${decision.resetAt}.` },
      429,
    );
  }
  c.set("account", { sessionId: `apikey:${found.key.id}`, user: found.user });
  c.set("apiKey", { id: found.key.id });
  countApiKeyUse(c.env.DB, c.executionCtx, found.key.id);
  await next();
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
};
