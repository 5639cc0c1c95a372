/**
 * Idempotent creates, the pure part (the store is idempotency-store.ts, the middleware
 * routes/idempotent-creates.ts): which keys are well formed, how long a key is remembered, and
 * what a key already on file means for a new request with it.
 */

import { DAY_MS } from "../contract/time";
import { sha256Hex } from "../shared/hmac";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Set on an answer given again for a retry, rather than made by running the request. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a passed request's answer is kept for its retries. */
export const IDEMPOTENCY_KEY_TTL_MS = DAY_MS;
/**
 * How long a claimed key whose request has not finished keeps retries waiting (409): a create
 * takes well under a second, so a claim this old belongs to a request that died, and a retry
 * may run it again.
 */
export const IDEMPOTENCY_RUNNING_MS = 60 * 1000;

export const KEY_REUSED =
  "This Idempotency-Key was already used for another request (another body or route) in the last 24 hours: send a new key for a new request.";
export const KEY_RUNNING = "A request with this Idempotency-Key is still being processed: retry in a moment for its answer.";

/** Why a key cannot be used (null when it can): 1 to 255 printable ASCII characters, as UUIDs and most clients' keys are. */
export function keyProblem(key: string): string | null {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    return `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters without spaces (a UUID, say).`;
  }
  return null;
}

/** A key on file: the fingerprint of its request, its answer once it passed, and when it was claimed. */
export interface KeptKey {
  fingerprint: string;
  status: number | null;
  createdAt: string;
}

/**
 * What a request with a key already on file gets: `replay` the kept answer (same request, passed),
 * `reused` refused (another request under the key), `running` wait (the first is still at work),
 * or `claim` the key afresh (its 24 hours are over, or its request died before answering).
 */
export function judgeKeptKey(kept: KeptKey, fingerprint: string, nowMs: number): "replay" | "reused" | "running" | "claim" {
  const age = nowMs - Date.parse(kept.createdAt);
  if (age >= IDEMPOTENCY_KEY_TTL_MS) return "claim";
  if (kept.status === null && age >= IDEMPOTENCY_RUNNING_MS) return "claim";
  if (kept.fingerprint !== fingerprint) return "reused";
  return kept.status === null ? "running" : "replay";
}

/**
 * The SHA-256 (hex) of what makes two requests the same: the route and the body, byte for byte.
 * Not the workspace: a create may switch the session to another (a new workspace), and its
 * retry, then sent from there, is still the same action.
 */
export function requestFingerprint(route: string, body: string): Promise<string> {
  return sha256Hex(`${route}\n${body}`);
}
