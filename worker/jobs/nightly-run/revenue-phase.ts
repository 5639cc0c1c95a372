import type { AccountMarketplace } from "../../contract/account";
import { AppCredentialsRefusedError, SellerApiError } from "../../upstreams/spapi/seller-api";
import { REVENUE_DAYS, revenueDays } from "../../upstreams/spapi/sales-days";
import { revenueMissingInsert, revenueUpsert } from "../../history/revenue-store";
import type { BudgetClient } from "../../upstreams/budget/budget-client";
import { takeBatchToken } from "./product-phase";
import { captureIso, clearScopeFailures, noteRepeatedFailure, type PhaseContext, type PhaseResult } from "./slice";
import { keyCursor, parseKeyCursor, pastMarketplace, userTrackedAsinsPage, type TrackedKey } from "./tracked-store";
import { accountsForStore, addSales, CHECK_WORTH_FROM, checkCursor, coversDays, figuresOf, soldNothing, sumsReachTotal, type CheckPosition } from "./revenue-check";
import { countTrackedBySignal, trackedAsinsOf, zeroRevenueUpsert, type RevenueScope } from "./revenue-scope-store";
import type { DailySales } from "../../upstreams/spapi/sales-mapping";
import { openSeller, skipForAppRefusal, type Seller } from "./seller-phase";
import { sellerBudget, tellAnswered } from "../../upstreams/spapi/seller-budget";
import { walkSellers, type SellerStep } from "./seller-walk";
import { refusalScope } from "./seller-marketplaces";

