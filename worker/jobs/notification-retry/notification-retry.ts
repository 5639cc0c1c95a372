import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../../env";
import { buildServices } from "../../services";

/** The alarm never fires sooner than this after the last pass, so a stuck row cannot spin it. */
const MIN_ALARM_GAP_MS = 1_000;

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
    const passes = await Promise.allSettled([deliverDue(services, Date.now()), retryDueReports(services, Date.now())]);
    const next = passes.flatMap((pass) => (pass.status === "fulfilled" && pass.value.nextAttemptAtMs !== null ? [pass.value.nextAttemptAtMs] : []));
    const failure = passes.find((pass) => pass.status === "rejected");
    // A failed pass: the runtime retries the alarm; otherwise the next due row sets it.
    if (failure) throw failure.reason;
    if (next.length > 0) await this.ctx.storage.setAlarm(Math.max(Math.min(...next), Date.now() + MIN_ALARM_GAP_MS));
  }
}
