import { keepsIdempotencyKey } from "@contract/idempotency-retry";
import { ApiError } from "./api-error";

/** The header the Worker reads on its create routes (worker/routes/idempotent-creates.ts, docs/api.md). */
type KeyHeader = { "Idempotency-Key": string };

/** Keys of actions not yet answered, by action and input. */
const unanswered = new Map<string, string>();

/**
 * Sends a create with an Idempotency-Key: one per user action, the same for its retries. Sending
 * the same create with the same input again after a failure that may have passed on the server
 * (a timeout, a network failure, a 5xx, or a 409 saying the first is still running) is a retry of
 * it and reuses its key, so the server answers it with the first answer instead of creating twice.
 * Once the action has its answer (it passed, or was refused for what it said), the key goes:
 * creating the same thing again on purpose is a new action, with a new key.
 */
export async function withIdempotencyKey<T>(action: string, input: unknown, send: (headers: KeyHeader) => Promise<T>): Promise<T> {
  const id = `${action} ${JSON.stringify(input)}`;
  let key = unanswered.get(id);
  if (key === undefined) {
    key = crypto.randomUUID();
    unanswered.set(id, key);
  }
  try {
    const answer = await send({ "Idempotency-Key": key });
    unanswered.delete(id);
    return answer;
  } catch (error) {
    const answered = error instanceof ApiError ? error : null;
    if (!keepsIdempotencyKey(answered?.status ?? null, answered?.retryAfterSeconds != null)) unanswered.delete(id);
    throw error;
  }
}
