import { EXTENSION_CACHE_MS } from "../../worker/contract/extension";

/** The part of chrome.storage.local the cache needs (a Map-backed fake in tests). */
export interface KeyValueStore {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

interface Entry<T> {
  storedAt: number;
  value: T;
}

const PREFIX = "answer:";
/** Past this many entries a write also drops the expired ones. */
const PRUNE_AFTER = 200;

/**
 * Answers kept in extension storage for the lookup cache's lifetime, so a product seen again
 * within 24 h costs no request and no quota. Keys name who asked (key or anonymous), so a new
 * key never sees an anonymous answer's 7-day history or the reverse; saving a key clears all.
 */
export class AnswerCache {
  constructor(
    private readonly store: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  async get<T>(key: string): Promise<{ value: T; storedAt: number } | null> {
    const entry = (await this.store.get(PREFIX + key))[PREFIX + key] as Entry<T> | undefined;
    if (!entry || this.now() - entry.storedAt >= EXTENSION_CACHE_MS || entry.storedAt > this.now()) return null;
    return entry;
  }

  /** Keeps an answer if it can: a cache that cannot write (storage full) never fails the answer. */
  async put<T>(key: string, value: T): Promise<void> {
    const entry: Entry<T> = { storedAt: this.now(), value };
    try {
      await this.store.set({ [PREFIX + key]: entry });
    } catch {
      // storage.local holds 10 MB (a 90-day answer is about 20 kB): the kept answers go, the key stays.
      await this.clear().catch(() => undefined);
      await this.store.set({ [PREFIX + key]: entry }).catch(() => undefined);
      return;
    }
    const all = await this.store.get(null);
    const cached = Object.keys(all).filter((name) => name.startsWith(PREFIX));
    if (cached.length > PRUNE_AFTER) {
      const expired = cached.filter((name) => this.now() - (all[name] as Entry<unknown>).storedAt >= EXTENSION_CACHE_MS);
      if (expired.length > 0) await this.store.remove(expired);
    }
  }

  async clear(): Promise<void> {
    const names = Object.keys(await this.store.get(null)).filter((name) => name.startsWith(PREFIX));
    if (names.length > 0) await this.store.remove(names);
  }
}
