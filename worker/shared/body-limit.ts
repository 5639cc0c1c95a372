import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError } from "./api-error";

/** The largest request body an /api route takes unless it says otherwise: every form and JSON body here is far smaller. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** Routes that cap their own body (a logo upload: 256 kB), method and path; the default cap skips them. */
const OWN_LIMITS: readonly string[] = ["PUT /api/branding/logo"];

/** Refuses a bigger body with 413 before any route reads it (a stream is cut off at the limit). */
export function apiBodyLimit(maxSize = DEFAULT_BODY_LIMIT_BYTES): MiddlewareHandler {
  const limit = defaultLimit(maxSize);
  return (c, next) => (OWN_LIMITS.includes(`${c.req.method} ${c.req.path}`) ? next() : limit(c, next));
}

function defaultLimit(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, "payload_too_large", `The request body is too large: at most ${Math.round(maxSize / 1024)} kB is accepted.`);
    },
  });
}
