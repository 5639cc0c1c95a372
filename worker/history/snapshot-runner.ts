import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../env";
import type { RunNotes } from "./slice";
import { runSnapshotSlice } from "./snapshot-run";

const DAY_KEY = "day";

/**
 * Drives a day's snapshot run as an alarm chain: each alarm runs one bounded slice
 * (runSnapshotSlice) and sets the next alarm until the run is done. The cursor lives in
 * D1 (job_runs), so an evicted or lost object resumes where the last slice stopped.
 */
export class SnapshotRunner extends DurableObject<Bindings> {
  /** Set while a slice runs: an alarm that fires meanwhile must not start a second one. */
  private running = false;

  /** Points the chain at `day` and arms it now, unless an alarm is already pending. */
  async start(day: string): Promise<void> {
    await this.ctx.storage.put(DAY_KEY, day);
    if ((await this.ctx.storage.getAlarm()) === null && !this.running) await this.ctx.storage.setAlarm(Date.now());
  }

  async alarm(): Promise<void> {
    const day = await this.ctx.storage.get<string>(DAY_KEY);
    if (!day || this.running) return;
    this.running = true;
    try {
      const result = await runSnapshotSlice(this.env, day, { notes: this.notes() });
      if (result.status === "more") {
        await this.ctx.storage.setAlarm(Math.max(result.resumeAt, Date.now()));
      } else {
        // The run is over: drop its notes (attempt counters and totals), keep nothing else.
        const keys = await this.ctx.storage.list({ prefix: `${day}:` });
        await this.ctx.storage.delete([...keys.keys()]);
      }
    } finally {
      this.running = false;
    }
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
