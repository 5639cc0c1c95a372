import { bodyLimit } from "hono/body-limit";
import { ApiError } from "./api-error";

/** The largest request body an /api route takes unless it says otherwise: every form and JSON body here is far smaller. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** Refuses a bigger body with 413 before any route reads it (a stream is cut off at the limit). */
export function apiBodyLimit(maxSize = DEFAULT_BODY_LIMIT_BYTES) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, "payload_too_large", `The request body is too large: at most ${Math.round(maxSize / 1024)} kB is accepted.`);
    },
  });
}
