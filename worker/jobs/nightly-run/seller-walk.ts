import type { BatchItem } from "drizzle-orm/batch";
import { writeStep, type NightlyRunPhase } from "../nightly-run-store";
import { addToCount, type PhaseContext, type PhaseResult } from "./slice";
import { nextSellerWithTrackedAsins } from "./tracked-store";

/**
 * Sellers walked side by side in one slice. SP-API limits are per seller and operation, so
 * sellers never slow each other; what bounds N is the Worker. Subrequests: an invocation
 * stops at SNAPSHOT_MAX_CALLS_PER_INVOCATION (100) Amazon calls whatever N is (inventory pages
 * count, one inventory read at a time: seller-inventory.ts), each costing
 * about three subrequests (the call, the seller's UpstreamBudget token, the D1 write), so about
 * 350 of the 1,000 allowed. D1: at getOrderMetrics' 0.5 call/s a lane writes one small batch
 * (8 rows) every 2 s, so 32 lanes write about 16 batches a second, far below what one D1
 * database takes. Time: 32 lanes spend the 100 calls in about 6 s, well inside the 25-second
 * slice, and the cursor (one entry per started seller) stays around 2 KB. CPU stays low: the
 * lanes mostly wait for Amazon. With 1,000 sellers × 100 ASINs this makes the revenue pass
 * about 32 times shorter than one seller at a time (`npm run simulate`, docs/amazon.md).
 */
export const SELLER_CONCURRENCY = 32;
/** Sellers waiting for their own budget stay in the cursor; past this many no new seller starts. */
const MAX_ACTIVE_SELLERS = SELLER_CONCURRENCY * 4;

/** What one step of one seller did. */
export type SellerStep =
  /** Wrote `rows`; the seller goes on after `position`. */
  | { kind: "next"; position: string; rows: BatchItem<"sqlite">[]; processed: number }
  /** The seller is done (or skipped for good). */
  | { kind: "done"; rows: BatchItem<"sqlite">[]; processed: number }
  /** The seller's own budget or backoff says: not before `resumeAt`. */
  | { kind: "wait"; resumeAt: number };

/** A phase's per-seller work: open a seller, then take steps from a position (null: the start). */
export interface SellerWork<S extends { id: string }> {
  phase: Extract<NightlyRunPhase, "sellers" | "revenue">;
  open(ctx: PhaseContext, userId: string): Promise<S | null>;
  step(ctx: PhaseContext, seller: S, position: string | null): Promise<SellerStep>;
}

/** The walk's cursor: the last seller started, and the started sellers not done yet. */
interface WalkState {
  after: string;
  /** userId → position within the seller (null: not started) and the time it may go on. */
  active: Map<string, { position: string | null; notBefore: number }>;
}

export function parseWalkCursor(cursor: string | null): WalkState {
  if (!cursor?.startsWith("{")) return { after: "", active: new Map() };
  const raw = JSON.parse(cursor) as { after: string; active: Record<string, [string | null, number]> };
  return { after: raw.after, active: new Map(Object.entries(raw.active).map(([id, [position, notBefore]]) => [id, { position, notBefore }])) };
}

export function walkCursor(state: WalkState): string {
  return JSON.stringify({ after: state.after, active: Object.fromEntries([...state.active].map(([id, { position, notBefore }]) => [id, [position, notBefore]])) });
}

/**
 * One slice of a seller phase: up to SELLER_CONCURRENCY sellers at once, each going at its
 * own budget's pace. A seller that must wait past the slice's deadline is left in the cursor
 * and its lane takes another seller; one seller's failure (even an unexpected exception) is
 * logged and ends that seller only. Each step writes its rows and the whole cursor in one D1
 * batch, so a lost slice repeats at most one step per seller (the writes are upserts).
 */
export async function walkSellers<S extends { id: string }>(ctx: PhaseContext, work: SellerWork<S>, cursor: string | null): Promise<PhaseResult> {
  const { clock, budget, day } = ctx;
  const state = parseWalkCursor(cursor);
  const taken = new Set<string>();
  let exhausted = false;
  let outOfCalls = false;

  const save = (processed: number, rows: BatchItem<"sqlite">[]) =>
    writeStep(ctx.env.DB, { day, phase: work.phase, cursor: walkCursor(state), processed, nowIso: new Date(clock.now()).toISOString() }, rows);

  // Picks are serialized: two lanes must never start the same next seller.
  let picking: Promise<unknown> = Promise.resolve();
  const pick = () => {
    const next = picking.then(pickSeller);
    picking = next.catch(() => undefined);
    return next;
  };
  async function pickSeller(): Promise<{ id: string; position: string | null; notBefore: number } | null> {
    if (outOfCalls || clock.now() > budget.deadline) return null;
    for (const [id, entry] of state.active) {
      if (taken.has(id) || entry.notBefore > budget.deadline) continue;
      taken.add(id);
      return { id, ...entry };
    }
    if (exhausted || state.active.size >= MAX_ACTIVE_SELLERS) return null;
    const next = await nextSellerWithTrackedAsins(ctx.env.DB, state.after);
    if (!next) {
      exhausted = true;
      return null;
    }
    state.after = next.id;
    state.active.set(next.id, { position: null, notBefore: 0 });
    taken.add(next.id);
    return { id: next.id, position: null, notBefore: 0 };
  }

  async function runSeller(id: string, from: string | null, notBefore: number): Promise<void> {
    if (notBefore > clock.now()) await clock.sleep(notBefore - clock.now());
    const seller = await work.open(ctx, id);
    if (!seller) {
      state.active.delete(id);
      await save(0, []);
      return;
    }
    for (let position = from; ; ) {
      // Out of calls or time: the seller stays in the cursor where it is, for the next slice.
      if (budget.calls >= budget.maxCalls || clock.now() > budget.deadline) {
        outOfCalls ||= budget.calls >= budget.maxCalls;
        state.active.set(id, { position, notBefore: 0 });
        return;
      }
      const step = await work.step(ctx, seller, position);
      if (step.kind === "wait") {
        state.active.set(id, { position, notBefore: step.resumeAt });
        return;
      }
      if (step.kind === "done") state.active.delete(id);
      else state.active.set(id, { position: (position = step.position), notBefore: 0 });
      await save(step.processed, step.rows);
      if (step.kind === "done") return;
    }
  }

  async function lane(): Promise<void> {
    for (let picked = await pick(); picked; picked = await pick()) {
      try {
        await runSeller(picked.id, picked.position, picked.notBefore);
      } catch (error) {
        // Never let one seller stop the others: log it, skip the seller for this run.
        console.error(`snapshot ${day}: ${work.phase} of seller ${picked.id} failed:`, error instanceof Error ? error.message : error);
        state.active.delete(picked.id);
        await addToCount(ctx, "sellersSkipped", 1);
        await save(0, []).catch(() => undefined);
      }
    }
  }

  await Promise.all(Array.from({ length: SELLER_CONCURRENCY }, lane));
  if (exhausted && state.active.size === 0) return { finished: true };
  // The waits set since the last step (a backoff, a token past the slice) must outlive the slice.
  await save(0, []);
  if (outOfCalls) return { finished: false, resumeAt: clock.now() };
  const waits = [...state.active.values()].map((entry) => entry.notBefore);
  return { finished: false, resumeAt: Math.max(clock.now(), Math.min(...waits, budget.deadline)) };
}
