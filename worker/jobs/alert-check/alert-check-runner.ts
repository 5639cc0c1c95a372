import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../../env";
import { buildServices } from "../../services";
import { alertWaitDeadline, checkTimeAt } from "./alert-wait";
import { armAfterFailure } from "../alarm-retry";

const CHECK_TIME_KEY = "checkTime";
/** Steps in a row that threw. */
const FAILED_STEPS_KEY = "failedSteps";
/** A short pause between steps, so a day with many alerts never spins the object. */
const STEP_GAP_MS = 1_000;
/** When the next step may run: after the gap, and not before `atMs` when given. */
const nextStepAt = (atMs?: number) => Math.max(atMs ?? 0, Date.now() + STEP_GAP_MS);

/**
 * Carries on a day's alert check that one invocation could not finish (more than 20,000
 * alerts to check, or a step that failed): each alarm checks the next pages, sends what fired,
 * and re-arms until the day's alerts are all checked, then sends the reports held back for it. Progress lives in D1 (alerts.last_checked_day
 * and last_checked_at against the check's start, kept here), so a lost alarm only delays the rest,
 * and the next night's check picks it up. A step that throws is tried again after a backoff (alarm-retry.ts).
 */
export class AlertCheckRunner extends DurableObject<Bindings> {
  /** Goes on with the check of `checkTimeMs` shortly, or at `atMs` (the alert check's wait bound). */
  async resume(checkTimeMs: number, atMs?: number): Promise<void> {
    await this.ctx.storage.put(CHECK_TIME_KEY, checkTimeMs);
    const due = nextStepAt(atMs);
    const armed = await this.ctx.storage.getAlarm();
    if (armed === null || armed > due) await this.ctx.storage.setAlarm(due);
  }

  /**
   * The invocation checking `checkTimeMs` reports back: the next step at `atMs` (the wait's bound,
   * or now for the rest of a big day), or none (null) when the day's check is complete. A check
   * begun later meanwhile (resume) keeps its own alarm.
   */
  async settle(checkTimeMs: number, atMs: number | null): Promise<void> {
    if ((await this.ctx.storage.get<number>(CHECK_TIME_KEY)) !== checkTimeMs) return;
    if (atMs !== null) return this.ctx.storage.setAlarm(nextStepAt(atMs));
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.delete(CHECK_TIME_KEY);
  }

  override async alarm(): Promise<void> {
    const checkTimeMs = await this.ctx.storage.get<number>(CHECK_TIME_KEY);
    if (checkTimeMs === undefined) return;
    // The check loads on the first alarm: a fetch never needs it (index.ts).
    const { alertCheckStep } = await import("./nightly-check");
    let check;
    try {
      // Every step belongs to the pass begun at checkTimeMs, so none checks a no-data alert twice.
      ({ check } = await alertCheckStep(buildServices(this.env), checkTimeAt(checkTimeMs, Date.now()), { passStartMs: checkTimeMs }));
    } catch (error) {
      // Its own retry, not the runtime's few: a long D1 outage must not end the day's check (alarm-retry.ts).
      await armAfterFailure(this.ctx.storage, FAILED_STEPS_KEY, "alert check step", error);
      return;
    }
    await this.ctx.storage.delete(FAILED_STEPS_KEY);
    console.log("alert check (continued)", JSON.stringify(check));
    // Armed early (a failed step's retry) while the day's run still goes: wait for it, to the bound.
    if (check.deferred) await this.ctx.storage.setAlarm(nextStepAt(alertWaitDeadline(checkTimeMs)));
    // Done, unless a later check began meanwhile (resume): that pass goes on.
    else if (check.complete && (await this.ctx.storage.get<number>(CHECK_TIME_KEY)) === checkTimeMs) {
      // The reports held back for this check (once per period and recipient, report_sends: none goes twice).
      const { sendReports } = await import("../weekly-report/weekly-report");
      console.log("reports (after the continued check)", JSON.stringify(await sendReports(buildServices(this.env), checkTimeMs, undefined, { daily: true, clockMs: Date.now() })));
      await this.ctx.storage.delete(CHECK_TIME_KEY);
    } else await this.ctx.storage.setAlarm(nextStepAt());
  }
}
