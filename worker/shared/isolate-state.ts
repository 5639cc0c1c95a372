/**
 * Everything a Worker isolate keeps between requests, on one object: caches (hot lookups, API
 * keys, access tokens, the signing key), batching queues (lookup log, key usage), leases of rate
 * limits and misses in flight. A module declares its state with `isolateSlot(create)` and reads
 * it through the accessor on every use, so `isolateState.reset()` starts them all afresh.
 *
 * Only tests reset: the Worker test setup calls it between files, which share one isolate.
 * `track` registers background work (waitUntil) so reset() first lets the last file's writes
 * finish instead of leaving them to land in the next file's stores.
 *
 * Not here: memo tables of pure functions of constants (history/sharding.ts' bucket tables and
 * day texts, creators/item-schema.ts' URL schemas, config.ts' parse per env object). They hold
 * nothing a test could observe differently, so they stay module-level.
 */
class IsolateState {
  private readonly slots = new Map<symbol, unknown>();
  private readonly background = new Set<Promise<unknown>>();

  /** The isolate's value under `key`, created on first use and again after a reset. */
  get<T>(key: symbol, create: () => T): T {
    if (!this.slots.has(key)) this.slots.set(key, create());
    return this.slots.get(key) as T;
  }

  /** Background work (a waitUntil promise) reset() waits for; returns the same promise. */
  track<T>(work: Promise<T>): Promise<T> {
    const settled: Promise<unknown> = work.then(
      () => this.background.delete(settled),
      () => this.background.delete(settled),
    );
    this.background.add(settled);
    return work;
  }

  /** Waits for tracked background work (including work it starts), then forgets every slot. */
  async reset(): Promise<void> {
    while (this.background.size > 0) await Promise.all(this.background);
    this.slots.clear();
  }
}

/** The one per-isolate state object of the Worker. */
export const isolateState = new IsolateState();

/** A piece of per-isolate state: call the returned accessor on every use, never keep its value. */
export function isolateSlot<T>(create: () => T): () => T {
  const key = Symbol();
  return () => isolateState.get(key, create);
}
