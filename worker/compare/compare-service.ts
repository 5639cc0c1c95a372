import { configOf } from "../config";
import type { Bindings } from "../env";
import { recordLookupSnapshot } from "../history/lookup-snapshot";
import { LookupCache } from "../lookup/cache";
import { logLookup } from "../lookup/lookup-log-store";
import { lookupProducts, type LookupOutcome } from "../lookup/lookup-service";
import type { Marketplace } from "../contract/marketplaces";
import { productSourceFor } from "../upstreams/creators/select";
import type { ProductSource } from "../upstreams/creators/product-source";

/**
 * The products of one compare through the lookup path (cache, shared in-flight calls, one
 * batched getItems), each logged and kept in rank history as a single lookup would be.
 */
export async function lookupForCompare(
  env: Bindings,
  ctx: { waitUntil(promise: Promise<unknown>): void },
  asins: readonly string[],
  marketplace: Marketplace,
  /** The request's source (productSourceForRequest); the marketplace's own by default. */
  source: ProductSource = productSourceFor(env, marketplace),
): Promise<Map<string, LookupOutcome>> {
  const started = Date.now();
  const outcomes = await lookupProducts(
    {
      source,
      cache: new LookupCache(env.LOOKUP_CACHE),
      now: Date.now,
      refreshAfterMs: configOf(env).vars.LOOKUP_REFRESH_AFTER_SECONDS * 1000,
    },
    asins,
    marketplace,
  );
  const durationMs = Date.now() - started;
  for (const [asin, outcome] of outcomes) {
    logLookup(env.DB, ctx, {
      asin,
      marketplace,
      status: outcome.ok ? 200 : outcome.status,
      source: outcome.ok ? outcome.result.source : null,
      durationMs,
    }, configOf(env).vars.LOOKUP_LOG_FLUSH_MS);
    if (outcome.ok) recordLookupSnapshot(env, ctx, outcome);
  }
  return outcomes;
}
