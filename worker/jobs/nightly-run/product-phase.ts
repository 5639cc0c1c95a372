import { leftOutBesideUnknown, MAX_ITEMS_PER_CALL, UpstreamError, type ProductSource } from "../../upstreams/creators/product-source";
import type { BudgetClient } from "../../upstreams/budget/budget-client";
import { isMarketplace } from "../../contract/marketplaces";
import { advanceCursor, writeStep } from "../nightly-run-store";
import { DEFAULT_SNAPSHOT_REQUESTS_PER_SECOND } from "../../config";
import { creatorsConfigOfMarketplace } from "../../shared/creators-regions";
import { creatorsScopeOfKind } from "../../upstreams/amazon-errors";
import { BrokenScopes } from "./products-attention";
import { PAUSE_SKIP_MS, PausedMarketplaces } from "./paused-marketplaces";
import { countRegionItems } from "./region-results";
import { Pacer, type Clock } from "./pacing";
import { addToCount, captureIso, clearFailures, clearScopeFailures, noteRepeatedFailure, type PhaseContext, type PhaseResult } from "./slice";
import { pointOf, writeRankPoints } from "../../history/rank-points-store";
import { refreshAsinSummaries } from "../../dashboard/summary-rows";
import type { StoredPoint } from "../../history/point-codec";
import { asinDetailsUpserts, type ItemCapture } from "../../history/asin-details-store";
import { MockProductSource } from "../../upstreams/creators/mock";
import { keyCursor, parseKeyCursor, type TrackedKey } from "./tracked-store";
import { TrackedBuffer } from "./tracked-buffer";
import { UnknownToday } from "./unknown-asins";

/** Amazon's documented starting quota for Associates: 1 request per second. */
export const DEFAULT_REQUESTS_PER_SECOND = DEFAULT_SNAPSHOT_REQUESTS_PER_SECOND;
/** ASINs whose summaries are rebuilt together (one history read and one write per shard chunk). */
const SUMMARY_BATCH = 500;

/**
 * Points a slice holds before writing them (with the cursor past them) when it never has to
 * wait: a crash re-asks at most 50 calls, and a slice of 100 calls writes twice, not ten times.
 */
const MAX_PENDING_POINTS = 500;
/** Most batch tokens taken in one round trip to the budget, when that many are free now. */
const MAX_LEASE = 10;

/**
 * The products phase: every tracked ASIN, 10 per getItems call. Each call takes a batch token
 * of its credential's shared budget (what lookups leave; see upstreams/budget), under the
 * optional SNAPSHOT_REQUESTS_PER_SECOND ceiling. Points go to the history shards, then the
 * cursor past them to D1, before the slice waits for a token (so at Amazon's rates, after every
 * call) or once 500 are pending: a crash re-asks only calls whose points were not written,
 * and rewrites nothing twice (points are upserted in place). ASINs that only demo accounts
 * track come from the mock (`demoSource`): demo sign-ups never spend the live upstream's budget.
 */
/** `injected` replaces the per-marketplace live source (tests); by default each batch uses its region's source. */
export async function runProductPhase(
  ctx: PhaseContext,
  cursor: string | null,
  injected?: ProductSource,
  demoSource: ProductSource = new MockProductSource(ctx.day),
): Promise<PhaseResult> {
  // Points written whose summaries are not rebuilt yet (the screens read summaries, not points).
  const summarise: StoredPoint[] = [];
  try {
    return await walkProducts(ctx, cursor, injected, demoSource, summarise);
  } catch (error) {
    // The cursor is already past these points, so no later slice rebuilds their summaries:
    // rebuild them before the error goes up, or the screens show yesterday's figures all day.
    if (summarise.length > 0) {
      await refreshAsinSummaries(ctx.services, summarise.splice(0), ctx.clock.now()).catch((refreshError: unknown) =>
        console.error(`snapshot ${ctx.day}: summaries after a failed slice`, refreshError),
      );
    }
    throw error;
  }
}

