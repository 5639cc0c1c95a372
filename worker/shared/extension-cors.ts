import type { MiddlewareHandler } from "hono";
import { ApiError } from "./api-error";

/**
 * The CORS rule for the RankLayer browser extension on /api/v1: an extension page or service
 * worker (origin `chrome-extension://<id>` or `moz-extension://<uuid>`) may call the public API
 * with an API key in `Authorization: Bearer`, never with the site's cookies. So the answer never
 * allows credentials, and an extension request that carries a Cookie header is refused outright:
 * a session must not act for an extension, whatever the browser attaches.
 * Any extension id is accepted: Firefox gives each install its own uuid, and a key (or the
 * anonymous free limit) is what authorises the call, not the caller's origin.
 */
const EXTENSION_ORIGIN = /^(?:chrome-extension:\/\/[a-p]{32}|moz-extension:\/\/[0-9a-f-]{36})$/;
const API_V1 = /^\/api\/v1(?:\/|$)/;

/** Every method /api/v1 serves (PATCH: changing an alert). */
export const EXTENSION_ALLOWED_METHODS = "GET, POST, PATCH, DELETE";
/** Idempotency-Key: the extension sends one with Track and Alert (docs/api.md). */
export const EXTENSION_ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key";
/** What the extension reads from an answer: the key's allowance (the IETF draft's two fields) and when to try again. */
export const EXTENSION_EXPOSED_HEADERS = "RateLimit-Policy, RateLimit, Retry-After";
export const COOKIE_REFUSED_DETAIL =
  "A browser extension calls the API with an API key (Authorization: Bearer), never with the site's cookies.";

export function isExtensionOrigin(origin: string | undefined): origin is string {
  return origin !== undefined && EXTENSION_ORIGIN.test(origin);
}

/** Whether the Origin check may let this state-changing request through: an extension's keyed /api/v1 call. */
export function isExtensionKeyRequest(origin: string | undefined, path: string, authorization: string | undefined): boolean {
  return isExtensionOrigin(origin) && API_V1.test(path) && /^Bearer\s+\S+/i.test(authorization ?? "");
}

export const extensionCors: MiddlewareHandler = async (c, next) => {
  const origin = c.req.header("Origin");
  if (!isExtensionOrigin(origin) || !API_V1.test(c.req.path)) return next();

  const corsHeaders: Record<string, string> = { "Access-Control-Allow-Origin": origin, Vary: "Origin" };
  if (c.req.method === "OPTIONS") {
    return c.body(null, 204, {
      ...corsHeaders,
      "Access-Control-Allow-Methods": EXTENSION_ALLOWED_METHODS,
      "Access-Control-Allow-Headers": EXTENSION_ALLOWED_HEADERS,
      "Access-Control-Max-Age": "600",
    });
  }
  if (c.req.header("Cookie")) {
    throw new ApiError(403, "forbidden", COOKIE_REFUSED_DETAIL, corsHeaders);
  }
  await next();
  for (const [name, value] of Object.entries(corsHeaders)) c.res.headers.set(name, value);
  c.res.headers.set("Access-Control-Expose-Headers", EXTENSION_EXPOSED_HEADERS);
};
