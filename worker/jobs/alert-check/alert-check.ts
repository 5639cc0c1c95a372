import { evaluateAlert, firingSource, resultSource, windowOf } from "../../alerts/rules";
import { mayWaitForRun } from "./alert-wait";
import {
  activeAlertsOf,
  type DueAlert,
  dueAlerts,
  firingStatements,
  loadRankPoints,
  loadSellerPoints,
  rankKey,
  recordResult,
  sellerKey,
  nightlyRunInProgress,
  writePage,
} from "./alert-check-store";
import type { Services } from "../../services";
import { utcDay } from "../../contract/time";

/**
 * The nightly alert check (02:30 UTC, or when the snapshot run finishes). It walks the
 * active alerts in pages ordered by id and writes each page's outcome in one D1 batch:
 * the alert's last_result (with the source of the data it was judged on), last_checked_day, and for a firing the alert_events row and
 * its pending email/webhook deliveries. The event insert is guarded by UNIQUE(alert_id, day)
 * and the deliveries and last_triggered follow only the event this batch inserted, so a
 * second run on the same day sends nothing again. An alert already checked today is not
 * picked up again, so a run that stopped part-way resumes where it left off. One that found no
 * data is checked again by a later pass (a check begun later, such as the snapshot run's when it
 * finishes), since a later snapshot may fill it in; never twice in one pass, so the steps of a
 * pass always move on (alert-check-store.ts dueAlerts).
 */
export interface AlertCheckSummary {
  day: string;
  /** True when today's snapshot run was still running: nothing was checked. */
  deferred: boolean;
  checked: number;
  /** Alerts that fired and got a new event (a repeat firing on the same day counts once). */
  fired: number;
  ok: number;
  noData: number;
  /** False when the run stopped at maxPages with alerts left to check. */
  complete: boolean;
}

export interface AlertCheckOptions {
  pageSize?: number;
  /** Stop after this many pages (the rest are picked up by the next run). */
  maxPages?: number;
  /**
   * When the pass this step belongs to began (default: now). The AlertCheckRunner's steps pass
   * the check's own start, so they skip the no-data alerts its earlier steps already checked.
   */
  passStartMs?: number;
  /** The day's snapshot run as the caller just found it (the 02:30 run starts it first): not read again. Read when not given. */
  nightlyRun?: "done" | "running";
}

const DEFAULT_PAGE_SIZE = 100;
/**
 * A page costs at most four D1 calls (alerts, ranks, seller data, the batch), so 200 pages
 * (20,000 alerts) stay under the 1,000 D1 queries one Worker invocation may make. A larger
 * run answers complete: false and the next invocation carries on from the unchecked alerts.
 */
const DEFAULT_MAX_PAGES = 200;

export async function runAlertCheck(services: Services, nowMs: number, options: AlertCheckOptions = {}): Promise<AlertCheckSummary> {
  const { env } = services;
  const day = utcDay(nowMs);
  const summary: AlertCheckSummary = { day, deferred: false, checked: 0, fired: 0, ok: 0, noData: 0, complete: true };
  // Waits for the run, but only until the bound (alert-wait.ts); then checks what is there.
  if (mayWaitForRun(nowMs) && (options.nightlyRun ? options.nightlyRun === "running" : await nightlyRunInProgress(env.DB, day))) {
    return { ...summary, deferred: true, complete: false };
  }

  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const nowIso = new Date(nowMs).toISOString();
  const passStartIso = new Date(Math.min(options.passStartMs ?? nowMs, nowMs)).toISOString();
  let cursor = "";
  for (let page = 0; ; page++) {
    if (page >= maxPages) return { ...summary, complete: false };
    const alerts = await dueAlerts(env.DB, day, passStartIso, cursor, pageSize);
    if (alerts.length === 0) return summary;
    await checkPage(services, day, nowIso, alerts, summary);
    if (alerts.length < pageSize) return summary;
    cursor = alerts[alerts.length - 1]?.id ?? cursor;
  }
}

/**
 * Checks some of one workspace's alerts now, as the nightly check would today, for an alert that
 * should not wait for the night (the demo's sample alerts, whose history is already there). Today
 * counts as checked for them; the next nightly check takes them up tomorrow as any other.
 */
export async function checkAlertsNow(services: Services, nowMs: number, workspaceId: string, ids: readonly string[]): Promise<AlertCheckSummary> {
  const day = utcDay(nowMs);
  const summary: AlertCheckSummary = { day, deferred: false, checked: 0, fired: 0, ok: 0, noData: 0, complete: true };
  const alerts = await activeAlertsOf(services.env.DB, workspaceId, ids);
  if (alerts.length > 0) await checkPage(services, day, new Date(nowMs).toISOString(), alerts, summary);
  return summary;
}

async function checkPage(services: Services, day: string, nowIso: string, alerts: DueAlert[], summary: AlertCheckSummary) {
  const { env } = services;
  const db = env.DB;
  const [rankPoints, sellerPoints] = await Promise.all([loadRankPoints(services.history, day, alerts), loadSellerPoints(db, day, alerts)]);
  const statements: D1PreparedStatement[] = [];
  const eventInserts: number[] = [];
  for (const alert of alerts) {
    const rule = { asin: alert.asin, marketplace: alert.marketplace, conditionType: alert.condition_type, threshold: alert.threshold };
    const data = {
      rank: windowOf(day, rankPoints.get(rankKey(alert)) ?? []),
      sellers: (sellerPoints.get(sellerKey(alert)) ?? []).map(({ name, points }) => ({ name, seller: windowOf(day, points) })),
    };
    const result = evaluateAlert(rule, data);
    summary.checked += 1;
    if (result.result === "fired") {
      eventInserts.push(statements.length);
      statements.push(...firingStatements(db, day, nowIso, alert, result.message, firingSource(rule, data)));
    } else {
      if (result.result === "ok") summary.ok += 1;
      else summary.noData += 1;
      statements.push(recordResult(db, day, nowIso, alert.id, result, resultSource(rule, data)));
    }
  }
  const changes = await writePage(db, statements);
  for (const index of eventInserts) summary.fired += changes[index] ?? 0;
}

