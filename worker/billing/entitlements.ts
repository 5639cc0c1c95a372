import { isPaidStatus } from "../contract/billing";
import { AGENCY_PLAN, ENTERPRISE_PLAN, FREE_PLAN, type Plan, PRO_PLAN } from "../contract/plans";
import type { Marketplace } from "../contract/marketplaces";

/**
 * Pure entitlement rules: which plan a subscription gives, and which of a user's alerts and
 * watchlist entries a plan keeps running. No I/O, so they are tested directly.
 */

/** What an Enterprise assignment sets: its API limit across the account's keys (null: the plan's default). */
export interface EnterpriseTerms {
  apiRequestsPerHour: number | null;
}

/**
 * Enterprise (assigned by hand) wins, with the API limit of its assignment; then a paid
 * subscription status means Pro, or Agency when its price is Agency's; anything else is Free.
 */
export function planFromBilling(
  status: string | null | undefined,
  enterprise: boolean | EnterpriseTerms | null,
  paidPlan: "pro" | "agency" = "pro",
): Plan {
  if (enterprise) {
    const limit = typeof enterprise === "object" ? enterprise.apiRequestsPerHour : null;
    return limit === null ? ENTERPRISE_PLAN : { ...ENTERPRISE_PLAN, apiRequestsPerHour: limit };
  }
  if (!isPaidStatus(status)) return FREE_PLAN;
  return paidPlan === "agency" ? AGENCY_PLAN : PRO_PLAN;
}

/** Whether a plan covers a marketplace. */
export function planCoversMarketplace(plan: Plan, marketplace: string): boolean {
  return plan.marketplaces.includes(marketplace as Marketplace);
}

/** Refreshes beyond the nightly run (hourly, 6-hourly, "Refresh now") and the intraday points they take: Pro and up. */
export function planHasExtraRefreshes(plan: Plan): boolean {
  return plan.id !== "free";
}

/** An alert or watchlist entry as the limit rules see it. */
export interface LimitedItem {
  key: string;
  marketplace: string;
  createdAt: string;
  /** Running now: an active alert, a snapshotted watchlist entry. */
  running: boolean;
  /** Stopped by the plan (not by the user): the only stopped items a plan change may restart. */
  pausedByPlan: boolean;
}

export interface LimitChanges {
  pause: string[];
  resume: string[];
}

const byAge = (a: LimitedItem, b: LimitedItem) => a.createdAt.localeCompare(b.createdAt) || a.key.localeCompare(b.key);

/**
 * What a plan changes: running items outside its marketplaces or past its limit (the newest
 * first) stop; items the plan stopped earlier restart, oldest first, while there is room.
 * Running items are never swapped for older stopped ones, so an alert created after a
 * downgrade keeps running.
 */
export function limitChanges(items: readonly LimitedItem[], limit: number | null, plan: Plan): LimitChanges {
  const covered = (item: LimitedItem) => planCoversMarketplace(plan, item.marketplace);
  const running = items.filter((item) => item.running).sort(byAge);
  const pause = running.filter((item) => !covered(item)).map((item) => item.key);
  const kept = running.filter(covered);
  if (limit !== null && kept.length > limit) pause.push(...kept.slice(limit).map((item) => item.key));
  const room = limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit - kept.length);
  const resume = items
    .filter((item) => item.pausedByPlan && covered(item))
    .sort(byAge)
    .slice(0, room)
    .map((item) => item.key);
  return { pause, resume };
}

/** An alert or watchlist entry as the tracked-ASIN cap sees it: the product it makes the nightly run fetch. */
export interface TrackedItem {
  key: string;
  /** "US:B0…": items of one product count once. */
  product: string;
  createdAt: string;
}

/**
 * The items past the plan's tracked-ASIN limit: products counted once each, the oldest kept,
 * every item of a newer product past the limit returned, so the nightly run stops fetching it.
 */
export function trackedOverflow(items: readonly TrackedItem[], limit: number | null): Set<string> {
  if (limit === null) return new Set();
  const firstSeen = new Map<string, string>();
  for (const item of items) {
    const seen = firstSeen.get(item.product);
    if (seen === undefined || item.createdAt < seen) firstSeen.set(item.product, item.createdAt);
  }
  const over = new Set(
    [...firstSeen]
      .sort(([a, at], [b, bt]) => at.localeCompare(bt) || a.localeCompare(b))
      .slice(limit)
      .map(([product]) => product),
  );
  return new Set(items.filter((item) => over.has(item.product)).map((item) => item.key));
}
