import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { LookupPayer } from "../lookup/lookup-use-case";
import type { WindowDecision } from "../ratelimit/window";
import { compareLimitDetail } from "./compare-rules";

/**
 * One lookup per ASIN of a compare (GET /v1/compare and its export alike), from the caller's
 * allowance: the address, or the signed-in account (Pro's per-minute limit included). Null for a
 * key request, counted against the key's hourly limit already. `refusal`: why the allowance cannot
 * cover them all (then none is taken).
 */
export async function takeCompareLookups(
  c: Context<AppEnv>,
  count: number,
): Promise<{ payer: LookupPayer; decision: WindowDecision; refusal: string | null } | null> {
  if (c.get("apiKey")) return null;
  const { lookups } = c.get("services");
  const payer = await lookups.payerOf(c.req.raw, c.get("account") ?? null);
  const decision = await lookups.take(payer, count);
  return { payer, decision, refusal: decision.allowed ? null : compareLimitDetail(decision, count, payer.client.limits) };
}
