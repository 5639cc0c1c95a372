import { DurableObject } from "cloudflare:workers";
import { decideWindows, givenBack, storedCounts, type Take, type Window, type WindowCounts, type WindowDecision } from "./window";

/** A client's counters are erased this long after its last request (the privacy page promises 30 days). */
const RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The authority on one client's limits (window.ts): every limit of the client is a named
 * counter here (its lookups, its API key hour, its exports, its contact messages …). Durable
 * Objects run one request at a time per instance, so the read-decide-write below cannot race
 * with itself; the counts live in memory and storage only carries them across evictions.
 */
export class RateLimiter extends DurableObject {
  /** Counters by name, read from storage on first use. */
  private counters = new Map<string, WindowCounts | undefined>();

  /** Decides one request against the windows of the named counter (see window.ts' Take). */
  async take(counter: string, windows: readonly Window[], take: Take): Promise<WindowDecision> {
    const stored = await this.countsOf(counter, windows);
    const now = Date.now();
    const { counts, decision } = decideWindows(stored, windows, now, take);
    if (decision.granted > 0) {
      this.counters.set(counter, counts);
      // The answer need not wait for the disk: if this write were lost, the client
      // would be charged less, never more.
      await this.ctx.storage.put(counter, counts, { allowUnconfirmed: true });
      // Re-arm the erase on the first grant of the shortest window rather than on every grant.
      const shortest = Object.values(counts).reduce((a, b) => (a.start >= b.start ? a : b));
      if (shortest.count === decision.granted) await this.ctx.storage.setAlarm(now + RETENTION_MS);
    }
    return decision;
  }

  /** Takes back `amount` units of the named counter that paid for work which failed (window.ts' givenBack). */
  async giveBack(counter: string, windows: readonly Window[], amount: number): Promise<void> {
    const counts = givenBack(await this.countsOf(counter, windows), windows, Date.now(), amount);
    if (!counts) return;
    this.counters.set(counter, counts);
    await this.ctx.storage.put(counter, counts, { allowUnconfirmed: true });
  }

  /** The named counter's counts: from memory, else read from storage once. */
  private async countsOf(counter: string, windows: readonly Window[]): Promise<WindowCounts | undefined> {
    if (!this.counters.has(counter)) this.counters.set(counter, storedCounts(await this.ctx.storage.get(counter), windows));
    return this.counters.get(counter);
  }

  /** Answers at once: the status page's proof that Durable Objects are reachable. */
  ping(): "pong" {
    return "pong";
  }

  async alarm(): Promise<void> {
    this.counters.clear();
    await this.ctx.storage.deleteAll();
  }
}
