import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import type { Deployment } from "../config";
import { ApiError } from "../shared/api-error";
import { hmacSha256 } from "../shared/hmac";
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from "./cookies";
import { isSafeMethod } from "../shared/safe-methods";
import { base64UrlEncode, randomToken, signingKey } from "./signing-key";

const encoder = new TextEncoder();

/** The XSRF token of a session: an HMAC of its id, so only that session's pages know it. */
export async function sessionXsrfToken({ env, config }: Deployment, sessionId: string): Promise<string> {
  return base64UrlEncode(await hmacSha256(await signingKey({ env, config }), `xsrf:${sessionId}`));
}

/** The token GET /api/auth/xsrf issues: the session's, or a random one for a signed-out browser. */
export async function xsrfTokenFor({ env, config }: Deployment, sessionId: string | null): Promise<string> {
  return sessionId ? sessionXsrfToken({ env, config }, sessionId) : randomToken();
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  if (left.byteLength !== right.byteLength) return false;
  return crypto.subtle.timingSafeEqual(left, right);
}

/**
 * Double-submit check on every state-changing request: the X-XSRF-TOKEN header must equal
 * the XSRF-TOKEN cookie, which another site can neither read nor set; with a session, the
 * token must also be the one bound to that session. Runs after the session middleware.
 */
export const xsrfProtection: MiddlewareHandler<AppEnv> = async (c, next) => {
  // A key request carries no ambient credential a browser could send for another site.
  if (isSafeMethod(c.req.method) || c.get("apiKey")) return next();

  const cookie = readCookie(c, XSRF_COOKIE);
  const header = c.req.header(XSRF_HEADER);
  if (!cookie || !header) throw new ApiError(403, "xsrf_failed", "Missing XSRF token. Reload the page and try again.");
  if (!constantTimeEqual(cookie, header)) throw new ApiError(403, "xsrf_failed", "XSRF token mismatch. Reload the page and try again.");
  const account = c.get("account");
  if (account && !constantTimeEqual(header, await sessionXsrfToken(c.get("services"), account.sessionId))) {
    throw new ApiError(403, "xsrf_failed", "XSRF token does not belong to this session. Reload the page and try again.");
  }
  return next();
};
