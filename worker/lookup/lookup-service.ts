import type { Background } from "../shared/background";
import type { CategoryRank } from "../history/rank-points-store";
import type { Marketplace } from "../contract/marketplaces";
import type { CachedProduct, LookupCache } from "./cache";
import type { LookupResult } from "../contract/product";
import { isolateSlot } from "../shared/isolate-state";
import { leftOutBesideUnknown, MAX_ITEMS_PER_CALL, UpstreamError, type ItemOutcome, type ProductSource } from "../upstreams/creators/product-source";
import { creatorsScopeOfKind } from "../upstreams/amazon-errors";

export type LookupOutcome =
  | {
      ok: true;
      result: LookupResult;
      /** Category ranks of fresh source data (never of a cache hit), for rank history. */
      categoryRanks?: CategoryRank[];
      /** Fresh data fetched by another request, which keeps it in rank history: this one need not. */
      joined?: true;
      /** A cached copy answered because Amazon refused the refresh for good: /status must still hear of it. */
      refused?: UpstreamError;
    }
  | {
      ok: false;
      status: 404 | 503;
      /** not_found / not_accessible: the item itself; unavailable: the whole upstream call failed. */
      reason: "not_found" | "not_accessible" | "unavailable";
      detail: string;
      retryAfterSeconds?: number;
      /** RankLayer's own budget refused the call (Amazon not asked): not an upstream failure. */
      busy?: true;
      /** Amazon refused for good (amazon-errors.ts): the failure, so /status can say what needs attention. */
      refused?: UpstreamError;
    };

export interface LookupDeps {
  source: ProductSource;
  cache: LookupCache;
  now: () => number;
  /** A cached copy older than this is refreshed from the source; younger than 24 h it remains the fallback. */
  refreshAfterMs: number;
  /**
   * The request's waitUntil. It runs the KV write of a fresh copy after the answer has gone out
   * (the copy is in this isolate's memory at once; without it the write is awaited), and keeps
   * an upstream call others joined alive if the request that made it is cancelled.
   */
  background?: Background;
}

/** Retry-After for a failed upstream call when the upstream named no wait. */
const DEFAULT_RETRY_AFTER_SECONDS = { throttled: 10, other: 30 } as const;

/**
 * Misses in flight in this isolate, by source, marketplace and ASIN: a lookup or a compare
 * that misses on a product already being fetched waits on that call instead of making its own.
 */
const inflightMisses = isolateSlot(() => new Map<string, Promise<LookupOutcome>>());

export async function lookupProduct(deps: LookupDeps, asin: string, marketplace: Marketplace): Promise<LookupOutcome> {
  return (await lookupProducts(deps, [asin], marketplace)).get(asin)!;
}

/**
 * Several products of one marketplace at once: fresh cache hits are answered from the cache,
 * misses already in flight are joined, and every other miss goes to the source in as few
 * getItems calls as its batch size allows (one for up to 10). Every ASIN is a key of the answer.
 */
