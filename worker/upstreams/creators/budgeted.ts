import type { Marketplace } from "../../contract/marketplaces";
import type { BudgetClient } from "../budget/budget-client";
import { UpstreamError, type GetItemsOptions, type ItemOutcome, type ProductSource } from "./product-source";

export interface BudgetClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: BudgetClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The least time a lookup's call keeps for itself out of UPSTREAM_TIMEOUT_MS (at most half of it). */
export const MIN_CALL_MS = 1500;

export interface BudgetedOptions {
  /**
   * interactive: each call takes a token first, waiting at most maxWaitMs for it, else it is
   * refused as throttled without reaching Amazon. prepaid: the caller took the token itself
   * (the snapshot run, which asks at batch priority and schedules around the answer).
   */
  mode: "interactive" | "prepaid";
  maxWaitMs: number;
  clock?: BudgetClock;
}

/**
 * A ProductSource that spends its credential's budget: the bucket of the call's marketplace
 * region, shared by every caller, and told about every 429 so that all of them back off.
 */
export class BudgetedProductSource implements ProductSource {
  readonly kind: "live" | "mock";
  private readonly clock: BudgetClock;

  constructor(
    private readonly inner: ProductSource,
    private readonly budgetOf: (marketplace: Marketplace) => BudgetClient,
    private readonly options: BudgetedOptions,
  ) {
    this.kind = inner.kind;
    this.clock = options.clock ?? systemClock;
  }

  async ready(options?: GetItemsOptions): Promise<void> {
    await this.inner.ready?.(options);
  }

  async getItems(asins: readonly string[], marketplace: Marketplace): Promise<Map<string, ItemOutcome>> {
    const budget = this.budgetOf(marketplace);
    if (this.options.mode === "prepaid") return this.call(budget, () => this.inner.getItems(asins, marketplace));
    const started = this.clock.now();
    // The access token first, so the slot taken next is the call's own (ProductSource.ready).
    await this.ready({ timeoutMs: this.options.maxWaitMs });
    // The wait and the call share one bound: the call keeps at least its minimum share.
    const callShare = Math.min(MIN_CALL_MS, this.options.maxWaitMs / 2);
    let refused: UpstreamError | undefined;
    for (;;) {
      const now = this.clock.now();
      const left = this.options.maxWaitMs - (now - started);
      const grant = await budget.take("interactive", now, left - callShare);
      if (!grant.ok) {
        // Amazon's own 429, when its pause outlasts the lookup's time.
        if (refused) throw refused;
        // Our own budget said no: Amazon was not asked, so this is "busy", never an Amazon failure.
        throw new UpstreamError("busy", "the credential's request budget is spent for now", Math.max(1, Math.ceil((grant.retryAt - now) / 1000)));
      }
      if (grant.waitMs > 0) await this.clock.sleep(grant.waitMs);
      try {
        return await this.call(budget, () => this.inner.getItems(asins, marketplace, { timeoutMs: left - grant.waitMs }));
      } catch (error) {
        // A 429 is tried once more, in the first slot after the pause it caused, when the lookup's time allows.
        if (refused || !(error instanceof UpstreamError && error.kind === "throttled")) throw error;
        refused = error;
      }
    }
  }

  /** One call to Amazon; a 429, or a 503 that says when to come back, pauses every caller of the credential (capped at an hour). */
  private async call(budget: BudgetClient, send: () => Promise<Map<string, ItemOutcome>>): Promise<Map<string, ItemOutcome>> {
    try {
      return await send();
    } catch (error) {
      if (error instanceof UpstreamError && (error.kind === "throttled" || (error.kind === "unavailable" && error.retryAfterSeconds !== undefined))) {
        await budget.penalize(this.clock.now(), error.retryAfterSeconds ?? 1);
      }
      throw error;
    }
  }
}
