import { snapshotSourceFor } from "../../upstreams/creators/select";
import { MAX_ITEMS_PER_CALL, UpstreamError, type ProductSource } from "../../upstreams/creators/product-source";
import type { BudgetClient } from "../../upstreams/budget/budget-client";
import { isMarketplace } from "../../contract/marketplaces";
import { advanceCursor, writeStep } from "./job-runs-store";
import { configOf, DEFAULT_SNAPSHOT_REQUESTS_PER_SECOND } from "../../config";
import { Pacer, type Clock } from "./pacing";
import { addToCount, captureIso, clearFailures, noteFailure, type PhaseContext, type PhaseResult } from "./slice";
import { pointOf, writeRankPoints } from "../../history/snapshot-store";
import { keyCursor, parseKeyCursor, trackedAsinsPage, type TrackedKey } from "./tracked-store";

/** Amazon's documented starting quota for Associates: 1 request per second. */
export const DEFAULT_REQUESTS_PER_SECOND = DEFAULT_SNAPSHOT_REQUESTS_PER_SECOND;
const PAGE_SIZE = 200;

/**
 * The products phase: every tracked ASIN, 10 per getItems call. Each call takes a batch token
 * of its credential's shared budget (what lookups leave; see upstreams/budget), under the
 * optional SNAPSHOT_REQUESTS_PER_SECOND ceiling. Each call's points go to the history shards,
 * then the cursor after its last ASIN to D1: a crash in between re-asks that call, whose
 * points are then rewritten in place.
 */
export async function runProductPhase(ctx: PhaseContext, cursor: string | null, override?: ProductSource): Promise<PhaseResult> {
  const { env, day, clock, budget } = ctx;
  const db = env.DB;
  const selected = snapshotSourceFor(env, clock);
  const source = override ?? selected.source;
  const pacer = new Pacer(clock, 1000 / configOf(env).vars.SNAPSHOT_REQUESTS_PER_SECOND, budget.deadline);
  const keys = new TrackedBuffer(db, parseKeyCursor(cursor));

  for (;;) {
    const batch = await keys.nextBatch(MAX_ITEMS_PER_CALL);
    if (batch.length === 0) return { finished: true };
    const last = keyCursor(batch.at(-1)!);
    const { marketplace } = batch[0]!;
    if (!isMarketplace(marketplace)) {
      // Not a marketplace the product source knows: nothing to ask for, nothing to store.
      console.error(`snapshot ${day}: skipping ${batch.length} ASINs of unknown marketplace ${marketplace}`);
      await addToCount(ctx, "failed", batch.length);
      await advanceCursor(db, day, "products", last, batch.length, new Date(clock.now()).toISOString());
      continue;
    }
    if (budget.calls >= budget.maxCalls || !(await pacer.take())) return { finished: false, resumeAt: pacer.nextAt };
    const token = await takeBatchToken(selected.budgetOf(marketplace), clock, budget.deadline);
    if (token !== true) return { finished: false, resumeAt: token };
    budget.calls += 1;

    const asins = batch.map((key) => key.asin);
    const outcomes = await source.getItems(asins, marketplace).catch((error: unknown) => {
      if (error instanceof UpstreamError) return error;
      throw error;
    });
    const nowIso = new Date(clock.now()).toISOString();
    if (outcomes instanceof UpstreamError) {
      const failure = await noteFailure(ctx, `products:${last}`, outcomes.retryAfterSeconds);
      if (!failure.giveUp) {
        console.warn(`snapshot ${day}: getItems ${outcomes.kind} for ${marketplace} batch ending ${last}; retrying later`);
        return { finished: false, resumeAt: failure.resumeAt };
      }
      console.error(`snapshot ${day}: gave up on ${marketplace} ASINs ${asins.join(",")} after repeated ${outcomes.kind}`);
      await addToCount(ctx, "failed", asins.length);
      await advanceCursor(db, day, "products", last, asins.length, nowIso);
      continue;
    }

    const capturedAt = captureIso(day, clock.now());
    const points = [...outcomes.values()].flatMap((outcome) =>
      outcome.ok ? [pointOf({ product: outcome.product, categoryRanks: outcome.categoryRanks, source: source.kind, capturedAt })] : [],
    );
    await writeRankPoints(env, points);
    await writeStep(db, { day, phase: "products", cursor: last, processed: asins.length, nowIso }, []);
    const rows = points;
    await clearFailures(ctx, `products:${last}`);
    await addToCount(ctx, "notFound", asins.length - rows.length);
  }
}

/**
 * A batch token, waiting inside the invocation while the next one is due before `deadline`:
 * true once taken, else the moment to come back.
 */
export async function takeBatchToken(upstream: BudgetClient, clock: Clock, deadline: number): Promise<true | number> {
  for (;;) {
    const grant = await upstream.take("batch", clock.now(), 0);
    if (grant.ok) return true;
    if (grant.retryAt > deadline) return grant.retryAt;
    await clock.sleep(grant.retryAt - clock.now());
  }
}

/** Tracked keys read ahead in pages, handed out in batches of one marketplace. */
class TrackedBuffer {
  private buffered: TrackedKey[] = [];
  private exhausted = false;

  constructor(
    private readonly db: D1Database,
    private after: TrackedKey | null,
  ) {}

  async nextBatch(size: number): Promise<TrackedKey[]> {
    if (this.buffered.length < size && !this.exhausted) {
      const page = await trackedAsinsPage(this.db, this.after, PAGE_SIZE);
      if (page.length < PAGE_SIZE) this.exhausted = true;
      if (page.length) this.after = page.at(-1)!;
      this.buffered.push(...page);
    }
    const marketplace = this.buffered[0]?.marketplace;
    let count = 0;
    while (count < size && count < this.buffered.length && this.buffered[count]!.marketplace === marketplace) count += 1;
    return this.buffered.splice(0, count);
  }
}
