import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../../env";
import { buildServices } from "../../services";
import { alertWaitDeadline, checkTimeAt } from "./alert-wait";
import { armAfterFailure } from "../alarm-retry";
import { utcDay } from "../../contract/time";

const CHECK_TIME_KEY = "checkTime";
/** Check times of earlier days whose check a later day's replaced: their daily reports are still owed. */
const OWED_REPORTS_KEY = "owedReports";
/** When the current check's next step was due, while the alarm first sends owed reports. */
const STEP_AT_KEY = "stepAt";
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
  /**
   * Goes on with the check of `checkTimeMs` shortly, or at `atMs` (the alert check's wait bound).
   * An earlier day's check still unfinished gives way to it (the new check covers its alerts), but
   * its daily report, held back for it, is still owed: the alarm sends it at once.
   */
  async resume(checkTimeMs: number, atMs?: number): Promise<void> {
    const previous = await this.ctx.storage.get<number>(CHECK_TIME_KEY);
    await this.ctx.storage.put(CHECK_TIME_KEY, checkTimeMs);
    let due = nextStepAt(atMs);
    const armed = await this.ctx.storage.getAlarm();
    if (armed !== null && armed < due) due = armed;
    if (previous !== undefined && utcDay(previous) < utcDay(checkTimeMs)) {
      const owed = (await this.ctx.storage.get<number[]>(OWED_REPORTS_KEY)) ?? [];
      await this.ctx.storage.put(OWED_REPORTS_KEY, [...owed, previous]);
    }
    await this.armStep(due);
  }

  /**
   * The invocation checking `checkTimeMs` reports back: the next step at `atMs` (the wait's bound,
   * or now for the rest of a big day), or none (null) when the day's check is complete. A check
   * begun later meanwhile (resume) keeps its own alarm.
   */
  async settle(checkTimeMs: number, atMs: number | null): Promise<void> {
    if ((await this.ctx.storage.get<number>(CHECK_TIME_KEY)) !== checkTimeMs) return;
    if (atMs !== null) return this.armStep(nextStepAt(atMs));
    await this.ctx.storage.delete([CHECK_TIME_KEY, STEP_AT_KEY]);
    if (await this.owesReports()) return this.ctx.storage.setAlarm(nextStepAt());
    await this.ctx.storage.deleteAlarm();
  }

  private async owesReports(): Promise<boolean> {
    return ((await this.ctx.storage.get<number[]>(OWED_REPORTS_KEY)) ?? []).length > 0;
  }

  /** Arms the check's next step at `atMs`; with reports owed, the alarm comes now and keeps the step's time. */
  private async armStep(atMs: number): Promise<void> {
    if (!(await this.owesReports())) return this.ctx.storage.setAlarm(atMs);
    await this.ctx.storage.put(STEP_AT_KEY, atMs);
    await this.ctx.storage.setAlarm(nextStepAt());
  }

  /** Sends the daily reports owed by replaced checks; true when any was owed (the alarm did that, not a step). */
  private async sendOwedReports(): Promise<boolean> {
    const owed = (await this.ctx.storage.get<number[]>(OWED_REPORTS_KEY)) ?? [];
    if (owed.length === 0) return false;
    const { sendLateDailyReport } = await import("../weekly-report/weekly-report");
    const services = buildServices(this.env);
    // Once per period and recipient (report_sends): a retry after a failure sends none twice.
    for (const checkTimeMs of owed) console.log(`daily report of ${utcDay(checkTimeMs)} (late: its check gave way to a later day's)`, JSON.stringify(await sendLateDailyReport(services, checkTimeMs, Date.now())));
    await this.ctx.storage.delete(OWED_REPORTS_KEY);
    return true;
  }

  override async alarm(): Promise<void> {
    try {
      if (await this.sendOwedReports()) {
        const stepAt = await this.ctx.storage.get<number>(STEP_AT_KEY);
        await this.ctx.storage.delete([STEP_AT_KEY, FAILED_STEPS_KEY]);
        if ((await this.ctx.storage.get<number>(CHECK_TIME_KEY)) !== undefined) await this.ctx.storage.setAlarm(nextStepAt(stepAt));
        return;
      }
    } catch (error) {
      await armAfterFailure(this.ctx.storage, FAILED_STEPS_KEY, "late daily reports", error);
      return;
    }
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
