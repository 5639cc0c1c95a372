import { planOfAccount } from "../billing/user-plan";
import type { Config } from "../config";
import type { Marketplace } from "../contract/marketplaces";
import type { Plan } from "../contract/plans";
import type { SignedInAccount } from "../env";
import { clientKey, countedByAddress, lookupLimits, type LookupClient, type LookupLimits } from "../ratelimit/lookup-limit";
import type { WindowDecision } from "../ratelimit/window";
import type { ProductSource } from "../upstreams/creators/product-source";
import type { LookupCache } from "./cache";
import { logLookup } from "./lookup-log-store";
import { markLookupRefusal } from "./lookup-attention";
import { lookupProducts, type LookupOutcome } from "./lookup-service";

type WaitUntil = { waitUntil(promise: Promise<unknown>): void };
type SuccessfulLookup = Extract<LookupOutcome, { ok: true }>;

/** What the use case is built from (services.ts wires the real ones; tests may pass fakes). */
export interface LookupDeps {
  db: D1Database;
  config: Config;
  /** The product source of a marketplace: live with its region's credentials, or the labelled mock. */
  source(marketplace: Marketplace): ProductSource;
  /** The 24-hour cache; asked for on the first lookup only. */
  cache(): LookupCache;
  /** Keeps a fresh product as that day's rank-history point, after the answer (through ctx). */
  recordPoint(ctx: WaitUntil, lookup: SuccessfulLookup): void;
  /** The lookup limiter: spend one lookup of the client, or read its figures. */
  take(client: LookupClient): Promise<WindowDecision>;
  peek(client: LookupClient): Promise<WindowDecision>;
  /** Gives back lookups the client paid for and did not get. */
  giveBack(client: LookupClient, amount: number): Promise<void>;
}

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
  /** Anonymous callers are counted by address; a signed-in caller by their current workspace, under its plan. */
  payerOf(request: Request, account: SignedInAccount | null): Promise<LookupPayer>;
  /** The payer's figures without spending anything. */
  peek(payer: LookupPayer): Promise<WindowDecision>;
  /** Spends `count` lookups, or none when the allowance cannot cover them all. */
  take(payer: LookupPayer, count: number): Promise<WindowDecision>;
  /**
   * Gives back, after the answer, the lookups paid for outcomes Amazon (or RankLayer's own
   * budget) failed to answer: a fault of ours or Amazon's costs the caller nothing. An unknown
   * ASIN (404) was answered, and stays counted.
   */
  giveBackFailed(ctx: WaitUntil, payer: LookupPayer, outcomes: Iterable<LookupOutcome>): void;
  /** Several products of one marketplace (one batched upstream call for the misses), logged and kept in history. */
  many(ctx: WaitUntil, asins: readonly string[], marketplace: Marketplace): Promise<Map<string, LookupOutcome>>;
  one(ctx: WaitUntil, asin: string, marketplace: Marketplace): Promise<LookupOutcome>;
}

/** A lookup Amazon (or RankLayer's own budget) failed to answer, given back to its payer; an unknown ASIN (404) was answered. */
export const lookupFailed = (outcome: LookupOutcome): boolean => !outcome.ok && outcome.status !== 404;

export function createLookups(deps: LookupDeps): Lookups {
  const { vars } = deps.config;
  const limits: LookupLimits = lookupLimits(deps.config);
  let cache: LookupCache | undefined;

  async function many(ctx: WaitUntil, asins: readonly string[], marketplace: Marketplace) {
    const started = Date.now();
    cache ??= deps.cache();
    const outcomes = await lookupProducts(
      {
        source: deps.source(marketplace),
        cache,
        now: Date.now,
        refreshAfterMs: vars.LOOKUP_REFRESH_AFTER_SECONDS * 1000,
        background: (work) => ctx.waitUntil(work),
      },
      asins,
      marketplace,
    );
    const durationMs = Date.now() - started;
    for (const [asin, outcome] of outcomes) {
      // A refusal by our own budget is logged as "busy": /status never counts it as an Amazon failure.
      const row = { asin, marketplace, status: outcome.ok ? 200 : outcome.status, source: outcome.ok ? outcome.result.source : outcome.busy ? "busy" : null, durationMs };
      logLookup(deps.db, ctx, row, vars.LOOKUP_LOG_FLUSH_MS);
      if (outcome.ok) deps.recordPoint(ctx, outcome);
    }
    // One call failed for all of them: one mark, after the answer (also when a cached copy answered instead).
    const refused = [...outcomes.values()].find((outcome) => outcome.refused)?.refused;
    if (refused) {
      ctx.waitUntil(markLookupRefusal(deps.db, deps.config.creatorsRegions, marketplace, refused, new Date().toISOString()).catch((error: unknown) => console.error("attention mark failed", error)));
    }
    return outcomes;
  }

  return {
    async payerOf(request, account) {
      if (!account) return { client: { key: clientKey(request), limits }, plan: null };
      const plan = await planOfAccount(deps.db, account);
      // A Free demo account's lookups are its address's, as a visitor's are.
      if (countedByAddress(account) && plan.lookupsPerMonth !== null) return { client: { key: clientKey(request), limits }, plan };
      // No monthly cap on the plan (Pro): only the per-minute limit applies.
      const perMonth = plan.lookupsPerMonth === null ? Number.MAX_SAFE_INTEGER : limits.perMonth;
      return { client: { key: `user:${account.workspace.id}`, limits: { ...limits, perMonth } }, plan };
    },
    peek: (payer) => deps.peek(payer.client),
    async take(payer, count) {
      if (count === 1) return deps.take(payer.client);
      const peek = await deps.peek(payer.client);
      // Short of `count`: the window that is short is the one the peek's figures are of.
      if (!peek.allowed || peek.remaining < count) return { ...peek, allowed: false, exceeded: peek.exceeded ?? peek.window };
      let decision = peek;
      for (let taken = 0; taken < count; taken += 1) {
        decision = await deps.take(payer.client);
        // Another request spent the rest meanwhile: none of the `count` is kept.
        if (!decision.allowed) {
          await deps.giveBack(payer.client, taken);
          break;
        }
      }
      return decision;
    },
    giveBackFailed(ctx, payer, outcomes) {
      const failed = [...outcomes].filter(lookupFailed).length;
      if (failed === 0) return;
      ctx.waitUntil(deps.giveBack(payer.client, failed).catch((error: unknown) => console.error("lookup give-back failed", error)));
    },
    many,
    one: async (ctx, asin, marketplace) => (await many(ctx, [asin], marketplace)).get(asin)!,
  };
}
