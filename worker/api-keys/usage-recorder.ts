import { recordApiKeyUse, usageHour } from "./api-key-store";

/**
 * Counts key requests in the isolate and writes them to D1 with at most one write in flight
 * per key: requests that arrive while a write is running join the next one. A quiet key
 * gets one write per request; a busy key one write per D1 round trip, not per request.
 * The write runs in waitUntil, after the answer.
 */
interface Batch {
  keyId: string;
  hour: string;
  requests: number;
  lastUsedAt: number;
}
const pending = new Map<string, Batch>();
const writing = new Set<string>();

async function drain(db: D1Database, keyId: string): Promise<void> {
  try {
    for (;;) {
      const batches = [...pending.values()].filter((batch) => batch.keyId === keyId);
      if (batches.length === 0) return;
      for (const batch of batches) {
        pending.delete(`${batch.keyId} ${batch.hour}`);
        await recordApiKeyUse(db, keyId, batch.hour, batch.requests, batch.lastUsedAt);
      }
    }
  } finally {
    writing.delete(keyId);
  }
}

export function countApiKeyUse(db: D1Database, ctx: Pick<ExecutionContext, "waitUntil">, keyId: string, now = Date.now()): void {
  const hour = usageHour(now);
  const id = `${keyId} ${hour}`;
  const batch = pending.get(id);
  if (batch) {
    batch.requests += 1;
    batch.lastUsedAt = Math.max(batch.lastUsedAt, now);
  } else {
    pending.set(id, { keyId, hour, requests: 1, lastUsedAt: now });
  }
  if (writing.has(keyId)) return;
  writing.add(keyId);
  ctx.waitUntil(drain(db, keyId).catch((error: unknown) => console.error("api key usage", error)));
}
