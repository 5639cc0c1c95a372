import type { Bindings } from "../../env";
import type { UpstreamBudget } from "./upstream-budget";
import { emptyBucket, followStatedRate, landedBy, penalize, takeFreeTokens, takeToken, type BucketLimits, type Grant, type Priority } from "./token-bucket";

/** What a caller of an upstream needs from its budget, wherever the bucket lives. */
export interface BudgetClient {
  /** `count` (batch only): up to that many tokens free now, in one call; the grant says how many. */
  take(priority: Priority, nowMs: number, maxWaitMs: number, count?: number): Promise<Grant>;
  /** The upstream answered 429 with this Retry-After. */
  penalize(nowMs: number, retryAfterSeconds: number): Promise<void>;
  /**
   * A call granted from the bucket was answered now: the next one is paced from its landing, not its
   * departure; and, when the answer stated a rate (x-amzn-RateLimit-Limit), every caller follows it from now on.
   */
  landed(nowMs: number, statedRate?: number): Promise<void>;
}

/** The shared bucket `name` in its UpstreamBudget Durable Object. */
export function durableBudget(env: Pick<Bindings, "UPSTREAM_BUDGET">, name: string, limits: BucketLimits): BudgetClient {
  // Typed here: the test project's view of Env does not carry the class of this binding.
  const namespace = env.UPSTREAM_BUDGET as DurableObjectNamespace<UpstreamBudget>;
  const stub = () => namespace.get(namespace.idFromName(name));
  return {
    take: (priority, nowMs, maxWaitMs, count) => stub().take({ limits, priority, nowMs, maxWaitMs, count }),
    penalize: async (nowMs, retryAfterSeconds) => void (await stub().penalize(nowMs, retryAfterSeconds)),
    landed: (nowMs, statedRate) => stub().landed(limits, nowMs, statedRate),
  };
}

/** A bucket in this isolate's memory: the simulation, and sources with no shared quota. */
export function localBudget(limits: BucketLimits): BudgetClient {
  let state = emptyBucket();
  return {
    async take(priority, nowMs, maxWaitMs, count = 1) {
      const next = priority === "batch" && count > 1 ? takeFreeTokens(state, limits, nowMs, count) : takeToken(state, limits, priority, nowMs, maxWaitMs);
      state = next.state;
      return next.grant;
    },
    async penalize(nowMs, retryAfterSeconds) {
      state = penalize(state, nowMs, retryAfterSeconds);
    },
    async landed(nowMs, statedRate) {
      if (statedRate !== undefined) state = followStatedRate(state, limits, nowMs, statedRate);
      state = landedBy(state, limits, nowMs);
    },
  };
}

/** A source with no quota (the labelled mock): every token is free at once. */
export const unlimitedBudget: BudgetClient = {
  take: async () => ({ ok: true, waitMs: 0 }),
  penalize: async () => {},
  landed: async () => {},
};
