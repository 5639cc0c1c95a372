import { COMPARE_MAX_ASINS, type BreakdownItem, type CompareItem } from "../contract/compare";
import type { Marketplace } from "../contract/marketplaces";
import { PRO_PLAN, type Plan } from "../contract/plans";
import type { LookupResult } from "../contract/product";
import { busyDetail, type LookupOutcome } from "../lookup/lookup-service";
import { limitExceededDetail, type LookupLimits } from "../ratelimit/lookup-limit";
import type { WindowDecision } from "../ratelimit/window";

/** How many ASINs one compare on `plan` may hold. */
export function compareLimitOf(plan: Plan): number {
  return Math.min(plan.compareLimit ?? COMPARE_MAX_ASINS, COMPARE_MAX_ASINS);
}

/** Why a compare of `asins` in `marketplace` is beyond `plan`, or null when it is allowed. */
export function compareRefusal(plan: Plan, asins: readonly string[], marketplace: Marketplace): string | null {
  const limit = compareLimitOf(plan);
  if (asins.length > limit) {
    const more = plan.id === "free" ? ` Upgrade to ${PRO_PLAN.name} to compare up to ${compareLimitOf(PRO_PLAN)}.` : "";
    return `Your ${plan.name} plan compares up to ${limit} ASINs at once; you asked for ${asins.length}.${more}`;
  }
  if (!plan.marketplaces.includes(marketplace)) {
    return `Your ${plan.name} plan covers ${plan.marketplaces.join(", ")}. Upgrade to ${PRO_PLAN.name} to compare in ${marketplace}.`;
  }
  return null;
}

type Answer = { ok: true; product: LookupResult } | { ok: false; error: "not_found" | "not_accessible" | "unavailable"; detail: string };

/** One lookup's outcome as a compare column or a breakdown row says it. */
function answerOf(outcome: LookupOutcome | undefined): Answer {
  if (!outcome) return { ok: false, error: "unavailable", detail: "No answer for this ASIN. Please try again." };
  return outcome.ok ? { ok: true, product: outcome.result } : { ok: false, error: outcome.reason, detail: outcome.detail };
}

/** The compare's columns in the order asked, from the lookups' outcomes. */
export function compareItems(asins: readonly string[], outcomes: ReadonlyMap<string, LookupOutcome>): CompareItem[] {
  return asins.map((asin) => ({ asin, ...answerOf(outcomes.get(asin)) }));
}

/** A breakdown's rows in the plan's marketplace order, from each marketplace's lookup. */
export function breakdownItems(marketplaces: readonly Marketplace[], outcomes: ReadonlyMap<Marketplace, LookupOutcome>): BreakdownItem[] {
  return marketplaces.map((marketplace) => ({ marketplace, ...answerOf(outcomes.get(marketplace)) }));
}

/** Why `plan` has no marketplace breakdown (one marketplace), or null. */
export function breakdownRefusal(plan: Plan): string | null {
  return plan.marketplaces.length > 1 ? null : `Marketplace breakdowns come with ${PRO_PLAN.name}: your ${plan.name} plan covers ${plan.marketplaces.join(", ")}.`;
}

/**
 * When Amazon failed for every ASIN, the compare (and its export) answers 503 rather than a
 * table of errors, with the longest Retry-After any outcome asked for (30 s when none did). The
 * detail is the lookup's own when it is not "try again": a refusal for good (the store's partner
 * tag: retrying cannot help) or RankLayer's own budget being busy (with its wait). Null when any
 * ASIN has an answer of its own.
 */
export function compareOutage(outcomes: ReadonlyMap<string, LookupOutcome>): { detail: string; retryAfterSeconds: number } | null {
  const failures = [...outcomes.values()].flatMap((o) => (!o.ok && o.reason === "unavailable" ? [o] : []));
  if (failures.length === 0 || failures.length !== outcomes.size) return null;
  const waits = failures.flatMap((o) => (o.retryAfterSeconds ? [o.retryAfterSeconds] : []));
  const retryAfterSeconds = waits.length > 0 ? Math.max(...waits) : 30;
  const refused = failures.find((o) => o.refused);
  if (refused) return { detail: refused.detail, retryAfterSeconds };
  if (failures.every((o) => o.busy)) return { detail: busyDetail(retryAfterSeconds), retryAfterSeconds };
  return { detail: "Product data is temporarily unavailable. Please try again shortly.", retryAfterSeconds };
}

/**
 * Why a compare's lookups (one per ASIN) were refused: a month with some left but fewer than
 * `count` says how many; otherwise the refusing window's own words.
 */
export function compareLimitDetail(decision: WindowDecision, count: number, limits: LookupLimits): string {
  return decision.exceeded === "month" && decision.remaining > 0
    ? `This compare needs ${count} lookups and ${decision.remaining} are left this month. Remove some ASINs or upgrade to Pro.`
    : limitExceededDetail(decision, limits);
}
