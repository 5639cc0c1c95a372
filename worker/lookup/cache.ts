import type { Marketplace } from "../contract/marketplaces";
import type { ProductData } from "../contract/product";
import { isolateSlot } from "../shared/isolate-state";
import { onFirstUse } from "../shared/on-first-use";

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

/** The boundary schema of a cached product, loaded with an isolate's first KV read. */
const productSchema = onFirstUse(() => import("../upstreams/creators/item-schema"));

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
    return (await this.getMany(marketplace, [asin], now)).get(asin) ?? null;
  }

  /**
   * This isolate's copy of one ASIN, read synchronously: null when it holds none (or none under
   * 24 h old). Nothing is read from KV; `getMany` reads what memory does not hold.
   */
  inMemory(marketplace: Marketplace, asin: string, now: number): CachedProduct | null {
    const copy = this.hotCopy(marketplace, asin, now);
    return copy && isServable(copy, now) ? copy : null;
  }

  /**
   * The cached copies of many ASINs in one pass (a compare of 10): hot entries from memory, the
   * rest in one bulk KV read. Copies are checked against the product schema once, when they come
   * from KV; a hot entry was checked (or written by this isolate) when it became hot.
   */
  async getMany(marketplace: Marketplace, asins: readonly string[], now: number): Promise<Map<string, CachedProduct | null>> {
    const found = new Map<string, CachedProduct | null>();
    const cold: string[] = [];
    for (const asin of asins) {
      const copy = this.hotCopy(marketplace, asin, now);
      if (copy) found.set(asin, copy);
      else cold.push(asin);
    }
    if (cold.length > 0) {
      // The product schema loads beside the KV read, the first time an isolate reads KV: a cold
      // start need not build it, and its load overlaps the read (docs/adr/0012-split-worker-build.md).
      const [read, { isValidProduct }] = await Promise.all([this.readKv(marketplace, cold), productSchema()]);
      for (const asin of cold) {
        const key = LookupCache.key(marketplace, asin);
        const entry = read.get(key) ?? null;
        const valid = entry !== null && isValidEntry(entry, marketplace, asin, isValidProduct);
        if (entry && !valid) console.warn(`lookup cache ${key}: the stored copy fails the product schema; ignored`);
        if (valid) this.remember(key, entry, now);
        found.set(asin, valid ? entry : null);
      }
    }
    for (const [asin, entry] of found) if (entry && !isServable(entry, now)) found.set(asin, null);
    return found;
  }

  /**
   * One bulk KV read. A read that fails (a KV outage or error) is a miss for every ASIN, logged:
   * the lookup goes to Amazon instead of failing, since the cache only ever saves a call.
   */
  private async readKv(marketplace: Marketplace, asins: readonly string[]): Promise<Map<string, CachedProduct | null>> {
    try {
      return await this.kv.get<CachedProduct>(asins.map((asin) => LookupCache.key(marketplace, asin)), "json");
    } catch (error) {
      console.error(`lookup cache read failed for ${asins.length} ${marketplace} ASINs; treated as misses`, error);
      return new Map();
    }
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

  /** This isolate's copy while its minute in memory lasts, however old the copy itself is. */
  private hotCopy(marketplace: Marketplace, asin: string, now: number): CachedProduct | undefined {
    const held = this.hot.get(LookupCache.key(marketplace, asin));
    return held && held.until > now ? held.entry : undefined;
  }

  private remember(key: string, entry: CachedProduct, now: number): void {
    this.hot.delete(key);
    this.hot.set(key, { entry, until: now + HOT_TTL_MS });
    if (this.hot.size > HOT_MAX_ENTRIES) this.hot.delete(this.hot.keys().next().value as string);
  }
}

/** No copy is served at 24 hours or older (or with a date in the future). */
function isServable(entry: CachedProduct, now: number): boolean {
  const age = now - Date.parse(entry.refreshedAt);
  return age >= 0 && age < CACHE_MAX_AGE_MS;
}

/** A copy written before the boundary schema existed (or by a bug) is never served. */
function isValidEntry(entry: CachedProduct, marketplace: Marketplace, asin: string, isValidProduct: (product: unknown) => product is ProductData): boolean {
  const product: unknown = entry.product;
  return typeof entry.refreshedAt === "string" && isValidProduct(product) && product.asin === asin && product.marketplace === marketplace;
}
