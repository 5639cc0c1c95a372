import type { Marketplace } from "../contract/marketplaces";
import type { ProductData } from "../contract/product";
import { isolateSlot } from "../shared/isolate-state";
import { isValidProduct } from "../upstreams/creators/item-schema";

/** No cached copy is ever served past this age. */
export const CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** KV's smallest allowed expirationTtl. */
const KV_MIN_TTL_SECONDS = 60;

export interface CachedProduct {
  product: ProductData;
  /** When the source produced the data, ISO 8601 UTC; kept on every cache hit. */
  refreshedAt: string;
}

/**
 * How long this isolate keeps a KV entry in memory. KV's own edge cache holds reads
 * for 60 s too, so this adds no staleness that KV itself would not.
 */
export const HOT_TTL_MS = 60_000;
const HOT_MAX_ENTRIES = 1_000;

/** Recently read or written entries, oldest first (a Map keeps insertion order). */
export type HotEntries = Map<string, { entry: CachedProduct; until: number }>;

/** This isolate's hot entries, shared by all its requests. */
const isolateHotEntries = isolateSlot<HotEntries>(() => new Map());

/** Live lookups in KV, one key per marketplace + ASIN, gone after 24 hours. */
export class LookupCache {
  constructor(
    private readonly kv: KVNamespace,
    private readonly hot: HotEntries = isolateHotEntries(),
  ) {}

  static key(marketplace: Marketplace, asin: string): string {
    return `lookup:v1:${marketplace}:${asin}`;
  }

  /** The cached copy if it is younger than 24 h; KV expiry is approximate, so age is checked here too. */
  async get(marketplace: Marketplace, asin: string, now: number): Promise<CachedProduct | null> {
    const key = LookupCache.key(marketplace, asin);
    const held = this.hot.get(key);
    let entry = held && held.until > now ? held.entry : null;
    if (!entry) {
      entry = await this.kv.get<CachedProduct>(key, "json");
      if (!entry) return null;
      this.remember(key, entry, now);
    }
    const age = now - Date.parse(entry.refreshedAt);
    if (!(age >= 0 && age < CACHE_MAX_AGE_MS)) return null;
    // A copy written before the boundary schema existed (or by a bug) is never served.
    const product: unknown = entry.product;
    if (!isValidProduct(product) || product.asin !== asin || product.marketplace !== marketplace) {
      console.warn(`lookup cache ${key}: the stored copy fails the product schema; ignored`);
      return null;
    }
    return entry;
  }

  async put(entry: CachedProduct, now: number): Promise<void> {
    const remainingMs = CACHE_MAX_AGE_MS - (now - Date.parse(entry.refreshedAt));
    if (remainingMs <= 0) return;
    const key = LookupCache.key(entry.product.marketplace, entry.product.asin);
    this.remember(key, entry, now);
    await this.kv.put(key, JSON.stringify(entry), {
      expirationTtl: Math.max(KV_MIN_TTL_SECONDS, Math.floor(remainingMs / 1000)),
    });
  }

  private remember(key: string, entry: CachedProduct, now: number): void {
    this.hot.delete(key);
    this.hot.set(key, { entry, until: now + HOT_TTL_MS });
    if (this.hot.size > HOT_MAX_ENTRIES) this.hot.delete(this.hot.keys().next().value as string);
  }
}
