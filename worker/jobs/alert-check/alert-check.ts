import type { Bindings } from "../../env";
import { utcDay } from "../../history/snapshot-store";
import { type AlertCondition, SELLER_CONDITIONS } from "../../contract/alerts";
import { evaluateAlert, type AlertRankPoint, type RuleResult, type SellerPoint, windowOf, windowStart } from "../../alerts/rules";

/**
 * The nightly alert check (02:30 UTC, or when the snapshot run finishes). It walks the
 * active alerts in pages ordered by id and writes each page's outcome in one D1 batch:
 * the alert's last_result and last_checked_day, and for a firing the alert_events row and
 * its pending email/webhook deliveries. The event insert is guarded by UNIQUE(alert_id, day)
 * and the deliveries and last_triggered follow only the event this batch inserted, so a
 * second run on the same day sends nothing again. An alert already checked today is not
 * picked up again (unless it found no data, which a later snapshot may fill in), so a run
 * that stopped part-way resumes where it left off.
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
}

const DEFAULT_PAGE_SIZE = 100;
/**
 * A page costs at most four D1 calls (alerts, ranks, seller data, the batch), so 200 pages
 * (20,000 alerts) stay under the 1,000 D1 queries one Worker invocation may make. A larger
 * run answers complete: false and the next invocation carries on from the unchecked alerts.
 */
const DEFAULT_MAX_PAGES = 200;

interface DueAlert {
  id: string;
  user_id: string;
  asin: string;
  marketplace: string;
  condition_type: AlertCondition;
  threshold: number | null;
  email_enabled: number;
  in_app_enabled: number;
}

export async function runAlertCheck(env: Bindings, nowMs: number, options: AlertCheckOptions = {}): Promise<AlertCheckSummary> {
  const day = utcDay(nowMs);
  const summary: AlertCheckSummary = { day, deferred: false, checked: 0, fired: 0, ok: 0, noData: 0, complete: true };
  if (await snapshotRunning(env.DB, day)) return { ...summary, deferred: true, complete: false };

  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  let cursor = "";
  for (let page = 0; ; page++) {
    if (page >= maxPages) return { ...summary, complete: false };
    const alerts = await dueAlerts(env.DB, day, cursor, pageSize);
    if (alerts.length === 0) return summary;
    await checkPage(env.DB, day, new Date(nowMs).toISOString(), alerts, summary);
    if (alerts.length < pageSize) return summary;
    cursor = alerts[alerts.length - 1]?.id ?? cursor;
  }
}

async function snapshotRunning(db: D1Database, day: string): Promise<boolean> {
  const row = await db.prepare("SELECT status FROM job_runs WHERE job = 'snapshot' AND day = ?").bind(day).first<{ status: string }>();
  return row?.status === "running";
}

function dueAlerts(db: D1Database, day: string, afterId: string, limit: number): Promise<DueAlert[]> {
  return db
    .prepare(
      `SELECT id, user_id, asin, marketplace, condition_type, threshold, email_enabled, in_app_enabled FROM alerts
       WHERE paused = 0 AND id > ?2
         AND (last_checked_day IS NULL OR last_checked_day <> ?1 OR last_result = 'no_data')
       ORDER BY id LIMIT ?3`,
    )
    .bind(day, afterId, limit)
    .all<DueAlert>()
    .then((result) => result.results);
}

async function checkPage(db: D1Database, day: string, nowIso: string, alerts: DueAlert[], summary: AlertCheckSummary) {
  const [rankPoints, sellerPoints] = await Promise.all([loadRankPoints(db, day, alerts), loadSellerPoints(db, day, alerts)]);
  const statements: D1PreparedStatement[] = [];
  const eventInserts: number[] = [];
  for (const alert of alerts) {
    const result = evaluateAlert(
      { asin: alert.asin, marketplace: alert.marketplace, conditionType: alert.condition_type, threshold: alert.threshold },
      {
        rank: windowOf(day, rankPoints.get(rankKey(alert)) ?? []),
        seller: windowOf(day, sellerPoints.get(sellerKey(alert)) ?? []),
      },
    );
    summary.checked += 1;
    if (result.result === "fired") {
      eventInserts.push(statements.length);
      statements.push(...firingStatements(db, day, nowIso, alert, result.message));
    } else {
      if (result.result === "ok") summary.ok += 1;
      else summary.noData += 1;
      statements.push(recordResult(db, day, alert.id, result));
    }
  }
  const results = await db.batch(statements);
  for (const index of eventInserts) summary.fired += results[index]?.meta.changes ?? 0;
}

/** The event, its deliveries and the alert's update; everything after the event depends on its insert. */
function firingStatements(db: D1Database, day: string, nowIso: string, alert: DueAlert, message: string): D1PreparedStatement[] {
  const eventId = crypto.randomUUID();
  const inserted = "EXISTS (SELECT 1 FROM alert_events WHERE id = ?2)";
  const statements = [
    db
      .prepare(
        `INSERT INTO alert_events (id, user_id, alert_id, day, asin, marketplace, condition_type, threshold, message, in_app, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 AND ${channelOn("in_app_alerts", alert.condition_type, "?2")}, ?11)
         ON CONFLICT (alert_id, day) DO NOTHING`,
      )
      .bind(eventId, alert.user_id, alert.id, day, alert.asin, alert.marketplace, alert.condition_type, alert.threshold, message, alert.in_app_enabled, nowIso),
  ];
  if (alert.email_enabled) {
    statements.push(
      db
        .prepare(
          `INSERT INTO notification_deliveries (id, event_id, channel, status, created_at) SELECT ?1, ?2, 'email', 'pending', ?3
           WHERE ${inserted} AND ${channelOn("email_alerts", alert.condition_type, "?4")}`,
        )
        .bind(crypto.randomUUID(), eventId, nowIso, alert.user_id),
    );
  }
  statements.push(
    db
      .prepare(
        `INSERT INTO notification_deliveries (id, event_id, channel, status, created_at) SELECT ?1, ?2, 'webhook', 'pending', ?3
         WHERE ${inserted} AND ${channelOn(null, alert.condition_type, "?4")}
           AND EXISTS (SELECT 1 FROM user_settings WHERE user_id = ?4 AND webhook_url IS NOT NULL)`,
      )
      .bind(crypto.randomUUID(), eventId, nowIso, alert.user_id),
    db
      .prepare(
        `UPDATE alerts SET last_result = 'fired', last_checked_day = ?3,
           last_triggered = CASE WHEN ${inserted} THEN ?4 ELSE last_triggered END
         WHERE id = ?1`,
      )
      .bind(alert.id, eventId, day, nowIso),
  );
  return statements;
}