async function walkProducts(
  ctx: PhaseContext,
  cursor: string | null,
  injected: ProductSource | undefined,
  demoSource: ProductSource,
  summarise: StoredPoint[],
): Promise<PhaseResult> {
  const { env, services, day, clock, budget } = ctx;
  const db = env.DB;
  const selected = services.sources.nightlyRun(clock, day);
  const pacer = new Pacer(clock, 1000 / services.config.vars.SNAPSHOT_REQUESTS_PER_SECOND, budget.deadline);
  let keys = new TrackedBuffer(db, parseKeyCursor(cursor));
  // A marketplace whose region is paused is left for later (paused-marketplaces.ts); `revisit` is the one being caught up.
  const paused = new PausedMarketplaces(ctx.notes, day);
  const unknownToday = new UnknownToday(ctx.notes, day);
  let revisit: string | null = null;
  const leftForLater = await paused.all();
  const leaveForLater = async (marketplace: string, first: TrackedKey, until: number) => {
    // Points of a revisit's earlier batches land before its note moves on (see `flush`).
    await flush();
    await paused.leave(marketplace, first, until);
    leftForLater.add(marketplace);
    keys.skip(marketplace);
    // A revisit paused again keeps its note (just renewed) for a later pass.
    if (revisit === marketplace) revisit = null;
  };
  const mainCursor = { at: cursor ?? "" };
  const advance = (last: string, count: number) => {
    // A revisit never moves the run's cursor back: its progress is in the notes.
    if (!revisit) mainCursor.at = last;
    Object.assign(pending, { cursor: mainCursor.at, processed: pending.processed + count });
  };
  const broken = await BrokenScopes.load(db, day, (marketplace) => creatorsConfigOfMarketplace(services.config.creatorsRegions, marketplace));
  // `revisited`: the revisit's last key among the pending points; its note moves there once they are written.
  const pending = { points: [] as StoredPoint[], details: [] as ItemCapture[], cursor: null as string | null, processed: 0, revisited: null as TrackedKey | null };
  // Batch tokens taken together when several are free at once (a burst); spent call by call.
  const leased = { marketplace: "", count: 0 };
  // The screens read summaries, not points: rebuilt for the ASINs whose points were written, 500 at a
  // time and when the slice stops (flushes come after every call at Amazon's rates).
  const refreshSummaries = async (atLeast: number) => {
    if (summarise.length >= atLeast && summarise.length > 0) await refreshAsinSummaries(services, summarise.splice(0), clock.now());
  };
  const flush = async () => {
    if (pending.cursor === null) return;
    await writeRankPoints(services.history, pending.points);
    summarise.push(...pending.points);
    await writeStep(db, { day, phase: "products", cursor: pending.cursor, processed: pending.processed, nowIso: new Date(clock.now()).toISOString() }, asinDetailsUpserts(db, pending.details));
    // A revisit's progress is a note, not the D1 cursor: noted only after its points are written,
    // so a slice killed before the write re-asks them instead of skipping them.
    if (pending.revisited) await paused.progress(pending.revisited);
    Object.assign(pending, { points: [], details: [], cursor: null, processed: 0, revisited: null });
    await refreshSummaries(SUMMARY_BATCH);
  };
  const stop = async (result: PhaseResult) => {
    await flush();
    await refreshSummaries(0);
    return result;
  };

  for (;;) {
    const batch = await keys.nextBatch(MAX_ITEMS_PER_CALL);
    if (batch.length === 0) {
      if (revisit) {
        await flush();
        await paused.finish(revisit);
        leftForLater.delete(revisit);
      }
      const next = await paused.next();
      if (!next) return stop({ finished: true });
      // Only paused marketplaces are left: wait for the first pause to end (an hour at most).
      if (next.until > clock.now()) return stop({ finished: false, resumeAt: next.until });
      revisit = next.marketplace;
      keys = new TrackedBuffer(db, next.after, next.marketplace);
      continue;
    }
    const last = keyCursor(batch.at(-1)!);
    const { marketplace } = batch[0]!;
    if (!isMarketplace(marketplace)) {
      // Not a marketplace the product source knows: nothing to ask for, nothing to store.
      console.error(`snapshot ${day}: skipping ${batch.length} ASINs of unknown marketplace ${marketplace}`);
      await addToCount(ctx, "failed", batch.length);
      await flush();
      await advanceCursor(db, day, "products", last, batch.length, new Date(clock.now()).toISOString());
      continue;
    }
    const live = batch[0]!.live;
    if (live && !revisit && leftForLater.has(marketplace)) {
      keys.skip(marketplace);
      continue;
    }
    // ASINs Amazon named unknown earlier today, when this batch was asked before (unknown-asins.ts).
    const asked = live ? await unknownToday.without(batch) : batch;
    if (asked.length === 0) {
      advance(last, 0);
      if (revisit) pending.revisited = batch.at(-1)!;
      continue;
    }
    if (live && broken.blocking(marketplace)) {
      // Refused for good earlier in this run (wrong tag, refused credential): fail without a call.
      await addToCount(ctx, "failed", asked.length);
      await countRegionItems(ctx, marketplace, "failed", asked.length);
      advance(last, asked.length);
      continue;
    }
    // Credentials are per region: a region without them snapshots labelled mock data.
    const source = live ? (injected ?? selected.sourceFor(marketplace)) : demoSource;
    if (!live && clock.now() >= budget.deadline) return stop({ finished: false, resumeAt: clock.now() });
    // The access token before the slot, so the call leaves in it (ProductSource.ready); a refused grant is the batch's outcome.
    const unready = live ? await readinessOf(source) : null;
    if (live && !unready) {
      if (pacer.nextAt > clock.now()) await flush();
      if (budget.calls >= budget.maxCalls || !(await pacer.take())) return stop({ finished: false, resumeAt: pacer.nextAt });
      if (leased.marketplace !== marketplace || leased.count === 0) {
        const token = await takeBatchToken(selected.budgetOf(marketplace), clock, budget.deadline, flush, Math.min(MAX_LEASE, budget.maxCalls - budget.calls));
        if (typeof token === "number" && token - clock.now() > PAUSE_SKIP_MS) {
          // The region is paused: leave this marketplace for later and go on with the others.
          await leaveForLater(marketplace, batch[0]!, token);
          continue;
        }
        if (typeof token === "number") return stop({ finished: false, resumeAt: token });
        Object.assign(leased, { marketplace, count: token.count });
      }
      leased.count -= 1;
      budget.calls += 1;
    }

    const asins = asked.map((key) => key.asin);
    const outcomes = unready ?? (await source.getItems(asins, marketplace).catch(upstreamErrorOrThrow));
    if (outcomes instanceof UpstreamError && live && creatorsScopeOfKind(outcomes.kind) !== null) {
      // Permanent (amazon-errors.ts): retrying cannot help. Fail the batch now and go on.
      const scope = await broken.record(db, outcomes, marketplace, new Date(clock.now()).toISOString());
      console.error(`snapshot ${day}: ${marketplace} refused for good (${outcomes.code ?? outcomes.kind}); ${scope === "request" ? "this batch fails" : `${scope} skipped for the rest of the run`}`);
      await clearFailures(ctx, `products:${last}`);
      await addToCount(ctx, "failed", asins.length);
      await countRegionItems(ctx, marketplace, "failed", asins.length);
      advance(last, asins.length);
      continue;
    }
    if (outcomes instanceof UpstreamError) {
      const failure = await noteRepeatedFailure(ctx, `products:${marketplace}`, `products:${last}`, outcomes.retryAfterSeconds);
      if (!failure.giveUp) {
        console.warn(`snapshot ${day}: getItems ${outcomes.kind} for ${marketplace} batch ending ${last}; retrying later`);
        if (failure.resumeAt - clock.now() <= PAUSE_SKIP_MS) return stop({ finished: false, resumeAt: failure.resumeAt });
        // A long backoff is this region's: the other marketplaces go on meanwhile.
        await leaveForLater(marketplace, batch[0]!, failure.resumeAt);
        continue;
      }
      console.error(`snapshot ${day}: gave up on ${marketplace} ASINs ${asins.join(",")} after repeated ${outcomes.kind}`);
      await addToCount(ctx, "failed", asins.length);
      if (live) await countRegionItems(ctx, marketplace, "failed", asins.length);
      advance(last, asins.length);
      if (revisit) pending.revisited = batch.at(-1)!;
      await flush();
      continue;
    }

    if (live) await broken.clearAfterSuccess(db, marketplace);
    const capturedAt = captureIso(day, clock.now());
    const found = [...outcomes.values()].flatMap((outcome) => (outcome.ok ? [outcome] : []));
    const points = found.map((outcome) => pointOf({ product: outcome.product, categoryRanks: outcome.categoryRanks, source: source.kind, capturedAt }));
    pending.points.push(...points);
    // Item details live in D1 beside the cursor: written in its batch at the next flush.
    pending.details.push(...found.map((outcome) => ({ product: outcome.product, source: source.kind, capturedAt })));
    // A 404 naming one unknown ASIN: the others go back in front, asked in the next call (paced,
    // budgeted and counted like any call); the cursor stays before this batch until they are answered.
    const again = live ? leftOutBesideUnknown(outcomes) : null;
    if (again) {
      await unknownToday.note(again.unknown.map((asin) => ({ marketplace, asin })));
      keys.putBack(asked.filter((key) => again.leftOut.includes(key.asin)));
      Object.assign(pending, { cursor: mainCursor.at, processed: pending.processed + asins.length - again.leftOut.length });
    } else {
      advance(last, asins.length);
      if (revisit) pending.revisited = batch.at(-1)!;
    }
    if (pending.points.length >= MAX_PENDING_POINTS) await flush();
    await clearScopeFailures(ctx, `products:${marketplace}`, `products:${last}`);
    const askedAgain = again?.leftOut.length ?? 0;
    // An item the answer left out or garbled is a failure for today, not an unknown ASIN.
    const unanswered = again ? 0 : [...outcomes.values()].filter((outcome) => !outcome.ok && outcome.reason === "unavailable").length;
    if (unanswered) await addToCount(ctx, "failed", unanswered);
    if (live && source.kind === "live") {
      await countRegionItems(ctx, marketplace, "failed", unanswered);
      await countRegionItems(ctx, marketplace, "answered", asins.length - unanswered - askedAgain);
    }
    await addToCount(ctx, "notFound", asins.length - points.length - unanswered - askedAgain);
  }
}

/**
 * Batch tokens (up to `count` free at once, at least one), waiting inside the invocation while
 * the next one is due before `deadline`: how many were taken, else the moment to come back.
 */
export async function takeBatchToken(
  upstream: BudgetClient,
  clock: Clock,
  deadline: number,
  beforeWait?: () => Promise<void>,
  count = 1,
): Promise<{ count: number } | number> {
  for (;;) {
    const grant = await upstream.take("batch", clock.now(), 0, count);
    if (grant.ok) return { count: grant.count ?? 1 };
    if (grant.retryAt > deadline) return grant.retryAt;
    await beforeWait?.();
    await clock.sleep(grant.retryAt - clock.now());
  }
}

function upstreamErrorOrThrow(error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error;
  throw error;
}

/** Null once the source is ready to call (its access token got), else the UpstreamError that stopped it. */
async function readinessOf(source: ProductSource): Promise<UpstreamError | null> {
  return (await source.ready?.().then(() => null, upstreamErrorOrThrow)) ?? null;
}
