import type { AlertCondition } from "../../contract/alerts";
import { SELLER_CONDITIONS } from "../../contract/alerts";
import { type AlertRankPoint, type RuleResult, type SellerPoint, windowStart } from "../../alerts/rules";
import { findNightlyRun } from "../nightly-run-store";
import { readStoredPoints } from "../../history/history-store";
import type { HistoryShards } from "../../history/shard-store";

/**
 * The D1 side of the nightly alert check. Raw SQL, because drizzle cannot say these: the
 * page's (marketplace, ASIN) pairs travel as one JSON parameter unpacked by json_each (D1
 * binds at most 100 parameters), and a firing's deliveries and last_triggered are
 * INSERT … SELECT … WHERE / CASE guarded on the event row the same batch just inserted, so
 * a second run on the same day sends nothing again.
 */

/** An active alert due for today's check, as its row reads. */
export interface DueAlert {
  id: string;
  workspace_id: string;
  asin: string;
  marketplace: string;
  condition_type: AlertCondition;
  threshold: number | null;
  email_enabled: number;
  in_app_enabled: number;
  /** A seller alert on one connection's data; null: any of the workspace's connections. */
  connection_id?: string | null;
}

/** Whether the day's snapshot run is still going: the check waits for its data. */
export async function nightlyRunInProgress(db: D1Database, day: string): Promise<boolean> {
  return (await findNightlyRun(db, day))?.status === "running";
}

/**
 * The next page, by id, of the active alerts a check pass that began at `passStartIso` still has
 * to check: those not checked today, and those that found no data before the pass began (a later
 * snapshot may have filled them in). An alert this pass checked is stamped at or after its start,
 * so it drops out: every step of a pass moves on, however many alerts find no data.
 */
export function dueAlerts(db: D1Database, day: string, passStartIso: string, afterId: string, limit: number): Promise<DueAlert[]> {
  return db
    .prepare(
      `SELECT id, workspace_id, asin, marketplace, condition_type, threshold, email_enabled, in_app_enabled, connection_id FROM alerts
       WHERE paused = 0 AND id > ?3
         AND (last_checked_day IS NULL OR last_checked_day <> ?1
           OR (last_result = 'no_data' AND (last_checked_at IS NULL OR last_checked_at < ?2)))
       ORDER BY id LIMIT ?4`,
    )
    .bind(day, passStartIso, afterId, limit)
    .all<DueAlert>()
    .then((result) => result.results);
}

/** The active alerts among `ids` of one workspace, as the check reads them (checkAlertsNow). */
export function activeAlertsOf(db: D1Database, workspaceId: string, ids: readonly string[]): Promise<DueAlert[]> {
  return db
    .prepare(
      `SELECT id, workspace_id, asin, marketplace, condition_type, threshold, email_enabled, in_app_enabled, connection_id FROM alerts
       WHERE workspace_id = ?1 AND paused = 0 AND id IN (SELECT value FROM json_each(?2)) ORDER BY id`,
    )
    .bind(workspaceId, JSON.stringify(ids))
    .all<DueAlert>()
    .then((result) => result.results);
}

/** SQL: the workspace has a webhook URL, sealed or (saved before sealing) plain: either is delivered to. */
const WEBHOOK_URL_SAVED = "(webhook_url_ciphertext IS NOT NULL OR webhook_url IS NOT NULL)";

