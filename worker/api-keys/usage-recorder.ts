import { DEFAULT_API_KEY_USAGE_FLUSH_MS } from "../config";
import { isolateSlot, isolateState } from "../shared/isolate-state";
import { recordApiKeyUse, usageHour } from "./api-key-store";

interface Batch {
  keyId: string;
  hour: string;
  requests: number;
  lastUsedAt: number;
}
/** Counts not written yet, and per key: when its last write started, and whether a write is already scheduled. */
const usage = isolateSlot(() => ({
  pending: new Map<string, Batch>(),
  flushes: new Map<string, { lastWriteAt: number; scheduled: boolean }>(),
}));
const MAX_TRACKED = 10_000;

async function write(db: D1Database, keyId: string): Promise<void> {
  const { pending } = usage();
  for (const batch of [...pending.values()].filter((b) => b.keyId === keyId)) {
    pending.delete(`${batch.keyId} ${batch.hour}`);
    await recordApiKeyUse(db, keyId, batch.hour, batch.requests, batch.lastUsedAt);
  }
}

async function writeLater(db: D1Database, keyId: string, delayMs: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  const state = usage().flushes.get(keyId);
  if (state) {
    state.scheduled = false;
    state.lastWriteAt = Date.now();
  }
  await write(db, keyId);
}

/**
 * Counts one request of the key in the isolate and writes the counts to D1 at most once per
 * `intervalMs` per key (the API_KEY_USAGE_FLUSH_MS var, a second by default): the first request
 * of a quiet key is written at once, and requests within the next interval join one write made
 * when it is up. A busy key costs one D1 write per interval, not one per request. Writes run in
 * waitUntil, after the answer.
 */
export function countApiKeyUse(
  db: D1Database,
  ctx: Pick<ExecutionContext, "waitUntil">,
  keyId: string,
  { now = Date.now(), intervalMs = DEFAULT_API_KEY_USAGE_FLUSH_MS }: { now?: number; intervalMs?: number } = {},
): void {
  const hour = usageHour(now);
  const { pending, flushes } = usage();
  const id = `${keyId} ${hour}`;
  const batch = pending.get(id);
  if (batch) {
    batch.requests += 1;
    batch.lastUsedAt = Math.max(batch.lastUsedAt, now);
  } else {
    pending.set(id, { keyId, hour, requests: 1, lastUsedAt: now });
  }

  const state = flushes.get(keyId) ?? { lastWriteAt: 0, scheduled: false };
  if (!flushes.has(keyId)) {
    flushes.set(keyId, state);
    if (flushes.size > MAX_TRACKED) flushes.delete(flushes.keys().next().value as string);
  }
  if (state.scheduled) return;
  const wait = state.lastWriteAt + intervalMs - Date.now();
  const work = wait <= 0 ? write(db, keyId) : writeLater(db, keyId, wait);
  if (wait <= 0) state.lastWriteAt = Date.now();
  else state.scheduled = true;
  ctx.waitUntil(isolateState.track(work).catch((error: unknown) => console.error("api key usage", error)));
}
