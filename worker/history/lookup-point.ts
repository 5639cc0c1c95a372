import type { LookupResult } from "../contract/product";
import { isolateState } from "../shared/isolate-state";
import { onFirstUse } from "../shared/on-first-use";
import type { HistoryShards } from "./shard-store";
import type { CategoryRank } from "./rank-points-store";

// The history writer loads with an isolate's first live lookup, after its answer, not at start-up
// (docs/adr/0012-split-worker-build.md).
const rankPointsStore = onFirstUse(() => import("./rank-points-store"));

export interface LookupAnswer {
  result: LookupResult;
  categoryRanks?: CategoryRank[];
  /** Set when the data came from another request's upstream call, which keeps the lookup point itself. */
  joined?: true;
}

/**
 * Keeps a lookup's fresh source data as that UTC day's point (its lookup point), after the answer has
 * gone out (waitUntil). A cache hit writes nothing: its data was kept when it was fetched; nor
 * does a request that joined another's upstream call.
 * A failed write is logged and never fails the lookup.
 */
export function recordLookupPoint(
  history: HistoryShards,
  ctx: { waitUntil(promise: Promise<unknown>): void },
  { result, categoryRanks, joined }: LookupAnswer,
): void {
  // Concurrent requests that shared one upstream call write its point once.
  if (result.source === "cache" || joined) return;
  const { source, refreshedAt, ...product } = result;
  ctx.waitUntil(
    isolateState.track(
      Promise.resolve(rankPointsStore())
        .then(({ recordDayPoint }) => recordDayPoint(history, { product, categoryRanks, source, capturedAt: refreshedAt }))
        .catch((error: unknown) => {
          console.error("rank snapshot write failed", product.marketplace, product.asin, error);
        }),
    ),
  );
}
