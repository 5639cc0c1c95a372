import { DurableObject } from "cloudflare:workers";
import { emptyBucket, followStatedRate, landedBy, penalize, takeFreeTokens, takeToken, type BucketLimits, type BucketState, type Grant, type Priority } from "./token-bucket";

const STATE_KEY = "bucket";

export interface TakeRequest {
  limits: BucketLimits;
  priority: Priority;
  /** The caller's clock: Date.now() in production, a virtual clock in tests and the simulation. */
  nowMs: number;
  maxWaitMs: number;
  /** Batch only: take up to this many tokens that are free now (default 1). */
  count?: number;
}

/**
 * The one authority on a credential's budget (one object per bucket name, see token-bucket.ts
 * for the rules). A Durable Object runs one call at a time, so every Worker that shares the
 * credential sees one bucket. The state lives in memory; a 429's pause and a stated rate are
 * also written to storage so that an evicted object still honours them.
 */
export class UpstreamBudget extends DurableObject {
  private state: BucketState = emptyBucket();

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.state = (await ctx.storage.get<BucketState>(STATE_KEY)) ?? emptyBucket();
    });
  }

  async take(request: TakeRequest): Promise<Grant> {
    const { state, grant } =
      request.priority === "batch" && (request.count ?? 1) > 1
        ? takeFreeTokens(this.state, request.limits, request.nowMs, request.count!)
        : takeToken(this.state, request.limits, request.priority, request.nowMs, request.maxWaitMs);
    this.state = state;
    return grant;
  }

  async penalize(nowMs: number, retryAfterSeconds: number): Promise<BucketState> {
    this.state = penalize(this.state, nowMs, retryAfterSeconds);
    await this.ctx.storage.put(STATE_KEY, this.state);
    return this.state;
  }

  /** The upstream stated the bucket's rate; kept in storage, as a pause is, so that it outlives an eviction. */
  private async follow(limits: BucketLimits, nowMs: number, ratePerSecond: number): Promise<void> {
    const next = followStatedRate(this.state, limits, nowMs, ratePerSecond);
    if (next === this.state) return;
    this.state = next;
    await this.ctx.storage.put(STATE_KEY, this.state);
  }

  /**
   * A call granted from the bucket was answered at nowMs (landedBy), stating `statedRate` if it
   * did: one round trip for both. The landing stays in memory, as grants do.
   */
  async landed(limits: BucketLimits, nowMs: number, statedRate?: number): Promise<void> {
    if (statedRate !== undefined) await this.follow(limits, nowMs, statedRate);
    this.state = landedBy(this.state, limits, nowMs);
  }

  async peek(): Promise<BucketState> {
    return this.state;
  }
}
