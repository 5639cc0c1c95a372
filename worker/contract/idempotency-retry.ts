/**
 * Whether a create's client keeps its Idempotency-Key for the next try (docs/api.md): when the
 * create may have run on the server although its answer says otherwise. No answer at all (`status`
 * null: offline, timed out), a fault on the way (5xx, 408), a rate limit (429), or the 409 of a first
 * request with that key still running (it comes with Retry-After). Any other answer is the create's
 * own: trying again is a new create, with a new key. Shared by the web app and the extension.
 */
export function keepsIdempotencyKey(status: number | null, retryAfter: boolean): boolean {
  if (status === null) return true;
  return status >= 500 || status === 408 || status === 429 || (status === 409 && retryAfter);
}
