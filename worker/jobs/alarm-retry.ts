/**
 * The runtime retries a throwing alarm 6 times, from 2 s doubling (about 2 minutes), then drops it
 * (developers.cloudflare.com/durable-objects/api/alarms): a D1 outage longer than that would end a
 * job's alarm chain until the next cron, the rest of a night's run, check or retries with it. The
 * jobs' Durable Objects catch a failed pass instead and arm their next alarm after this backoff:
 * 30 s doubling, at most 15 minutes, counted under `counterKey` until a pass succeeds.
 */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 15 * 60_000;

/** The wait after `failures` failed passes in a row. */
function alarmRetryDelayMs(failures: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

/** Counts the failed pass and arms the next alarm after the backoff (or at `soonerMs` when that comes first); when it is. */
export async function armAfterFailure(storage: DurableObjectStorage, counterKey: string, what: string, error: unknown, soonerMs?: number): Promise<number> {
  const failures = ((await storage.get<number>(counterKey)) ?? 0) + 1;
  const at = Math.min(Date.now() + alarmRetryDelayMs(failures), soonerMs ?? Number.POSITIVE_INFINITY);
  console.error(`${what} failed (${failures} in a row); tried again at ${new Date(at).toISOString()}:`, error instanceof Error ? error.message : error);
  await storage.put(counterKey, failures);
  await storage.setAlarm(at);
  return at;
}
