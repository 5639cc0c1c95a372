import { planOfUser } from "../billing/user-plan";
import type { Config } from "../config";
import type { Marketplace } from "../contract/marketplaces";
import type { Plan } from "../contract/plans";
import type { Bindings, SignedInAccount } from "../env";
import { recordLookupSnapshot } from "../history/lookup-snapshot";
import { clientKey, peekLookup, takeLookup, type LookupClient } from "../ratelimit/lookup-limit";
import type { LimitDecision, LookupLimits } from "../ratelimit/policy";
import { productSourceFor } from "../upstreams/creators/select";
import { LookupCache } from "./cache";
import { logLookup } from "./lookup-log-store";
import { lookupProducts, type LookupOutcome } from "./lookup-service";

type WaitUntil = { waitUntil(promise: Promise<unknown>): void };

/** Whose lookup allowance a request spends: the client's address when anonymous, else the account under its plan. */
export interface LookupPayer {
  client: LookupClient;
  /** The signed-in user's plan; null when anonymous. */
  plan: Plan | null;
}

/**
 * The one lookup use case, behind GET /api/v1/lookup, the compare, the exports (and the
 * extension): the caller's quota, then the 24-hour cache and the product source, each
 * product logged and kept as that day's rank-history point.
 */
export interface Lookups {
  /** Anonymous callers are counted by address; a signed-in user by account, under their plan. */
  payerOf(request: Request, user: SignedInAccount["user"] | null): Promise<LookupPayer>;
  /** The payer's figures without spending anything. */
  peek(payer: LookupPayer): Promise<LimitDecision>;
  /** Spends `count` lookups, or none when the allowance cannot cover them all. */
  take(payer: LookupPayer, count: number): Promise<LimitDecision>;
  /** Several products of one marketplace (one batched upstream call for the misses), logged and kept in history. */
  many(ctx: WaitUntil, asins: readonly string[], marketplace: Marketplace): Promise<Map<string, LookupOutcome>>;
  one(ctx: WaitUntil, asin: string, marketplace: Marketplace): Promise<LookupOutcome>;
}

export function createLookups(env: Bindings, config: Config): Lookups {
  const limits: LookupLimits = { perMinute: config.vars.LOOKUP_LIMIT_PER_MINUTE, perMonth: config.vars.LOOKUP_LIMIT_PER_MONTH };
  let cache: LookupCache | undefined;

  async function many(ctx: WaitUntil, asins: readonly string[], marketplace: Marketplace) {
    const started = Date.now();
    cache ??= new LookupCache(env.LOOKUP_CACHE);
    const outcomes = await lookupProducts(
      { source: productSourceFor(env, marketplace), cache, now: Date.now, refreshAfterMs: config.vars.LOOKUP_REFRESH_AFTER_SECONDS * 1000 },
      asins,
      marketplace,
    );
    const durationMs = Date.now() - started;
    for (const [asin, outcome] of outcomes) {
      const row = { asin, marketplace, status: outcome.ok ? 200 : outcome.status, source: outcome.ok ? outcome.result.source : null, durationMs };
      logLookup(env.DB, ctx, row, config.vars.LOOKUP_LOG_FLUSH_MS);
      if (outcome.ok) recordLookupSnapshot(env, ctx, outcome);
    }
    return outcomes;
  }

  return {
    async payerOf(request, user) {
      if (!user) return { client: { key: clientKey(request), limits }, plan: null };
      const plan = await planOfUser(env.DB, user);
      // No monthly cap on the plan (Pro): only the per-minute limit applies.
      const perMonth = plan.lookupsPerMonth === null ? Number.MAX_SAFE_INTEGER : limits.perMonth;
      return { client: { key: `user:${user.id}`, limits: { ...limits, perMonth } }, plan };
    },
    peek: (payer) => peekLookup(env, payer.client),
    async take(payer, count) {
      if (count === 1) return takeLookup(env, payer.client);
      const peek = await peekLookup(env, payer.client);
      if (!peek.allowed || peek.remaining < count) return { ...peek, allowed: false, exceeded: peek.exceeded ?? "month" };
      let decision = peek;
      for (let i = 0; i < count; i += 1) {
        decision = await takeLookup(env, payer.client);
        if (!decision.allowed) break;
      }
      return decision;
    },
    many,
    one: async (ctx, asin, marketplace) => (await many(ctx, [asin], marketplace)).get(asin)!,
  };
}
