import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../../env";
import { buildServices } from "../../services";
import { armAfterFailure } from "../alarm-retry";

/** The alarm never fires sooner than this after the last pass, so a stuck row cannot spin it. */
const MIN_ALARM_GAP_MS = 1_000;
/** Passes in a row that failed. */
const FAILED_PASSES_KEY = "failedPasses";

/**
 * Keeps one alarm at the earliest time a pending email or webhook, or a report email to retry,
 * is due. The alarm runs a delivery pass and a report retry pass and re-arms itself while either
 * has rows left. One named instance (NOTIFICATION_RETRY_NAME) serves the whole deployment.
 */
export class NotificationRetry extends DurableObject<Bindings> {
  /** Arms the alarm at `atMs` unless one is already set earlier. */
  async schedule(atMs: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || atMs < current) await this.ctx.storage.setAlarm(atMs);
  }

  override async alarm(): Promise<void> {
    // Loaded on the first alarm: a fetch never needs them (index.ts).
    const [{ deliverDue }, { retryDueReports }] = await Promise.all([import("../delivery/deliver"), import("../weekly-report/report-retry")]);
    const services = buildServices(this.env);
    // Each pass apart: alert deliveries failing on D1 never hold up the reports' retries, nor the other way.
    // A digest that failed on D1 left its rows due at once: a failed pass, as a throwing report pass
    // is, or the alarm would come back every second for as long as D1 fails.
    const deliveries = deliverDue(services, Date.now()).then((summary) => {
      if (summary.digestError !== null) throw summary.digestError;
      return summary;
    });
    const passes = await Promise.allSettled([deliveries, retryDueReports(services, Date.now())]);
    const next = passes.flatMap((pass) => (pass.status === "fulfilled" && pass.value.nextAttemptAtMs !== null ? [pass.value.nextAttemptAtMs] : []));
    const failure = passes.find((pass) => pass.status === "rejected");
    const soonest = next.length > 0 ? Math.max(Math.min(...next), Date.now() + MIN_ALARM_GAP_MS) : undefined;
    // A failed pass (D1 down): its own retry, not the runtime's few, which a long outage would outlast (alarm-retry.ts).
    if (failure) {
      await armAfterFailure(this.ctx.storage, FAILED_PASSES_KEY, "notification retry pass", failure.reason, soonest);
      return;
    }
    await this.ctx.storage.delete(FAILED_PASSES_KEY);
    if (soonest !== undefined) await this.ctx.storage.setAlarm(soonest);
  }
}
