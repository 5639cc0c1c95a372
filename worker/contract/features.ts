import type { Plan } from "./plans";

// Made on first use, not at module load: the first Intl formatter loads locale data, which cost
// about 10 ms of every Worker start-up when this was a module-level constant.
let number: Intl.NumberFormat | undefined;

/** "1 export", "5 exports", "1,000 API requests". */
export function count(n: number, noun: string): string {
  number ??= new Intl.NumberFormat("en-US");
  return `${number.format(n)} ${noun}${n === 1 ? "" : "s"}`;
}

/**
 * The feature list shown for a plan, read from its facts, so the pricing page can
 * never promise more (or less) than the limits the server enforces.
 */
export function planFeatures(plan: Plan): string[] {
  if (plan.priceUsd === null) {
    return [
      "Custom pricing",
      "Everything in Pro",
      "Multi-account aggregation",
      `${plan.marketplaces.join(", ")} marketplaces`,
      "Priority support",
      "Contact sales",
    ];
  }
  const features = [
    plan.lookupsPerMonth === null ? "Unlimited lookups" : `${count(plan.lookupsPerMonth, "lookup")} per month`,
  ];
  if (plan.compareLimit !== null) features.push(`Compare up to ${count(plan.compareLimit, "ASIN")}`);
  features.push(
    plan.exportsPerDay === null ? "CSV and PDF exports" : `${count(plan.exportsPerDay, "export")} per day`,
  );
  features.push(
    plan.marketplaces.length === 1
      ? `${plan.marketplaces[0]} marketplace`
      : `${plan.marketplaces.join(", ")} marketplaces`,
  );
  if (plan.apiRequestsPerHour !== null) {
    features.push(`${count(plan.apiRequestsPerHour, "API request")} per hour`, "API access key");
  }
  if (plan.perConnection) {
    // Only the per-connection plan lists its team and client limits: the others stay as they were sold.
    if (plan.sellerConnectionLimit !== null) features.push(`Up to ${count(plan.sellerConnectionLimit, "seller account")}`);
    if (plan.memberLimit !== null) features.push(`Up to ${count(plan.memberLimit, "team member")}`);
    if (plan.watchlistLimit !== null) features.push(`${count(plan.watchlistLimit, "tracked ASIN")}`);
    features.push("Hourly and 6-hourly refresh", "Reports under your agency's name");
  }
  if (plan.prioritySupport) features.push("Priority support");
  return features;
}

export interface PlanSummary {
  id: Plan["id"];
  name: string;
  /** USD per month; null for a price agreed with sales. With per_connection, per connected seller account. */
  price_usd: number | null;
  /** Priced per connected seller account per month (Agency). */
  per_connection?: true;
  features: string[];
}

export function planSummary(plan: Plan): PlanSummary {
  return { id: plan.id, name: plan.name, price_usd: plan.priceUsd, ...(plan.perConnection && { per_connection: true as const }), features: planFeatures(plan) };
}
