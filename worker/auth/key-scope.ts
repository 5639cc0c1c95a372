import type { MiddlewareHandler } from "hono";
import { bearerToken } from "../api-keys/key-format";
import type { AppEnv } from "../env";
import { ApiError } from "../shared/api-error";

/** Where an API key is accepted: the public API and the exports. Everything else is the web app's, behind a session. */
export const KEY_PATH_PREFIXES = ["/api/v1/", "/api/exports/"] as const;

/**
 * Public reads that belong to the API a key calls: its OpenAPI document and the mock images its
 * answers link to. A client that sends its key on every call (a generated client, Postman) must
 * not be told they are session-only; they hold nothing of the account.
 */
const KEY_PUBLIC_PATHS = ["/api/openapi.json"] as const;
const KEY_PUBLIC_PREFIXES = ["/api/mock-images/"] as const;

/** The public reads a key may be sent with: anyone's, so the key is neither checked nor counted there. */
export function publicToKeys(path: string): boolean {
  return (KEY_PUBLIC_PATHS as readonly string[]).includes(path) || KEY_PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export function keyReaches(path: string): boolean {
  return KEY_PATH_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1)) || publicToKeys(path);
}

/**
 * Runs before the key is even looked up: a Bearer key on any other route (billing, settings,
 * the seller connection, sessions, key management, …) is refused with 401, naming the route,
 * so a leaked key can read the API but never run the account.
 */
export const keyScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (bearerToken(c.req.header("Authorization")) === null || keyReaches(c.req.path)) return next();
  throw new ApiError(
    401,
    "unauthenticated",
    `${c.req.method} ${c.req.path} is a session-only route: API keys reach only /api/v1/* and /api/exports/*. Sign in to the web app to use it.`,
    { "WWW-Authenticate": 'Bearer realm="ranklayer", error="invalid_token"' },
  );
};
