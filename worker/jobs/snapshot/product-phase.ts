import { productSourceFor } from "../../upstreams/creators/select";
import { MAX_ITEMS_PER_CALL, UpstreamError, type ProductSource } from "../../upstreams/creators/product-source";
import { isMarketplace } from "../../contract/marketplaces";
import { advanceCursor, writeStep } from "./job-runs-store";
import { configOf, DEFAULT_SNAPSHOT_REQUESTS_PER_SECOND } from "../../config";
import { Pacer } from "./pacing";
import { addToCount, captureIso, clearFailures, noteFailure, type PhaseContext, type PhaseResult } from "./slice";
import { rankSnapshotUpsert } from "../../history/snapshot-store";
import { asinDetailsUpsert } from "../../history/asin-details-store";
import { MockProductSource } from "../../upstreams/creators/mock";
import { keyCursor, parseKeyCursor, trackedAsinsPage, type TrackedKey, type TrackedProduct } from "./tracked-store";

/** Amazon's documented starting quota for Associates: 1 request per second. */
export const DEFAULT_REQUESTS_PER_SECOND = DEFAULT_SNAPSHOT_REQUESTS_PER_SECOND;
const PAGE_SIZE = 200;

/**
 * The products phase: every tracked ASIN, 10 per getItems call, paced to the upstream rate.
 * Each call's rows and the cursor after its last ASIN are written in one D1 batch. ASINs that
 * only demo accounts track come from the mock (`demoSource`): demo sign-ups never spend the
 * live upstream's daily budget.
 */
/** `injected` replaces the per-marketplace live source (tests); by default each batch uses its region's source. */
export async function runProductPhase(
  ctx: PhaseContext,
  cursor: string | null,
  injected?: ProductSource,
  demoSource: ProductSource = new MockProductSource(),
): Promise<PhaseResult> {
  const { env, day, clock, budget } = ctx;
  const db = env.DB;
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
    const live = batch[0]!.live;
    // Credentials are per region: a region without them snapshots labelled mock data.
    const source = live ? (injected ?? productSourceFor(env, marketplace)) : demoSource;
    if (!live && clock.now() >= budget.deadline) return { finished: false, resumeAt: clock.now() };
    if (live) {
      if (budget.calls >= budget.maxCalls || !(await pacer.take())) return { finished: false, resumeAt: pacer.nextAt };
      budget.calls += 1;
    }

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
    const rows = [...outcomes.values()].flatMap((outcome) =>
      outcome.ok
        ? [
            rankSnapshotUpsert(db, { product: outcome.product, categoryRanks: outcome.categoryRanks, source: source.kind, capturedAt }),
            asinDetailsUpsert(db, outcome.product, source.kind, capturedAt),
          ]
        : [],
    );
    await writeStep(db, { day, phase: "products", cursor: last, processed: asins.length, nowIso }, rows);
    await clearFailures(ctx, `products:${last}`);
    // An item the answer left out or garbled is a failure for today, not an unknown ASIN.
    const unanswered = [...outcomes.values()].filter((outcome) => !outcome.ok && outcome.reason === "unavailable").length;
    if (unanswered) await addToCount(ctx, "failed", unanswered);
    await addToCount(ctx, "notFound", asins.length - rows.length / 2 - unanswered);
  }
}

/** Tracked keys read ahead in pages, handed out in batches of one marketplace and one source (live or demo-only). */
class TrackedBuffer {
  private buffered: TrackedProduct[] = [];
  private exhausted = false;

  constructor(
    private readonly db: D1Database,
    private after: TrackedKey | null,
  ) {}

  async nextBatch(size: number): Promise<TrackedProduct[]> {
    if (this.buffered.length < size && !this.exhausted) {
      const page = await trackedAsinsPage(this.db, this.after, PAGE_SIZE);
      if (page.length < PAGE_SIZE) this.exhausted = true;
      if (page.length) this.after = page.at(-1)!;
      this.buffered.push(...page);
    }
    const first = this.buffered[0];
    const alike = (key: TrackedProduct) => key.marketplace === first?.marketplace && key.live === first.live;
    let count = 0;
    while (count < size && count < this.buffered.length && alike(this.buffered[count]!)) count += 1;
    return this.buffered.splice(0, count);
  }
}