/** The Settings → Notifications switch that covers a kind of alert ("Rank drops", "Buy Box loss"). */
const TRIGGER_SWITCHES: Partial<Record<AlertCondition, string>> = { rank_drop: "rank_drops", buybox_lost: "buy_box_loss" };

/**
 * Whether a firing reaches a channel, by the user's own switches in Settings → Notifications:
 * "Email alerts" and "In-app alerts" mute that channel for every alert, "Rank drops" and
 * "Buy Box loss" mute every channel for those alerts. A user who never saved settings has all on.
 */
function channelOn(channelSwitch: "email_alerts" | "in_app_alerts" | null, condition: AlertCondition, userIdParam: string): string {
  const switches = [channelSwitch, TRIGGER_SWITCHES[condition]].filter((column) => column != null);
  const on = (column: string) => `COALESCE((SELECT ${column} FROM user_settings WHERE user_id = ${userIdParam}), 1) = 1`;
  return switches.length === 0 ? "1" : switches.map(on).join(" AND ");
}

function recordResult(db: D1Database, day: string, alertId: string, result: RuleResult): D1PreparedStatement {
  return db.prepare("UPDATE alerts SET last_result = ?, last_checked_day = ? WHERE id = ?").bind(result.result, day, alertId);
}

const rankKey = (alert: { asin: string; marketplace: string }) => `${alert.marketplace}:${alert.asin}`;
const sellerKey = (alert: { user_id: string; asin: string; marketplace: string }) => `${alert.user_id}:${rankKey(alert)}`;

function groupBy<Row, Point>(rows: Row[], key: (row: Row) => string, point: (row: Row) => Point): Map<string, Point[]> {
  const groups = new Map<string, Point[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(point(row));
    else groups.set(key(row), [point(row)]);
  }
  return groups;
}

/** One tuple per distinct key, so a page's alerts on the same ASIN share one set of rows. */
function distinct(alerts: DueAlert[], key: (alert: DueAlert) => string, tuple: (alert: DueAlert) => string[]): string[][] {
  return [...new Map(alerts.map((alert) => [key(alert), tuple(alert)])).values()];
}

/** Public data of the page's ASINs over the lookback window, one query (pairs passed as one JSON parameter). */
async function loadRankPoints(db: D1Database, day: string, alerts: DueAlert[]): Promise<Map<string, AlertRankPoint[]>> {
  const pairs = distinct(alerts, rankKey, (alert) => [alert.marketplace, alert.asin]);
  const { results } = await db
    .prepare(
      `SELECT r.asin, r.marketplace, r.day, r.rank, r.price_amount, r.source
       FROM json_each(?1) AS pair
       JOIN rank_snapshots AS r ON r.marketplace = pair.value ->> '$[0]' AND r.asin = pair.value ->> '$[1]'
       WHERE r.day BETWEEN ?2 AND ?3`,
    )
    .bind(JSON.stringify(pairs), windowStart(day), day)
    .all<{ asin: string; marketplace: string; day: string; rank: number | null; price_amount: number | null; source: "live" | "mock" }>();
  return groupBy(results, rankKey, (row) => ({ day: row.day, rank: row.rank, price: row.price_amount, source: row.source }));
}

/** Seller data of the alerts that need it, each from its own owner's snapshots only. */
async function loadSellerPoints(db: D1Database, day: string, alerts: DueAlert[]): Promise<Map<string, SellerPoint[]>> {
  const triples = distinct(
    alerts.filter((alert) => SELLER_CONDITIONS.includes(alert.condition_type)),
    sellerKey,
    (alert) => [alert.user_id, alert.marketplace, alert.asin],
  );
  if (triples.length === 0) return new Map();
  const { results } = await db
    .prepare(
      `SELECT s.user_id, s.asin, s.marketplace, s.day, s.fulfillable_units, s.holds_buy_box, s.source
       FROM json_each(?1) AS owner
       JOIN seller_snapshots AS s
         ON s.user_id = owner.value ->> '$[0]' AND s.marketplace = owner.value ->> '$[1]' AND s.asin = owner.value ->> '$[2]'
       WHERE s.day BETWEEN ?2 AND ?3`,
    )
    .bind(JSON.stringify(triples), windowStart(day), day)
    .all<{ user_id: string; asin: string; marketplace: string; day: string; fulfillable_units: number | null; holds_buy_box: number | null; source: string }>();
  return groupBy(results, sellerKey, (row) => ({
    day: row.day,
    fulfillableUnits: row.fulfillable_units,
    holdsBuyBox: row.holds_buy_box === null ? null : row.holds_buy_box === 1,
    source: row.source,
  }));
}