export async function lookupProducts(
  deps: LookupDeps,
  asins: readonly string[],
  marketplace: Marketplace,
): Promise<Map<string, LookupOutcome>> {
  const unique = [...new Set(asins)];
  // Most lookups: every copy is fresh in this isolate's memory, and answered with no read, join or call.
  if (deps.source.kind === "live") {
    const now = deps.now();
    const held = unique.map((asin) => deps.cache.inMemory(marketplace, asin, now));
    if (held.every((copy) => copy !== null && isFresh(deps, copy, now))) {
      return new Map(unique.map((asin, i): [string, LookupOutcome] => [asin, { ok: true, result: fromCache(held[i]!) }]));
    }
  }
  const inflight = inflightMisses();
  const answers = new Map<string, LookupOutcome>();
  const pending = new Map<string, Promise<LookupOutcome>>();
  // A miss already in flight is joined before any cache read: the cache had no fresh copy a moment
  // ago, so 50 concurrent cold lookups of one ASIN make one cache read and one upstream call, not 50 reads.
  const joinedEarly = new Set<string>();
  for (const asin of unique) {
    const joined = inflight.get(flightKey(deps, marketplace, asin));
    if (!joined) continue;
    joinedEarly.add(asin);
    pending.set(asin, joined.then((outcome) => (outcome.ok ? { ...outcome, joined: true } : outcome)));
  }
  const toRead = unique.filter((asin) => !joinedEarly.has(asin));
  // Mock data is computed on the spot and never cached, so it can never be served as a "cache" hit.
  const cached =
    deps.source.kind === "live" && toRead.length > 0 ? await deps.cache.getMany(marketplace, toRead, deps.now()) : new Map<string, CachedProduct | null>();

  const toFetch: string[] = [];
  // No await from here until every miss is registered: a concurrent caller sees them in flight.
  for (const asin of toRead) {
    const copy = cached.get(asin);
    if (copy && isFresh(deps, copy, deps.now())) {
      answers.set(asin, { ok: true, result: fromCache(copy) });
      continue;
    }
    const joined = inflight.get(flightKey(deps, marketplace, asin));
    if (joined) pending.set(asin, joined.then((outcome) => (outcome.ok ? { ...outcome, joined: true } : outcome)));
    else toFetch.push(asin);
  }
  for (let i = 0; i < toFetch.length; i += MAX_ITEMS_PER_CALL) {
    const batch = toFetch.slice(i, i + MAX_ITEMS_PER_CALL);
    const call = fetchFromSource(deps, batch, marketplace);
    // Lookups that join this call wait on it; a client hanging up cancels its request's pending
    // I/O, and without the waitUntil they (and the ASIN's next lookups) would wait for ever.
    deps.background?.(call);
    for (const asin of batch) {
      const key = flightKey(deps, marketplace, asin);
      const one = call.then((outcomes) => outcomes.get(asin)!).finally(() => inflight.delete(key));
      inflight.set(key, one);
      pending.set(asin, one);
    }
  }

  await Promise.all(
    [...pending].map(async ([asin, promise]) => {
      const outcome = await promise;
      // A lookup that joined before reading the cache reads it only when the call failed.
      const copy = joinedEarly.has(asin) && !outcome.ok && outcome.status === 503 && deps.source.kind === "live" ? await deps.cache.get(marketplace, asin, deps.now()) : cached.get(asin);
      // Upstream trouble: a copy younger than 24 h is better than an error.
      answers.set(asin, !outcome.ok && outcome.status === 503 && copy ? { ok: true, result: fromCache(copy), ...(outcome.refused ? { refused: outcome.refused } : {}) } : outcome);
    }),
  );
  return new Map(unique.map((asin) => [asin, answers.get(asin)!]));
}

function flightKey(deps: LookupDeps, marketplace: Marketplace, asin: string): string {
  return `${deps.source.kind}:${marketplace}:${asin}`;
}

/** Young enough to answer without asking the source again (LOOKUP_REFRESH_AFTER_SECONDS). */
function isFresh(deps: LookupDeps, copy: CachedProduct, now: number): boolean {
  return now - Date.parse(copy.refreshedAt) < deps.refreshAfterMs;
}

function fromCache(cached: CachedProduct): LookupResult {
  return { ...cached.product, source: "cache", refreshedAt: cached.refreshedAt };
}

async function fetchFromSource(
  deps: LookupDeps,
  asins: readonly string[],
  marketplace: Marketplace,
): Promise<Map<string, LookupOutcome>> {
  let outcomes: Map<string, ItemOutcome>;
  try {
    outcomes = await deps.source.getItems(asins, marketplace);
  } catch (error) {
    const failed = unavailable(error, marketplace);
    return new Map(asins.map((asin) => [asin, failed]));
  }
  outcomes = await askAgainForTheRest(deps, outcomes, marketplace);
  const refreshedAt = new Date(deps.now()).toISOString();
  const answers = new Map<string, LookupOutcome>();
  await Promise.all(
    asins.map(async (asin) => {
      const outcome = outcomes.get(asin);
      if (!outcome?.ok) {
        answers.set(
          asin,
          outcome && outcome.reason !== "unavailable"
            ? notFound(asin, marketplace, outcome.reason)
            : // The answer did not account for this ASIN: an upstream failure, never a "not found".
              unavailable(new UpstreamError("unavailable", outcome?.message ?? `getItems left ${asin} out of its answer`), marketplace),
        );
        return;
      }
      if (deps.source.kind === "live") {
        const write = deps.cache.put({ product: outcome.product, refreshedAt }, deps.now());
        if (deps.background) deps.background(write.catch((error: unknown) => console.error("lookup cache write failed", marketplace, asin, error)));
        else await write;
      }
      answers.set(asin, {
        ok: true,
        result: { ...outcome.product, source: deps.source.kind, refreshedAt },
        categoryRanks: outcome.categoryRanks,
      });
    }),
  );
  return answers;
}

