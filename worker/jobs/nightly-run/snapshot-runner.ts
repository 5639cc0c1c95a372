import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../../env";
import { buildServices } from "../../services";
import type { RunNotes } from "./slice";
import { armAfterFailure } from "../alarm-retry";

const DAY_KEY = "day";
/** Slices in a row that threw (under the day's prefix, dropped with its notes). */
const FAILED_SLICES_KEY = "failedSlices";

/**
 * Drives a day's nightly run as an alarm chain (the class keeps its first name: wrangler.toml
 * binds it, and renaming a Durable Object class takes a migration): each alarm runs one bounded slice
 * (runNightlySlice) and sets the next alarm until the run is done. The cursor lives in
 * D1 (job_runs), so an evicted or lost object resumes where the last slice stopped. A slice that
 * throws arms the chain again after a backoff (alarm-retry.ts), whatever the runtime's retries.
 */
export class SnapshotRunner extends DurableObject<Bindings> {
  /** Set while a slice runs: an alarm that fires meanwhile must not start a second one. */
  private running = false;

  /**
   * Points the chain at `day` and arms it now, unless that day's chain is already armed or
   * running. A new day takes over from an unfinished earlier one, whose notes are dropped.
   */
  async start(day: string): Promise<void> {
    const storage = this.ctx.storage;
    const previous = await storage.get<string>(DAY_KEY);
    if (previous !== day) {
      const stale = [...(await storage.list()).keys()].filter((key) => key !== DAY_KEY && !key.startsWith(`${day}:`));
      for (let i = 0; i < stale.length; i += 128) await storage.delete(stale.slice(i, i + 128));
      await storage.put(DAY_KEY, day);
    }
    if (this.running) return;
    if (previous !== day || (await storage.getAlarm()) === null) await storage.setAlarm(Date.now());
  }

  async alarm(): Promise<void> {
    const day = await this.ctx.storage.get<string>(DAY_KEY);
    if (!day || this.running) return;
    this.running = true;
    try {
      // The run loads on the first alarm: a fetch never needs it (index.ts).
      const [{ runNightlySlice }, { runExtraRefresh }, { findNightlyRun }] = await Promise.all([import("./start"), import("./extra-refresh"), import("../nightly-run-store")]);
      if ((await findNightlyRun(this.env.DB, day))?.status === "done") {
        // The day's nightly run is over: this alarm is an extra (hourly / 6-hourly) refresh. One that
        // fails is that hour's: the next hour's is armed all the same, or the chain would end for the day.
        await runExtraRefresh(buildServices(this.env)).then(
          (result) => console.log("extra refresh", JSON.stringify(result)),
          (error: unknown) => console.error("extra refresh failed; the next hour's goes on:", error instanceof Error ? error.message : error),
        );
        await this.armExtraRefresh();
        await this.takeOverIfNewDay(day);
        return;
      }
      let result;
      try {
        result = await runNightlySlice(buildServices(this.env), day, { notes: this.notes() });
      } catch (error) {
        // Its own retry, not the runtime's few: a long D1 outage must not end the day's run (alarm-retry.ts).
        await armAfterFailure(this.ctx.storage, `${day}:${FAILED_SLICES_KEY}`, `snapshot ${day}: slice`, error);
        await this.takeOverIfNewDay(day);
        return;
      }
      await this.ctx.storage.delete(`${day}:${FAILED_SLICES_KEY}`);
      if (result.status === "more") {
        await this.ctx.storage.setAlarm(Math.max(result.resumeAt, Date.now()));
      } else {
        // The run is over: drop its notes (attempt counters and totals), keep nothing else.
        const keys = await this.ctx.storage.list({ prefix: `${day}:` });
        await this.ctx.storage.delete([...keys.keys()]);
        await this.armExtraRefresh();
      }
      await this.takeOverIfNewDay(day);
    } finally {
      this.running = false;
    }
  }

  /**
   * A start for a new day that came while the alarm of `day` ran found it running and armed
   * nothing (the hourly refresh's alarm fires at 02:00, with the cron): that day's run begins now.
   */
  private async takeOverIfNewDay(day: string): Promise<void> {
    if ((await this.ctx.storage.get<string>(DAY_KEY)) !== day) await this.ctx.storage.setAlarm(Date.now());
  }

  /** Wakes at the next hour when some user's Data Refresh asks for more than the nightly run. */
  private async armExtraRefresh(): Promise<void> {
    const { nextExtraRefreshAt } = await import("./extra-refresh");
    const at = await nextExtraRefreshAt(this.env, Date.now());
    if (at !== null) await this.ctx.storage.setAlarm(at);
  }

  private notes(): RunNotes {
    const storage = this.ctx.storage;
    return {
      get: (key) => storage.get<number>(key),
      put: (key, value) => storage.put(key, value),
      delete: (key) => storage.delete(key),
    };
  }
}
