import { DurableObject } from "cloudflare:workers";
import { hitWindow, type WindowCount, type WindowDecision, type WindowLimit } from "./fixed-window";
import { decideHourly, type HourlyDecision } from "./hourly-policy";
import { decide, type LimitDecision, type LookupLimits, type WindowCounts } from "./policy";

const COUNTS_KEY = "counts";
const WINDOW_KEY_PREFIX = "window:";
const HOURLY_KEY = "hourly";
/** A client's counters are erased this long after its last request (the privacy page promises 30 days). */
const RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The authority on one client's limits: the lookup quota, and named fixed-window
 * counters such as contact messages per hour. Durable Objects run one request at
 * a time per instance, so the read-decide-write below cannot race with itself; the
 * counts live in memory and storage only carries them across evictions.
 */
export class RateLimiter extends DurableObject {
  private counts: WindowCounts | undefined;
  /** Named fixed-window counters, read from storage on first use. */
  private windows = new Map<string, WindowCount | undefined>();

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.counts = await ctx.storage.get<WindowCounts>(COUNTS_KEY);
    });
  }

  /** "lease" grants and counts a block of lookups (see policy.leaseSize); "peek" only reports. */
  async check(limits: LookupLimits, request: "lease" | "peek"): Promise<LimitDecision> {
    const now = Date.now();
    const { counts, decision } = decide(this.counts, limits, now, request);
    if (decision.granted > 0) {
      this.counts = counts;
      // The answer need not wait for the disk: if this write were lost, the client
      // would be charged less, never more.
      await this.ctx.storage.put(COUNTS_KEY, counts, { allowUnconfirmed: true });
      // Re-arm the erase on the first grant of each minute rather than on every grant.
      if (counts.minuteCount === decision.granted) await this.ctx.storage.setAlarm(now + RETENTION_MS);
    }
    return decision;
  }

  /** Counts one hit on the named counter unless its window is full. */
  async hit(name: string, limit: WindowLimit): Promise<WindowDecision> {
    const key = WINDOW_KEY_PREFIX + name;
    if (!this.windows.has(name)) this.windows.set(name, await this.ctx.storage.get<WindowCount>(key));
    const now = Date.now();
    const { count, decision } = hitWindow(this.windows.get(name), limit, now);
    if (decision.allowed) {
      this.windows.set(name, count);
      await this.ctx.storage.put(key, count, { allowUnconfirmed: true });
      await this.ctx.storage.setAlarm(now + RETENTION_MS);
    }
    return decision;
  }

  /** The API key limit of one account: "lease" grants and counts a block of this hour's requests; "peek" reports. */
  async checkHourly(limit: number, request: "lease" | "peek"): Promise<HourlyDecision> {
    if (!this.windows.has(HOURLY_KEY)) this.windows.set(HOURLY_KEY, await this.ctx.storage.get<WindowCount>(HOURLY_KEY));
    const now = Date.now();
    const { count, decision } = decideHourly(this.windows.get(HOURLY_KEY), limit, now, request);
    if (decision.granted > 0) {
      this.windows.set(HOURLY_KEY, count);
      await this.ctx.storage.put(HOURLY_KEY, count, { allowUnconfirmed: true });
      if (count.count === decision.granted) await this.ctx.storage.setAlarm(now + RETENTION_MS);
    }
    return decision;
  }

  /** Answers at once: the status page's proof that Durable Objects are reachable. */
  ping(): "pong" {
    return "pong";
  }

  async alarm(): Promise<void> {
    this.counts = undefined;
    this.windows.clear();
    await this.ctx.storage.deleteAll();
  }
}
