/**
 * The plan facts: prices, limits and marketplaces. The billing API, the pricing page, the
 * home copy and the limit checks all read them from here, so no page can drift from
 * what the server enforces. Kept free of zod and I/O so the web bundle can import it.
 */
import { LOOKUP_MARKETPLACES, type Marketplace } from "./marketplaces";

export type PlanId = "free" | "pro" | "agency" | "enterprise";

export interface Plan {
  id: PlanId;
  name: string;
  /**
   * USD per month; null when the price is agreed with sales. With `perConnection` it is the
   * price of one connected seller account per month (the Stripe quantity is the count, at least 1).
   */
  priceUsd: number | null;
  /** Priced per connected seller account (Agency): Stripe's item quantity follows the connections. */
  perConnection: boolean;
  /** People who may belong to a workspace on this plan, owner included; null when agreed with sales. */
  memberLimit: number | null;
  /** Seller accounts (seller id × region) a workspace may connect; null when agreed with sales. */
  sellerConnectionLimit: number | null;
  /** Public lookups per calendar month; null means no monthly cap. */
  lookupsPerMonth: number | null;
  compareLimit: number | null;
  /** CSV/PDF exports per day; null means no daily cap. */
  exportsPerDay: number | null;
  /** API requests per hour with the plan's API key; null when the plan has no API key. */
  apiRequestsPerHour: number | null;
  /** Alerts that may be active at once; null when agreed with sales. */
  activeAlertLimit: number | null;
  /** Days of rank history the plan may read (GET /api/history ranges). */
  historyDays: number;
  /** ASINs the plan may keep on its watchlist; null when agreed with sales. */
  watchlistLimit: number | null;
  /** Marketplace codes the plan may look up, watch, alert on and compare. */
  marketplaces: readonly Marketplace[];
  prioritySupport: boolean;
}

export const FREE_PLAN: Plan = {
  id: "free",
  name: "Free",
  priceUsd: 0,
  perConnection: false,
  memberLimit: 1,
  sellerConnectionLimit: 1,
  lookupsPerMonth: 100,
  compareLimit: 5,
  exportsPerDay: 5,
  apiRequestsPerHour: null,
  activeAlertLimit: 5,
  historyDays: 7,
  watchlistLimit: 25,
  marketplaces: ["US"],
  prioritySupport: false,
};

export const PRO_PLAN: Plan = {
  id: "pro",
  name: "Pro",
  priceUsd: 49,
  perConnection: false,
  memberLimit: 3,
  sellerConnectionLimit: 1,
  lookupsPerMonth: null,
  compareLimit: 10,
  exportsPerDay: null,
  apiRequestsPerHour: 1000,
  activeAlertLimit: 500,
  historyDays: 90,
  watchlistLimit: 1000,
  marketplaces: LOOKUP_MARKETPLACES,
  prioritySupport: true,
};

/**
 * Agency: one subscription whose quantity is the workspace's connected seller accounts, so
 * an agency pays for the clients it runs. Everything in Pro, with room for a team and for
 * 20 clients of 500 tracked ASINs each (the figure the benchmark holds to 1 s p99).
 * Why these numbers: docs/billing.md#the-agency-plan.
 */
export const AGENCY_PLAN: Plan = {
  id: "agency",
  name: "Agency",
  priceUsd: 39,
  perConnection: true,
  memberLimit: 25,
  sellerConnectionLimit: 50,
  lookupsPerMonth: null,
  compareLimit: 10,
  exportsPerDay: null,
  apiRequestsPerHour: 5000,
  activeAlertLimit: 5000,
  historyDays: 90,
  watchlistLimit: 10_000,
  marketplaces: LOOKUP_MARKETPLACES,
  prioritySupport: true,
};

export const ENTERPRISE_PLAN: Plan = {
  id: "enterprise",
  name: "Enterprise",
  priceUsd: null,
  perConnection: false,
  // Agreed with sales: no member or connection cap unless the contract says otherwise.
  memberLimit: null,
  sellerConnectionLimit: null,
  lookupsPerMonth: null,
  compareLimit: null,
  exportsPerDay: null,
  // Everything in Pro, keys included; an assignment may set its own limit.
  apiRequestsPerHour: 10_000,
  activeAlertLimit: null,
  historyDays: 90,
  watchlistLimit: null,
  marketplaces: LOOKUP_MARKETPLACES,
  prioritySupport: true,
};

export const PLANS: readonly Plan[] = [FREE_PLAN, PRO_PLAN, AGENCY_PLAN, ENTERPRISE_PLAN];

/** Whether a user on `plan` with `active` alerts already active may make one more active. */
export function canActivateAlert(plan: Plan, active: number): boolean {
  return plan.activeAlertLimit === null || active < plan.activeAlertLimit;
}

/** Whether a workspace on `plan` with `members` members (pending invitations included) may add one more. */
export function canAddMember(plan: Plan, members: number): boolean {
  return plan.memberLimit === null || members < plan.memberLimit;
}

/** The plan to buy for more seats than `plan` has, or null when none on sale has more (Enterprise is by contact). */
export function nextPlanWithMoreMembers(plan: Plan): Plan | null {
  return nextPlanAbove(plan, (other) => other.memberLimit);
}

/** The first plan on sale whose limit (null: none) is above `plan`'s; null when `plan` has none. */
function nextPlanAbove(plan: Plan, limitOf: (plan: Plan) => number | null): Plan | null {
  const limit = limitOf(plan);
  if (limit === null) return null;
  return PLANS.find((other) => other.priceUsd !== null && (limitOf(other) ?? -1) > limit) ?? null;
}

/** The plan to buy for more seller accounts than `plan` connects, or null when none on sale has more (Enterprise is by contact). */
export function nextPlanWithMoreConnections(plan: Plan): Plan | null {
  return nextPlanAbove(plan, (other) => other.sellerConnectionLimit);
}

/** Whether a workspace on `plan` with `connections` seller accounts connected may connect one more. */
export function canAddConnection(plan: Plan, connections: number): boolean {
  return plan.sellerConnectionLimit === null || connections < plan.sellerConnectionLimit;
}

/**
 * Whether the nightly run refreshes a connected seller account that has `connectedBefore` of its
 * workspace's connected ones ahead of it (oldest first): the plan's first `sellerConnectionLimit`.
 * After a downgrade the rest keep their data as of their last refresh until some are disconnected.
 */
export function refreshedUnderPlan(plan: Plan, connectedBefore: number): boolean {
  return canAddConnection(plan, connectedBefore);
}

/** The Stripe quantity of a per-connection subscription: the connections, never below 1 (Stripe bills at least one). */
export function agencyQuantity(connections: number): number {
  return Math.max(1, Math.floor(connections));
}

/** A per-connection plan's monthly amount in USD for `connections` accounts; null when the price is agreed. */
export function monthlyPriceUsd(plan: Plan, connections: number): number | null {
  if (plan.priceUsd === null) return null;
  return plan.perConnection ? plan.priceUsd * agencyQuantity(connections) : plan.priceUsd;
}
