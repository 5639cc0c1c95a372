import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../shared/api-error";
import { isExtensionKeyRequest } from "../shared/extension-cors";
import { isSafeMethod } from "../shared/safe-methods";

/**
 * Defence in depth beside the XSRF check: a state-changing request whose browser says it
 * comes from another origin is refused. A request without Origin passes (server-to-server
 * callers such as Stripe, API-key clients, old browsers); the XSRF check still guards it.
 * The site's own origin is SITE_URL's, or the origin the request was served on (a local
 * `wrangler dev` on 127.0.0.1), which a cross-site page cannot claim as its Origin.
 */
export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isSafeMethod(c.req.method)) return next();
  const origin = c.req.header("Origin");
  if (origin === undefined || origin === c.get("services").config.siteOrigin || origin === new URL(c.req.url).origin) return next();
  // The browser extension's keyed /api/v1 calls carry no cookie (extension-cors.ts refuses one).
  if (isExtensionKeyRequest(origin, c.req.path, c.req.header("Authorization"))) return next();
  throw new ApiError(403, "forbidden", "This request came from another site (its Origin is not this site's), so it was refused.");
};
