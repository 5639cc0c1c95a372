import type { CategoryRank } from "../history/snapshot-store";
import type { Marketplace } from "../contract/marketplaces";
import type { CachedProduct, LookupCache } from "./cache";
import type { LookupResult } from "../contract/product";
import { UpstreamError, type ProductSource } from "../upstreams/creators/product-source";

export type LookupOutcome =
  | {
      ok: true;
      result: LookupResult;
      /** Category ranks of fresh source data (never of a cache hit), for rank history. */
      categoryRanks?: CategoryRank[];
    }
  | { ok: false; status: 404 | 503; detail: string; retryAfterSeconds?: number };

export interface LookupDeps {
  source: ProductSource;
  cache: LookupCache;
  now: () => number;
  /** A cached copy older than this is refreshed from the source; younger than 24 h it remains the fallback. */
  refreshAfterMs: number;
}

/** Retry-After for a failed upstream call when the upstream named no wait. */
const DEFAULT_RETRY_AFTER_SECONDS = { throttled: 10, other: 30 } as const;

/**
 * Misses in flight in this isolate, by source, marketplace and ASIN: concurrent
 * misses for one product wait on the same upstream call instead of making their own.
 */
const inflight = new Map<string, Promise<LookupOutcome>>();

export async function lookupProduct(deps: LookupDeps, asin: string, marketplace: Marketplace): Promise<LookupOutcome> {
  // Mock data is computed on the spot and never cached, so it can never be served as a "cache" hit.
  const cached = deps.source.kind === "live" ? await deps.cache.get(marketplace, asin, deps.now()) : null;
  if (cached && deps.now() - Date.parse(cached.refreshedAt) < deps.refreshAfterMs) {
    return { ok: true, result: fromCache(cached) };
  }

  const key = `${deps.source.kind}:${marketplace}:${asin}`;
  let pending = inflight.get(key);
  if (!pending) {
    pending = fetchFromSource(deps, asin, marketplace).finally(() => inflight.delete(key));
    inflight.set(key, pending);
  }
  const outcome = await pending;
  // Upstream trouble: a copy younger than 24 h is better than an error.
  if (!outcome.ok && outcome.status === 503 && cached) return { ok: true, result: fromCache(cached) };
  return outcome;
}

function fromCache(cached: CachedProduct): LookupResult {
  return { ...cached.product, source: "cache", refreshedAt: cached.refreshedAt };
}

async function fetchFromSource(deps: LookupDeps, asin: string, marketplace: Marketplace): Promise<LookupOutcome> {
  let outcome;
  try {
    outcome = (await deps.source.getItems([asin], marketplace)).get(asin);
  } catch (error) {
    return unavailable(error);
  }
  if (!outcome || (!outcome.ok && outcome.reason === "unavailable")) {
    // The answer did not account for this ASIN: an upstream failure, never a "not found".
    return unavailable(new UpstreamError("unavailable", outcome?.message ?? `getItems left ${asin} out of its answer`));
  }
  if (!outcome.ok) {
    return {
      ok: false,
      status: 404,
      detail:
        outcome.reason === "not_accessible"
          ? `ASIN ${asin} exists but its data is not available in the ${marketplace} marketplace`
          : `No product found for ASIN ${asin} in the ${marketplace} marketplace`,
    };
  }
  const refreshedAt = new Date(deps.now()).toISOString();
  if (deps.source.kind === "live") {
    await deps.cache.put({ product: outcome.product, refreshedAt }, deps.now());
  }
  return {
    ok: true,
    result: { ...outcome.product, source: deps.source.kind, refreshedAt },
    categoryRanks: outcome.categoryRanks,
  };
}

function unavailable(error: unknown): LookupOutcome {
  const upstream = error instanceof UpstreamError ? error : undefined;
  // Operators need the real cause; users get a plain message without internals.
  console.error("product source failed", upstream?.kind ?? "unexpected", error);
  const throttled = upstream?.kind === "throttled";
  return {
    ok: false,
    status: 503,
    detail: throttled
      ? "Amazon is limiting product data requests right now. Please try again shortly."
      : "Product data is temporarily unavailable. Please try again shortly.",
    // At least a second: "Retry-After: 0" (or a date already past) would invite an instant retry loop.
    retryAfterSeconds: Math.max(
      1,
      upstream?.retryAfterSeconds ?? (throttled ? DEFAULT_RETRY_AFTER_SECONDS.throttled : DEFAULT_RETRY_AFTER_SECONDS.other),
    ),
  };
}
