/**
 * Plan facts worded for marketing copy. Every number comes from the plan table the server
 * enforces its limits with, so the pages can never promise more than it allows.
 */
import type { Plan } from "@contract/plans";
import { groupDigits } from "./group-digits";

/** "100 lookups a month", or "Unlimited lookups" for a plan without a monthly cap. */
export function lookupAllowance(plan: Plan): string {
  return plan.lookupsPerMonth === null
    ? "Unlimited lookups"
    : `${groupDigits(plan.lookupsPerMonth)} lookups a month`;
}

/** "up to 5 ASINs"; a plan without a cap (Enterprise) has its limit agreed with sales. */
export function compareAllowance(plan: Plan): string {
  return plan.compareLimit === null ? "as many ASINs as agreed with sales" : `up to ${plan.compareLimit} ASINs`;
}

/** "5 exports a day", or "CSV and PDF exports" for a plan without a daily cap. */
export function exportAllowance(plan: Plan): string {
  return plan.exportsPerDay === null ? "CSV and PDF exports" : `${plan.exportsPerDay} exports a day`;
}

/** "$49 a month", "$0", or "Custom pricing". */
export function monthlyPrice(plan: Plan): string {
  if (plan.priceUsd === null) return "Custom pricing";
  return plan.priceUsd === 0 ? "$0" : `$${plan.priceUsd} a month`;
}

/** ["US", "UK", "JP"] → "US, UK and JP". */
export function listMarketplaces(codes: readonly string[]): string {
  if (codes.length <= 1) return codes.join("");
  return `${codes.slice(0, -1).join(", ")} and ${codes.at(-1)}`;
}
