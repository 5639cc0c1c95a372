import type { Marketplace } from "../schemas/marketplaces";
import type { ProductData } from "./product";

/** No cached copy is ever served past this age. */
export const CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** KV's smallest allowed expirationTtl. */
const KV_MIN_TTL_SECONDS = 60;

export interface CachedProduct {
  product: ProductData;
  /** When the source produced the data, ISO 8601 UTC; kept on every cache hit. */
  refreshedAt: string;
}

/** Live lookups in KV, one key per marketplace + ASIN, gone after 24 hours. */
export class LookupCache {
  constructor(private readonly kv: KVNamespace) {}

  static key(marketplace: Marketplace, asin: string): string {
    return `lookup:v1:${marketplace}:${asin}`;
  }

  /** The cached copy if it is younger than 24 h; KV expiry is approximate, so age is checked here too. */
  async get(marketplace: Marketplace, asin: string, now: number): Promise<CachedProduct | null> {
    const entry = await this.kv.get<CachedProduct>(LookupCache.key(marketplace, asin), "json");
    if (!entry) return null;
    const age = now - Date.parse(entry.refreshedAt);
    return age >= 0 && age < CACHE_MAX_AGE_MS ? entry : null;
  }

  async put(entry: CachedProduct, now: number): Promise<void> {
    const remainingMs = CACHE_MAX_AGE_MS - (now - Date.parse(entry.refreshedAt));
    if (remainingMs <= 0) return;
    await this.kv.put(LookupCache.key(entry.product.marketplace, entry.product.asin), JSON.stringify(entry), {
      expirationTtl: Math.max(KV_MIN_TTL_SECONDS, Math.floor(remainingMs / 1000)),
    });
  }
}