/** The event, its deliveries and the alert's update; everything after the event depends on its insert. */
export function firingStatements(db: D1Database, day: string, nowIso: string, alert: DueAlert, message: string, source: "live" | "mock"): D1PreparedStatement[] {
  const eventId = crypto.randomUUID();
  const inserted = "EXISTS (SELECT 1 FROM alert_events WHERE id = ?2)";
  const statements = [
    // Only for an alert still there and active: one deleted or paused since its page was read
    // fires nothing, and never fails its page's batch on the event's foreign key.
    db
      .prepare(
        `INSERT INTO alert_events (id, workspace_id, alert_id, day, asin, marketplace, condition_type, threshold, message, in_app, created_at, source)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 AND ${channelOn("in_app_alerts", alert.condition_type, "?2")}, ?11, ?12
         WHERE EXISTS (SELECT 1 FROM alerts WHERE id = ?3 AND paused = 0)
         ON CONFLICT (alert_id, day) DO NOTHING`,
      )
      .bind(eventId, alert.workspace_id, alert.id, day, alert.asin, alert.marketplace, alert.condition_type, alert.threshold, message, alert.in_app_enabled, nowIso, source),
  ];
  if (alert.email_enabled) {
    statements.push(
      db
        .prepare(
          `INSERT INTO notification_deliveries (id, event_id, channel, status, created_at) SELECT ?1, ?2, 'email', 'pending', ?3
           WHERE ${inserted} AND ${channelOn("email_alerts", alert.condition_type, "?4")}`,
        )
        .bind(crypto.randomUUID(), eventId, nowIso, alert.workspace_id),
    );
  }
  statements.push(
    db
      .prepare(
        `INSERT INTO notification_deliveries (id, event_id, channel, status, created_at) SELECT ?1, ?2, 'webhook', 'pending', ?3
         WHERE ${inserted} AND ${channelOn(null, alert.condition_type, "?4")}
           AND EXISTS (SELECT 1 FROM user_settings WHERE workspace_id = ?4 AND ${WEBHOOK_URL_SAVED})`,
      )
      .bind(crypto.randomUUID(), eventId, nowIso, alert.workspace_id),
    db
      .prepare(
        `UPDATE alerts SET last_result = 'fired', last_result_source = ?5, last_checked_day = ?3, last_checked_at = ?4,
           last_triggered = CASE WHEN ${inserted} THEN ?4 ELSE last_triggered END
         WHERE id = ?1 AND paused = 0`,
      )
      .bind(alert.id, eventId, day, nowIso, source),
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
  const on = (column: string) => `COALESCE((SELECT ${column} FROM user_settings WHERE workspace_id = ${userIdParam}), 1) = 1`;
  return switches.length === 0 ? "1" : switches.map(on).join(" AND ");
}

/** An ok or no_data result, with the source of the data it was judged on (null: none read). */
export function recordResult(db: D1Database, day: string, nowIso: string, alertId: string, result: RuleResult, source: "live" | "mock" | null): D1PreparedStatement {
  return db
    .prepare("UPDATE alerts SET last_result = ?, last_result_source = ?, last_checked_day = ?, last_checked_at = ? WHERE id = ?")
    .bind(result.result, source, day, nowIso, alertId);
}

/** Writes a page's statements in one batch; returns how many rows each changed. */
export async function writePage(db: D1Database, statements: D1PreparedStatement[]): Promise<number[]> {
  const results = await db.batch(statements);
  return results.map((result) => result.meta.changes ?? 0);
}

export const rankKey = (alert: { asin: string; marketplace: string }) => `${alert.marketplace}:${alert.asin}`;
export const sellerKey = (alert: { workspace_id: string; asin: string; marketplace: string; connection_id?: string | null }) =>
  `${alert.workspace_id}:${alert.connection_id ?? "*"}:${rankKey(alert)}`;

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
function distinct(alerts: DueAlert[], key: (alert: DueAlert) => string, tuple: (alert: DueAlert) => (string | null)[]): (string | null)[][] {
  return [...new Map(alerts.map((alert) => [key(alert), tuple(alert)])).values()];
}

/** Public data of the page's ASINs over the lookback window: one batched read of the history shards. */
export async function loadRankPoints(shards: HistoryShards, day: string, alerts: DueAlert[]): Promise<Map<string, AlertRankPoint[]>> {
  const keys = distinct(alerts, rankKey, (alert) => [alert.marketplace, alert.asin]).map(([marketplace, asin]) => ({ marketplace: marketplace!, asin: asin! }));
  const history = await readStoredPoints(shards, keys, windowStart(day), day);
  return new Map(
    [...history].map(([key, points]) => [key, points.map((point) => ({ day: point.day, rank: point.rank, price: point.price, currency: point.currency, source: point.source }))]),
  );
}

/** One seller connection's points for an alert, kept apart from the other connections'. */
export interface ConnectionPoints {
  name: string;
  points: SellerPoint[];
}

/**
 * Seller data of the alerts that need it, each from its own owner's snapshots only, and per
 * connection: an alert on any connection gets each connection's series apart (rules.ts).
 */
export async function loadSellerPoints(db: D1Database, day: string, alerts: DueAlert[]): Promise<Map<string, ConnectionPoints[]>> {
  const triples = distinct(
    alerts.filter((alert) => SELLER_CONDITIONS.includes(alert.condition_type)),
    sellerKey,
    (alert) => [alert.workspace_id, alert.marketplace, alert.asin, alert.connection_id ?? null],
  );
  if (triples.length === 0) return new Map();
  const { results } = await db
    .prepare(
      `SELECT s.workspace_id, s.asin, s.marketplace, s.day, s.fulfillable_units, s.holds_buy_box, s.holds_prime, s.holds_non_prime, s.source,
         owner.value ->> '$[3]' AS connection_id, s.connection_id AS data_connection_id, c.name AS connection_name
       FROM json_each(?1) AS owner
       JOIN seller_snapshots AS s
         ON s.workspace_id = owner.value ->> '$[0]' AND s.marketplace = owner.value ->> '$[1]' AND s.asin = owner.value ->> '$[2]'
           AND (owner.value ->> '$[3]' IS NULL OR s.connection_id = owner.value ->> '$[3]')
       JOIN seller_connections AS c ON c.id = s.connection_id
       WHERE s.day BETWEEN ?2 AND ?3
       ORDER BY c.name, s.connection_id, s.day`,
    )
    .bind(JSON.stringify(triples), windowStart(day), day)
    .all<SellerRow>();
  const perAlert = groupBy(results, sellerKey, (row) => row);
  return new Map(
    [...perAlert].map(([key, rows]) => [
      key,
      [...groupBy(rows, (row) => row.data_connection_id, (row) => row).values()].map((connectionRows) => ({
        name: connectionRows[0]!.connection_name,
        points: connectionRows.map(sellerPoint),
      })),
    ]),
  );
}

interface SellerRow {
  workspace_id: string;
  /** The alert's connection (null: any), which keys the alert's data. */
  connection_id: string | null;
  /** The connection the row is data of, and its name. */
  data_connection_id: string;
  connection_name: string;
  asin: string;
  marketplace: string;
  day: string;
  fulfillable_units: number | null;
  holds_buy_box: number | null;
  holds_prime: number | null;
  holds_non_prime: number | null;
  source: string;
}

const flag = (value: number | null) => (value === null ? null : value === 1);

const sellerPoint = (row: SellerRow): SellerPoint => ({
  day: row.day,
  fulfillableUnits: row.fulfillable_units,
  holdsBuyBox: flag(row.holds_buy_box),
  holdsPrime: flag(row.holds_prime),
  holdsNonPrime: flag(row.holds_non_prime),
  source: row.source,
});
