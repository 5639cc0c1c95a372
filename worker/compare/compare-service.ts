import type { Services } from "../services";
import { recordLookupPoint } from "../history/lookup-point";
import { logLookup } from "../lookup/lookup-log-store";
import { lookupProducts, type LookupOutcome } from "../lookup/lookup-service";
import type { Marketplace } from "../contract/marketplaces";

/**
 * The products of one compare through the lookup path (cache, shared in-flight calls, one
 * batched getItems), each logged and kept in rank history as a single lookup would be.
 */
export async function lookupForCompare(
  services: Services,
  ctx: { waitUntil(promise: Promise<unknown>): void },
  asins: readonly string[],
  marketplace: Marketplace,
): Promise<Map<string, LookupOutcome>> {
  const started = Date.now();
  const outcomes = await lookupProducts(
    {
      source: services.sources.product(marketplace),
      cache: services.lookupCache,
      now: Date.now,
      refreshAfterMs: services.config.vars.LOOKUP_REFRESH_AFTER_SECONDS * 1000,
    },
    asins,
    marketplace,
  );
  const durationMs = Date.now() - started;
  for (const [asin, outcome] of outcomes) {
    logLookup(services.env.DB, ctx, {
      asin,
      marketplace,
      status: outcome.ok ? 200 : outcome.status,
      source: outcome.ok ? outcome.result.source : null,
      durationMs,
    }, services.config.vars.LOOKUP_LOG_FLUSH_MS);
    if (outcome.ok) recordLookupPoint(services.history, ctx, outcome);
  }
  return outcomes;
}