type SellerRows = Extract<SellerStep, { kind: "next" }>["rows"];

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
 *
 * A marketplace where at least CHECK_WORTH_FROM tracked ASINs show no sign of being the seller's
 * (an agency's other clients', a competitor's) is checked against the seller's store total first
 * (revenue-check.ts): the ASINs with a sign are asked, and when they account for the whole store
 * the others are stored as zero days without a call each.
 */
export function runRevenuePhase(ctx: PhaseContext, cursor: string | null): Promise<PhaseResult> {
  return walkSellers(ctx, { phase: "revenue", open: openRevenueSeller, step: revenueStep }, cursor);
}

/** Zero days stored per step of the `zero` stage: this many ASINs × REVENUE_DAYS rows in one statement. */
export const ZERO_PAGE = 200;

const next = (position: string, rows: SellerRows = [], processed = 0): SellerStep => ({ kind: "next", position, rows, processed });

async function revenueStep(ctx: PhaseContext, seller: RevenueSeller, position: string | null): Promise<SellerStep> {
  const check = checkCursor.read(position);
  if (check) return checkStep(ctx, seller, check);
  const after = parseKeyCursor(position);
  const [key] = await userTrackedAsinsPage(ctx.env.DB, seller.workspaceId, seller.marketplaces, after, 1);
  if (!key) return { kind: "done", rows: [], processed: 0 };
  if (after?.marketplace !== key.marketplace && seller.api.getStoreSalesDays) {
    const { tracked, withSignal } = await countTrackedBySignal(ctx.env.DB, scopeOf(ctx, seller, key.marketplace));
    if (tracked - withSignal >= CHECK_WORTH_FROM) return next(checkCursor.write({ marketplace: key.marketplace, stage: "total", after: "" }));
  }
  const asked = await askAsin(ctx, seller, key);
  return asked.kind === "step" ? asked.step : next(keyCursor(key), asked.rows, 1);
}

/** One step of a marketplace checked against the store total (stages: revenue-check.ts). */
async function checkStep(ctx: PhaseContext, seller: RevenueSeller, at: CheckPosition): Promise<SellerStep> {
  const marketplace = at.marketplace as AccountMarketplace;
  const scope = scopeOf(ctx, seller, marketplace);
  const days = revenueDays(ctx.day, marketplace, REVENUE_DAYS);
  const done = next(keyCursor(pastMarketplace(marketplace)));
  // Every other ASIN asked, as without the check.
  const rest = checkCursor.write({ marketplace, stage: "rest", after: "" });
  switch (at.stage) {
    case "total":
    case "recheck": {
      const store = await askStore(ctx, seller, marketplace, days);
      if (store.kind === "step") return store.step;
      const totals = store.kind === "answered" ? figuresOf(store.sales) : null;
      if (at.stage === "total") {
        // No usable total: the marketplace is asked ASIN by ASIN from its start, as without the check.
        if (!totals || !coversDays(totals, days)) return next(keyCursor({ marketplace, asin: "" }));
        const currency = store.kind === "answered" ? store.sales[0]!.currency : "";
        if (soldNothing(totals, days)) return next(checkCursor.write({ marketplace, stage: "zero", of: "all", after: "", currency }));
        return next(checkCursor.write({ marketplace, stage: "signal", after: "", totals, sums: {}, currency }));
      }
      const matched = totals !== null && accountsForStore(at.totals ?? {}, totals, at.sums ?? {}, days);
      return next(matched ? checkCursor.write({ marketplace, stage: "zero", of: "rest", after: "", currency: at.currency }) : rest);
    }
    case "signal":
    case "rest": {
      const [asin] = await trackedAsinsOf(ctx.env.DB, scope, at.stage, at.after, 1);
      if (!asin && at.stage === "rest") return done;
      if (!asin) {
        // Every ASIN with a sign asked: the total again only when their sums reach the first one (when
        // they fall short, no second total can change that, and the rest are asked).
        return next(sumsReachTotal(at.totals ?? {}, at.sums ?? {}, days) ? checkCursor.write({ ...at, stage: "recheck", after: "" }) : rest);
      }
      const asked = await askAsin(ctx, seller, { marketplace, asin });
      if (asked.kind === "step") return asked.step;
      const sums = at.stage === "signal" && asked.kind === "answered" ? addSales(at.sums ?? {}, asked.answered) : at.sums;
      return next(checkCursor.write({ ...at, after: asin, sums }), asked.rows, 1);
    }
    case "zero": {
      const asins = await trackedAsinsOf(ctx.env.DB, scope, at.of === "all" ? "all" : "rest", at.after, ZERO_PAGE);
      if (asins.length === 0) return done;
      // No Amazon call, but two D1 queries: counted as a call, so an invocation's zero pages stay
      // inside its subrequests as its calls do (seller-walk.ts).
      ctx.budget.calls += 1;
      const capturedAt = captureIso(ctx.day, ctx.clock.now());
      const rows = [zeroRevenueUpsert(ctx.env.DB, scope, { asins, days, currency: at.currency ?? "", source: seller.api.kind, capturedAt })];
      return next(checkCursor.write({ ...at, after: asins.at(-1)! }), rows, asins.length);
    }
  }
}

const scopeOf = (ctx: PhaseContext, seller: RevenueSeller, marketplace: string): RevenueScope => ({
  workspaceId: seller.workspaceId,
  connectionId: seller.id,
  marketplace,
  day: ctx.day,
});

/** A step to hand back to the walk (wait, skip, done), or what asking came to. */
type Asked<T> = { kind: "step"; step: SellerStep } | T;

/** Waits for the seller's sales token; a number is when one is free past the slice. */
async function takeSalesToken(ctx: PhaseContext, seller: RevenueSeller): Promise<SellerStep | null> {
  if (seller.salesBudget) {
    const token = await takeBatchToken(seller.salesBudget, ctx.clock, ctx.budget.deadline);
    if (typeof token === "number") return { kind: "wait", resumeAt: token };
  }
  ctx.budget.calls += 1;
  return null;
}

/**
 * getOrderMetrics of one ASIN: its answered days stored, the days Amazon left out (or a call
 * given up on) stored as missing. A 403 skips the marketplace or the seller; a failure that may
 * pass waits, at most five times (slice.ts).
 */
async function askAsin(ctx: PhaseContext, seller: RevenueSeller, key: TrackedKey): Promise<Asked<{ kind: "answered"; rows: SellerRows; answered: DailySales[] } | { kind: "missing"; rows: SellerRows }>> {
  const { env, day, clock } = ctx;
  const db = env.DB;
  const waiting = await takeSalesToken(ctx, seller);
  if (waiting) return { kind: "step", step: waiting };
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
    if (error instanceof AppCredentialsRefusedError) return { kind: "step", step: await skipForAppRefusal(ctx, error) };
    if (error.status === 429) await seller.salesBudget?.penalize(clock.now(), error.retryAfterSeconds ?? 1);
    if (error.status === 403 && (await refusalScope(ctx, seller, marketplace)) === "marketplace") {
      // Not a marketplace the seller sells in (seller-marketplaces.ts): only it is skipped.
      return { kind: "step", step: next(keyCursor(pastMarketplace(marketplace))) };
    }
    if (error.status === 403) {
      // The seller's grant does not cover the Sales API: say so once, then skip the seller.
      console.warn(`snapshot ${day}: seller ${seller.id} has not granted sales data`);
      const row = revenueUpsert(db, { ...base, day: days.at(-1)!, status: "not_granted", amount: null, currency: null, units: null });
      return { kind: "step", step: { kind: "done", rows: [row], processed: 0 } };
    }
    const failure =
      error.status === 404 || error.permanent ? ({ giveUp: true } as const) : await noteRepeatedFailure(ctx, `revenue:${seller.id}`, attemptsKey, error.retryAfterSeconds);
    if (!failure.giveUp) return { kind: "step", step: { kind: "wait", resumeAt: failure.resumeAt } };
    return { kind: "missing", rows: missing(days) };
  }
  await tellSalesAnswered(ctx, seller);
  const byDay = new Map(answered.map((sales) => [sales.day, sales]));
  const rows = [
    ...answered.map((sales) => revenueUpsert(db, { ...base, day: sales.day, status: "ok", amount: sales.amount, currency: sales.currency, units: sales.units })),
    ...missing(days.filter((wanted) => !byDay.has(wanted))),
  ];
  await clearScopeFailures(ctx, `revenue:${seller.id}`, attemptsKey);
  return { kind: "answered", rows, answered };
}

