import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../../env";
import { buildServices } from "../../services";

/** The alarm never fires sooner than this after the last pass, so a stuck row cannot spin it. */
const MIN_ALARM_GAP_MS = 1_000;

/**
 * Keeps one alarm at the earliest time a pending email or webhook is due. The alarm runs
 * a delivery pass and re-arms itself while pending rows remain. One named instance
 * (NOTIFICATION_RETRY_NAME) serves the whole deployment.
 */
export class NotificationRetry extends DurableObject<Bindings> {
  /** Arms the alarm at `atMs` unless one is already set earlier. */
  async schedule(atMs: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || atMs < current) await this.ctx.storage.setAlarm(atMs);
  }

  override async alarm(): Promise<void> {
    // Loaded on the first alarm: a fetch never needs it (index.ts).
    const { deliverDue } = await import("./deliver");
    const summary = await deliverDue(buildServices(this.env), Date.now());
    if (summary.nextAttemptAtMs !== null) {
      await this.ctx.storage.setAlarm(Math.max(summary.nextAttemptAtMs, Date.now() + MIN_ALARM_GAP_MS));
    }
  }
}
