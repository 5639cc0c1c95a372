import type { Context } from "hono";
import type { Marketplace } from "../contract/marketplaces";
import type { AppEnv } from "../env";
import type { LookupOutcome } from "../lookup/lookup-service";
import { lookupFailed, type LookupPayer } from "../lookup/lookup-use-case";
import type { WindowDecision } from "../ratelimit/window";
import { compareLimitDetail } from "./compare-rules";
import { issueCompareReceipt } from "./compare-receipt";

/** What a compare (or its export) pays: one lookup for each ASIN not already paid for. */
export interface CompareCharge {
  payer: LookupPayer;
  /** The items (ASINs, or a breakdown's marketplaces) this request takes a lookup for, in the order asked. */
  charged: readonly string[];
  /** The allowance after taking them; null when nothing was taken (every ASIN paid for already). */
  decision: WindowDecision | null;
  /** Why the allowance cannot cover them all (then none is taken). */
  refusal: string | null;
}

/**
 * One lookup per item of a compare (its ASINs, for GET /v1/compare and its export; the marketplaces
 * of a breakdown), from the caller's allowance: the address, or the signed-in account (Pro's
 * per-minute limit included), except the items `paidBy` the payer says it paid for already (the
 * export's receipt of the compare it shows). Null for a key request, counted against the key's
 * hourly limit already.
 */
export async function takeCompareLookups(
  c: Context<AppEnv>,
  items: readonly string[],
  paidBy?: (payerKey: string) => Promise<ReadonlySet<string>>,
): Promise<CompareCharge | null> {
  if (c.get("apiKey")) return null;
  const { lookups } = c.get("services");
  const payer = await lookups.payerOf(c.req.raw, c.get("account") ?? null);
  const paid = paidBy ? await paidBy(payer.client.key) : new Set<string>();
  const charged = items.filter((item) => !paid.has(item));
  if (charged.length === 0) return { payer, charged, decision: null, refusal: null };
  const decision = await lookups.take(payer, charged.length);
  return { payer, charged, decision, refusal: decision.allowed ? null : compareLimitDetail(decision, charged.length, payer.client.limits) };
}

/** Gives back, after the answer, the lookups taken for items Amazon (or our budget) failed to answer. */
export function giveBackFailedCompare(c: Context<AppEnv>, charge: CompareCharge | null, outcomes: ReadonlyMap<string, LookupOutcome>): void {
  if (!charge || charge.charged.length === 0) return;
  c.get("services").lookups.giveBackFailed(c.executionCtx, charge.payer, charge.charged.flatMap((item) => outcomes.get(item) ?? []));
}

/** The receipt of what a compare paid for and kept (an unknown ASIN's lookup stays counted); none when it took nothing. */
export async function compareReceipt(c: Context<AppEnv>, charge: CompareCharge | null, marketplace: Marketplace, outcomes: ReadonlyMap<string, LookupOutcome>): Promise<string | undefined> {
  if (!charge) return undefined;
  const kept = charge.charged.filter((asin) => {
    const outcome = outcomes.get(asin);
    return outcome !== undefined && !lookupFailed(outcome);
  });
  return kept.length ? issueCompareReceipt(c.get("services"), charge.payer.client.key, marketplace, kept) : undefined;
}
