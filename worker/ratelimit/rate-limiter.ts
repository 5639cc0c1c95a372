import { DurableObject } from "cloudflare:workers";
import { decide, type LimitDecision, type LookupLimits, type WindowCounts } from "./policy";

const COUNTS_KEY = "counts";
/** A client's counters are erased after this long without a request (privacy: at most ~30 days). */
const RETENTION_MS = 31 * 24 * 60 * 60 * 1000;

/**
 * One instance per client key. Durable Objects run one request at a time per
 * instance, so the read-decide-write below cannot race with itself.
 */
export class RateLimiter extends DurableObject {
  async check(limits: LookupLimits, consume: boolean): Promise<LimitDecision> {
    const now = Date.now();
    const stored = this.ctx.storage.kv.get<WindowCounts>(COUNTS_KEY);
    const { counts, decision } = decide(stored, limits, now, consume);
    if (consume && decision.allowed) {
      this.ctx.storage.kv.put(COUNTS_KEY, counts);
      // Re-arm the erase once per active minute rather than on every request.
      if (counts.minuteCount === 1) await this.ctx.storage.setAlarm(now + RETENTION_MS);
    }
    return decision;
  }

  async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