/**
 * getOrderMetrics of the seller's whole store in the marketplace. A failure that may pass waits
 * as an ASIN's does; any other (a 403 included, which the ASIN calls then meet and handle) or one
 * given up on is "failed": the marketplace is asked ASIN by ASIN.
 */
async function askStore(ctx: PhaseContext, seller: RevenueSeller, marketplace: AccountMarketplace, days: readonly string[]): Promise<Asked<{ kind: "answered"; sales: DailySales[] } | { kind: "failed" }>> {
  const waiting = await takeSalesToken(ctx, seller);
  if (waiting) return { kind: "step", step: waiting };
  const attemptsKey = `revenue:${seller.id}|store:${marketplace}`;
  try {
    const sales = await seller.api.getStoreSalesDays!(marketplace, days);
    await tellSalesAnswered(ctx, seller);
    await clearScopeFailures(ctx, `revenue:${seller.id}`, attemptsKey);
    return { kind: "answered", sales };
  } catch (error) {
    if (!(error instanceof SellerApiError)) throw error;
    if (error instanceof AppCredentialsRefusedError) return { kind: "step", step: await skipForAppRefusal(ctx, error) };
    if (error.status === 403 || error.status === 404 || error.permanent) return { kind: "failed" };
    if (error.status === 429) await seller.salesBudget?.penalize(ctx.clock.now(), error.retryAfterSeconds ?? 1);
    const failure = await noteRepeatedFailure(ctx, `revenue:${seller.id}`, attemptsKey, error.retryAfterSeconds);
    return failure.giveUp ? { kind: "failed" } : { kind: "step", step: { kind: "wait", resumeAt: failure.resumeAt } };
  }
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
