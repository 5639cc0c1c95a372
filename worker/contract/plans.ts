/**
 * The plan facts: prices, limits and marketplaces. The billing API, the pricing page, the
 * home copy and the limit checks all read them from here, so no page can drift from
 * what the server enforces. Kept free of zod and I/O so the web bundle can import it.
 */
import { LOOKUP_MARKETPLACES, type Marketplace } from "./marketplaces";

export type PlanId = "free" | "pro" | "enterprise";

export interface Plan {
  id: PlanId;
  name: string;
  /** USD per month; null when the price is agreed with sales. */
  priceUsd: number | null;
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

export const ENTERPRISE_PLAN: Plan = {
  id: "enterprise",
  name: "Enterprise",
  priceUsd: null,
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

export const PLANS: readonly Plan[] = [FREE_PLAN, PRO_PLAN, ENTERPRISE_PLAN];

/** Whether a user on `plan` with `active` alerts already active may make one more active. */
export function canActivateAlert(plan: Plan, active: number): boolean {
  return plan.activeAlertLimit === null || active < plan.activeAlertLimit;
}
