import { ApiError } from "./api-error";

/**
 * Whether asking again may answer differently: a network failure, a fault on the way (5xx), a
 * timeout (408) or a rate limit (429); not a request the server refused for what it said.
 */
export function mayPassOnRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}