/**
 * An answer that names some ASINs unknown and leaves the others out (Amazon's 404
 * ResourceNotFound fails the whole batch for one unknown ASIN) says nothing about the others:
 * they are asked for once more without the unknown ones (through the source's budget), so one
 * dead ASIN in a compare never keeps the rest unavailable on every try. A failed second call
 * leaves the first answer as it was.
 */
async function askAgainForTheRest(deps: LookupDeps, outcomes: Map<string, ItemOutcome>, marketplace: Marketplace): Promise<Map<string, ItemOutcome>> {
  const split = leftOutBesideUnknown(outcomes);
  if (!split) return outcomes;
  try {
    const again = await deps.source.getItems(split.leftOut, marketplace);
    return new Map([...outcomes].map(([asin, outcome]): [string, ItemOutcome] => [asin, again.get(asin) ?? outcome]));
  } catch (error) {
    console.error("product source failed asking again for the ASINs a batch left out", marketplace, error);
    return outcomes;
  }
}

function notFound(asin: string, marketplace: Marketplace, reason: "not_found" | "not_accessible"): LookupOutcome {
  return {
    ok: false,
    status: 404,
    reason,
    detail:
      reason === "not_accessible"
        ? `ASIN ${asin} exists but its data is not available in the ${marketplace} marketplace`
        : `No product found for ASIN ${asin} in the ${marketplace} marketplace`,
  };
}

/**
 * What a user is told when Amazon refuses the store's partner tag: retrying cannot help (no "try
 * again shortly"), the operator must set the store's own tag, and /status names it.
 */
const PERMANENT_DETAIL: Partial<Record<string, (marketplace: Marketplace) => string>> = {
  marketplace: (marketplace) =>
    `Live Amazon data for the ${marketplace} store is unavailable: Amazon refuses this site's partner tag for that store. The site's operator must set the store's own tag (see /status).`,
};

/** What a caller is told when RankLayer's own budget for the credential refused the call. */
export function busyDetail(retryAfterSeconds: number): string {
  return `RankLayer is busy with other Amazon requests: retry in ${retryAfterSeconds} s.`;
}

function unavailable(error: unknown, marketplace: Marketplace): LookupOutcome {
  const upstream = error instanceof UpstreamError ? error : undefined;
  if (upstream?.kind === "busy") {
    const retryAfterSeconds = Math.max(1, upstream.retryAfterSeconds ?? 1);
    return { ok: false, status: 503, reason: "unavailable", busy: true, detail: busyDetail(retryAfterSeconds), retryAfterSeconds };
  }
  // Operators need the real cause; users get a plain message without internals.
  console.error("product source failed", upstream?.kind ?? "unexpected", error);
  const scope = upstream ? creatorsScopeOfKind(upstream.kind) : null;
  const refused = upstream && scope !== null ? { refused: upstream } : {};
  const throttled = upstream?.kind === "throttled";
  return {
    ok: false,
    status: 503,
    ...refused,
    reason: "unavailable",
    detail: throttled
      ? "Amazon is limiting product data requests right now. Please try again shortly."
      : (scope && PERMANENT_DETAIL[scope]?.(marketplace)) ?? "Product data is temporarily unavailable. Please try again shortly.",
    // At least a second: "Retry-After: 0" (or a date already past) would invite an instant retry loop.
    retryAfterSeconds: Math.max(
      1,
      upstream?.retryAfterSeconds ?? (throttled ? DEFAULT_RETRY_AFTER_SECONDS.throttled : DEFAULT_RETRY_AFTER_SECONDS.other),
    ),
  };
}
