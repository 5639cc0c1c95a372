import type { AccountMarketplace } from "../../contract/account";
import { SellerApiError } from "../../upstreams/spapi/seller-api";
import { revenueUpsert } from "../../history/revenue-store";
import { advanceCursor, writeStep } from "../nightly-run-store";
import { durableBudget, type BudgetClient } from "../../upstreams/budget/budget-client";
import { spapiBucket } from "../../upstreams/budget/token-bucket";
import { takeBatchToken } from "./product-phase";
import { captureIso, clearFailures, noteFailure, type PhaseContext, type PhaseResult } from "./slice";
import { keyCursor, nextSellerWithTrackedAsins, parseKeyCursor, userTrackedAsinsPage, type TrackedKey } from "./tracked-store";
import { openSeller, type Seller } from "./seller-phase";
import { addDays } from "../../contract/time";

/** getOrderMetrics allows 0.5 requests per second (Sales API v1 usage plan). */
export const ORDER_METRICS_INTERVAL_MS = 2_000;
const DONE = "done";

/** The day whose sales a run of `day` reads: the day before, the last complete UTC day. */
export function revenueDayOf(day: string): string {
  return addDays(day, -1);
}

/**
 * The sellers phase's revenue pass: per seller connection (and demo mock seller) and tracked ASIN,
 * yesterday's ordered product sales, one getOrderMetrics call each at 0.5 rps (the seller's
 * shared UpstreamBudget bucket of that operation, told about 429s), written with
 * the cursor "<connectionId>|<marketplace>:<asin>" in one D1 batch. A seller that has not granted the
 * Sales role (403) gets a not_granted row, so the screens can say why revenue shows "—".
 */
export async function runRevenuePhase(ctx: PhaseContext, cursor: string | null): Promise<PhaseResult> {
  const { env, day, clock, budget } = ctx;
  const db = env.DB;
  const salesDay = revenueDayOf(day);
  const bar = cursor?.indexOf("|") ?? -1;
  let lastUserId = cursor && bar >= 0 ? cursor.slice(0, bar) : "";
  const position = cursor && bar >= 0 ? cursor.slice(bar + 1) : DONE;
  let after: TrackedKey | null = position === DONE ? null : parseKeyCursor(position);
  let seller: (Seller & { salesBudget: BudgetClient | null }) | null = position === DONE || !lastUserId ? null : await open(ctx, lastUserId);

  for (;;) {
    if (!seller) {
      const next = await nextSellerWithTrackedAsins(db, lastUserId);
      if (!next) return { finished: true };
      lastUserId = next.id;
      after = null;
      seller = await open(ctx, next.id);
      if (!seller) continue;
    }
    const [key] = await userTrackedAsinsPage(db, seller.workspaceId, seller.marketplaces, after, 1);
    if (!key) {
      seller = null;
      continue;
    }
    if (budget.calls >= budget.maxCalls) return { finished: false, resumeAt: clock.now() };
    if (seller.salesBudget) {
      const token = await takeBatchToken(seller.salesBudget, clock, budget.deadline);
      if (typeof token === "number") return { finished: false, resumeAt: token };
    }
    budget.calls += 1;

    const marketplace = key.marketplace as AccountMarketplace;
    const last = `${seller.id}|${keyCursor(key)}`;
    const base = { userId: seller.workspaceId, connectionId: seller.id, asin: key.asin, marketplace, day: salesDay, source: seller.api.kind, capturedAt: captureIso(day, clock.now()) };
    let row;
    try {
      const sales = await seller.api.getDailySales(key.asin, marketplace, salesDay);
      row = sales
        ? { ...base, status: "ok" as const, amount: sales.amount, currency: sales.currency, units: sales.units }
        : { ...base, status: "missing" as const, amount: null, currency: null, units: null };
    } catch (error) {
      if (!(error instanceof SellerApiError)) throw error;
      if (error.status === 429) await seller.salesBudget?.penalize(clock.now(), error.retryAfterSeconds ?? 1);
      if (error.status === 403) {
        // The seller's grant does not cover the Sales API: say so once, then skip the seller.
        console.warn(`snapshot ${day}: seller ${seller.id} has not granted sales data`);
        const nowIso = new Date(clock.now()).toISOString();
        await writeStep(db, { day, phase: "revenue", cursor: `${seller.id}|${DONE}`, processed: 0, nowIso }, [
          revenueUpsert(db, { ...base, status: "not_granted", amount: null, currency: null, units: null }),
        ]);
        seller = null;
        continue;
      }
      const failure = error.status === 404 ? ({ giveUp: true } as const) : await noteFailure(ctx, `revenue:${last}`, error.retryAfterSeconds);
      if (!failure.giveUp) return { finished: false, resumeAt: failure.resumeAt };
      row = { ...base, status: "missing" as const, amount: null, currency: null, units: null };
    }
    await writeStep(db, { day, phase: "revenue", cursor: last, processed: 1, nowIso: new Date(clock.now()).toISOString() }, [revenueUpsert(db, row)]);
    await clearFailures(ctx, `revenue:${last}`);
    after = key;
  }
}

async function open(ctx: PhaseContext, userId: string) {
  const seller = await openSeller(ctx, userId);
  if (!seller) {
    await advanceCursor(ctx.env.DB, ctx.day, "revenue", `${userId}|${DONE}`, 0, new Date(ctx.clock.now()).toISOString());
    return null;
  }
  const salesBudget =
    seller.api.kind === "spapi"
      ? durableBudget(ctx.env, spapiBucket(seller.sellingPartnerId, "getOrderMetrics"), { ratePerSecond: 1000 / ORDER_METRICS_INTERVAL_MS, burst: 1 })
      : null;
  return { ...seller, salesBudget };
}
