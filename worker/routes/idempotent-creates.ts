import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../env";
import { ApiError } from "../shared/api-error";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  KEY_REUSED,
  KEY_RUNNING,
  keyProblem,
  requestFingerprint,
} from "../idempotency/idempotency-rules";
import { routeKeyOf, routeKeyOfOperation } from "./route-permissions";

/**
 * The create routes ("METHOD /api/path" as Hono matched them, as in ROUTE_PERMISSIONS) that take
 * an Idempotency-Key: a retry of one whose first answer was lost (a timeout) could otherwise
 * create a second alert, key or workspace, or meet "already exists" for what it made itself.
 */
export const IDEMPOTENT_CREATES: ReadonlySet<string> = new Set([
  "POST /api/alerts",
  "POST /api/v1/alerts",
  "POST /api/watchlist",
  "POST /api/v1/watchlist",
  "POST /api/api-keys",
  "POST /api/workspaces",
  "POST /api/workspaces/invitations",
  "POST /api/branding/recipients",
]);

/** Whether an operation ("post", "/alerts" as the OpenAPI documents name it under /api) takes an Idempotency-Key. */
export function takesIdempotencyKey(method: string, openApiPath: string): boolean {
  return IDEMPOTENT_CREATES.has(routeKeyOfOperation(method, openApiPath));
}

function invalidKey(msg: string, type: string): ApiError {
  return new ApiError(422, "validation_failed", [{ loc: ["header", IDEMPOTENCY_KEY_HEADER], msg, type }]);
}

/**
 * The one idempotency check of the API, for the IDEMPOTENT_CREATES of a signed-in caller (a
 * session or an API key) that sends an Idempotency-Key. The key is the person's for 24 hours:
 * the first request claims it and runs; once it passed (2xx) its answer is kept, and a retry
 * with the same key, route and body gets that answer again (Idempotent-Replayed:
 * true) without running. The same key with another request is a 422; a retry while the first
 * still runs, a 409 with Retry-After. A request that did not pass lets its key go, so fixing
 * the input and sending it again with the same key works. Without the header, nothing changes.
 */
export const idempotentCreates: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return next();
  const route = routeKeyOf(matchedRoutes(c));
  const account = c.get("account");
  // Anonymous: the route's own sign-in check answers (401).
  if (route === null || !IDEMPOTENT_CREATES.has(route) || !account) return next();
  const problem = keyProblem(key);
  if (problem) throw invalidKey(problem, "invalid_idempotency_key");

  const [store, seal] = await Promise.all([import("../idempotency/idempotency-store"), import("../idempotency/answer-seal")]);
  const db = c.env.DB;
  const userId = account.user.id;
  const fingerprint = await requestFingerprint(route, await c.req.text());
  // Kept by its digest, the answer sealed under the key (answer-seal.ts): the row opens nothing alone.
  const keyId = await seal.keyDigest(key);
  const claim = await store.claimKey(db, userId, keyId, fingerprint, Date.now());
  if (claim.kind === "reused") throw invalidKey(KEY_REUSED, "idempotency_key_reused");
  if (claim.kind === "running") throw new ApiError(409, "conflict", KEY_RUNNING, { "Retry-After": "1" });
  if (claim.kind === "replay") {
    const { status, contentType, body } = claim.answer;
    return c.body(await seal.openAnswer(userId, key, body), status as 200, { ...(contentType ? { "Content-Type": contentType } : {}), [IDEMPOTENT_REPLAYED_HEADER]: "true" });
  }

  try {
    await next();
  } catch (error) {
    await store.releaseKey(db, userId, keyId);
    throw error;
  }
  try {
    if (c.res.ok) {
      const body = await seal.sealAnswer(userId, key, await c.res.clone().text());
      await store.keepAnswer(db, userId, keyId, { status: c.res.status, contentType: c.res.headers.get("Content-Type"), body });
    } else {
      await store.releaseKey(db, userId, keyId);
    }
  } catch (error) {
    // The answer stands; a retry meets the claim (409) until it counts as abandoned (a minute).
    console.error("idempotency key not recorded", route, error);
  }
};
