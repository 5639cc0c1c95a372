import type { Marketplace } from "./marketplaces";
import type { LookupResult } from "./product";

/** One column of a compare: the lookup's answer, or why this one product has none. */
export type CompareItem =
  | { asin: string; ok: true; product: LookupResult }
  | {
      asin: string;
      ok: false;
      /** not_found: Amazon does not know it; not_accessible: not sold/served in the marketplace; unavailable: Amazon failed. */
      error: "not_found" | "not_accessible" | "unavailable";
      detail: string;
    };

/** GET /api/v1/compare. */
export interface CompareResponse {
  marketplace: Marketplace;
  /** In the order asked, without repeats. */
  items: CompareItem[];
  /** What this compare paid a lookup for, signed: its export within the hour passes it as `receipt` and pays for none of them again. */
  exportReceipt?: string;
}

/** One marketplace of a breakdown: the lookup's answer there, or why there is none. */
export type BreakdownItem =
  | { marketplace: Marketplace; ok: true; product: LookupResult }
  | { marketplace: Marketplace; ok: false; error: "not_found" | "not_accessible" | "unavailable"; detail: string };

/** GET /api/v1/compare/marketplaces: one product in each marketplace of the caller's plan (Compare Plus). */
export interface MarketplaceBreakdown {
  asin: string;
  /** In the plan's marketplace order. */
  items: BreakdownItem[];
}

/** The most ASINs any compare request may carry, whatever the plan (Amazon's getItems batch). */
export const COMPARE_MAX_ASINS = 10;

/** GET /api/v1/compare/plan: what the caller's plan allows on /compare, so the form can say so before any call. */
export interface ComparePlan {
  plan: "free" | "pro" | "agency" | "enterprise";
  planName: string;
  compareLimit: number;
  marketplaces: Marketplace[];
  /** Whether the compare may show rank history, and over how many days at most. */
  historyDays: number;
  exportsPerDay: number | null;
}
