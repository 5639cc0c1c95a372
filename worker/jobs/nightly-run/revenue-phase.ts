import type { AccountMarketplace } from "../../contract/account";
import { AppCredentialsRefusedError, SellerApiError } from "../../upstreams/spapi/seller-api";
import { REVENUE_DAYS, revenueDays } from "../../upstreams/spapi/sales-days";
import { revenueMissingInsert, revenueUpsert } from "../../history/revenue-store";
import type { BudgetClient } from "../../upstreams/budget/budget-client";
import { takeBatchToken } from "./product-phase";
import { captureIso, clearScopeFailures, noteRepeatedFailure, type PhaseContext, type PhaseResult } from "./slice";
import { keyCursor, parseKeyCursor, pastMarketplace, userTrackedAsinsPage } from "./tracked-store";
import { openSeller, skipForAppRefusal, type Seller } from "./seller-phase";
import { sellerBudget, tellAnswered } from "../../upstreams/spapi/seller-budget";
import { walkSellers, type SellerStep } from "./seller-walk";
import { refusalScope } from "./seller-marketplaces";

/** getOrderMetrics allows 0.5 requests per second (Sales API v1 usage plan). */
export const ORDER_METRICS_INTERVAL_MS = 2_000;

/** The getOrderMetrics path, whose x-amzn-RateLimit-Limit sets the seller's sales bucket. */
export const ORDER_METRICS_PATH = "/sales/v1/orderMetrics";

export type RevenueSeller = Seller & { salesBudget: BudgetClient | null };

/**
 * The sellers phase's revenue pass: every seller connection (and demo mock seller), several at once
 * (seller-walk.ts), one getOrderMetrics call per tracked ASIN at the seller's own 0.5 rps
 * (its UpstreamBudget bucket of that operation, told about 429s) for the REVENUE_DAYS complete
 * days ending yesterday in the marketplace's time zone. A day Amazon answered is stored (zero
 * included); a day it did not is stored as missing, never as zero, and never over a figure
 * an earlier night got. A seller that has not granted the Sales role (403) gets a not_granted
 * row, so the screens can say why revenue shows "—".
 */
export function runRevenuePhase(ctx: PhaseContext, cursor: string | null): Promise<PhaseResult> {
  return walkSellers(ctx, { phase: "revenue", open: openRevenueSeller, step: revenueStep }, cursor);
}

async function revenueStep(ctx: PhaseContext, seller: RevenueSeller, position: string | null): Promise<SellerStep> {
  const { env, day, clock, budget } = ctx;
  const db = env.DB;
  const [key] = await userTrackedAsinsPage(db, seller.workspaceId, seller.marketplaces, parseKeyCursor(position), 1);
  if (!key) return { kind: "done", rows: [], processed: 0 };
  if (seller.salesBudget) {
    const token = await takeBatchToken(seller.salesBudget, clock, budget.deadline);
    if (typeof token === "number") return { kind: "wait", resumeAt: token };
  }
  budget.calls += 1;

  const marketplace = key.marketplace as AccountMarketplace;
  const days = revenueDays(day, marketplace, REVENUE_DAYS);
  const attemptsKey = `revenue:${seller.id}|${keyCursor(key)}`;
  const base = { userId: seller.workspaceId, connectionId: seller.id, asin: key.asin, marketplace, source: seller.api.kind, capturedAt: captureIso(day, clock.now()) };
  const missing = (of: readonly string[]) => of.map((missingDay) => revenueMissingInsert(db, { ...base, day: missingDay }));
  let answered;
  try {
    answered = await seller.api.getSalesDays(key.asin, marketplace, days);
  } catch (error) {
    if (!(error instanceof SellerApiError)) throw error;
    if (error instanceof AppCredentialsRefusedError) return skipForAppRefusal(ctx, error);
    if (error.status === 429) await seller.salesBudget?.penalize(clock.now(), error.retryAfterSeconds ?? 1);
    if (error.status === 403 && (await refusalScope(ctx, seller, marketplace)) === "marketplace") {
      // Not a marketplace the seller sells in (seller-marketplaces.ts): only it is skipped.
      return { kind: "next", position: keyCursor(pastMarketplace(marketplace)), rows: [], processed: 0 };
    }
    if (error.status === 403) {
      // The seller's grant does not cover the Sales API: say so once, then skip the seller.
      console.warn(`snapshot ${day}: seller ${seller.id} has not granted sales data`);
      const row = revenueUpsert(db, { ...base, day: days.at(-1)!, status: "not_granted", amount: null, currency: null, units: null });
      return { kind: "done", rows: [row], processed: 0 };
    }
    const failure =
      error.status === 404 || error.permanent ? ({ giveUp: true } as const) : await noteRepeatedFailure(ctx, `revenue:${seller.id}`, attemptsKey, error.retryAfterSeconds);
    if (!failure.giveUp) return { kind: "wait", resumeAt: failure.resumeAt };
    return { kind: "next", position: keyCursor(key), rows: missing(days), processed: 1 };
  }
  await tellSalesAnswered(ctx, seller);
  const byDay = new Map(answered.map((sales) => [sales.day, sales]));
  const rows = [
    ...answered.map((sales) => revenueUpsert(db, { ...base, day: sales.day, status: "ok", amount: sales.amount, currency: sales.currency, units: sales.units })),
    ...missing(days.filter((wanted) => !byDay.has(wanted))),
  ];
  await clearScopeFailures(ctx, `revenue:${seller.id}`, attemptsKey);
  return { kind: "next", position: keyCursor(key), rows, processed: 1 };
}

async function openRevenueSeller(ctx: PhaseContext, connectionId: string): Promise<RevenueSeller | null> {
  const seller = await openSeller(ctx, connectionId);
  if (!seller) return null;
  const salesBudget = seller.api.kind === "spapi" ? sellerBudget(ctx.env, seller.sellingPartnerId, "getOrderMetrics", { ratePerSecond: 1000 / ORDER_METRICS_INTERVAL_MS, burst: 1 }) : null;
  return { ...seller, salesBudget };
}

/** The seller's getOrderMetrics bucket paces the next call from this one's answer, at the rate Amazon stated for this seller (x-amzn-RateLimit-Limit). */
export async function tellSalesAnswered(ctx: Pick<PhaseContext, "clock">, seller: RevenueSeller): Promise<void> {
  await tellAnswered(seller.api, ORDER_METRICS_PATH, seller.salesBudget, ctx.clock.now());
}
