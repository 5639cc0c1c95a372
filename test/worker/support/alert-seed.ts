import { env } from "cloudflare:test";
import { clearHistory, seedPoint } from "./history-shards";
import { MARKETPLACE_CURRENCY, type Marketplace } from "../../../worker/contract/marketplaces";

/** Seeds D1 directly for the nightly-job tests: users, alerts, snapshots and job runs. */
export const DAY_MS = 86_400_000;
/** 02:30 UTC on 2026-11-22, when the alert check runs. */
export const CHECK_TIME = Date.UTC(2026, 10, 22, 2, 30);
export const TODAY = "2026-11-22";

/** The UTC day `offset` days from TODAY. */
export const dayAt = (offset: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);

/** Empties every table the alert check reads or writes, so each test sees only its own rows. */
export async function clearAlertTables(): Promise<void> {
  await env.DB.batch(
    ["notification_deliveries", "alert_events", "alerts", "seller_snapshots", "job_runs", "user_settings"].map((table) =>
      env.DB.prepare(`DELETE FROM ${table}`),
    ),
  );
  await clearHistory();
}

export async function seedUser(options: { webhookUrl?: string } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO users (id, selling_partner_id, is_demo) VALUES (?, ?, 1)").bind(id, `DEMO-${id}`).run();
  if (options.webhookUrl) {
    await env.DB.prepare("INSERT INTO user_settings (workspace_id, webhook_url) VALUES (?, ?)").bind(id, options.webhookUrl).run();
  }
  return id;
}

export interface SeedAlert {
  id?: string;
  userId: string;
  asin: string;
  marketplace?: string;
  conditionType: string;
  threshold: number | null;
  emailEnabled?: boolean;
  inAppEnabled?: boolean;
  paused?: boolean;
}

export async function seedAlert(alert: SeedAlert): Promise<string> {
  const id = alert.id ?? crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold, email_enabled, in_app_enabled, paused)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      alert.userId,
      alert.asin,
      alert.marketplace ?? "US",
      alert.conditionType,
      alert.threshold,
      alert.emailEnabled === false ? 0 : 1,
      alert.inAppEnabled === false ? 0 : 1,
      alert.paused ? 1 : 0,
    )
    .run();
  return id;
}

export async function seedRank(asin: string, offset: number, rank: number | null, price: number | null = null, marketplace = "US") {
  await seedPoint({ asin, marketplace, day: dayAt(offset), rank, price, currency: price === null ? null : MARKETPLACE_CURRENCY[marketplace as Marketplace], offers: 3 });
}

export async function seedSeller(userId: string, asin: string, offset: number, units: number | null, holdsBuyBox: boolean | null) {
  // Seller rows belong to a connection: the workspace's own (its id), made here when the seed needs it.
  await env.DB.prepare(
    "INSERT OR IGNORE INTO seller_connections (id, workspace_id, selling_partner_id, region, name, status) SELECT id, id, selling_partner_id, 'na', 'Seed seller', 'disconnected' FROM users WHERE id = ?",
  )
    .bind(userId)
    .run();
  await env.DB.prepare(
    `INSERT INTO seller_snapshots (connection_id, workspace_id, asin, marketplace, day, source, fulfillable_units, holds_buy_box, captured_at)
     VALUES (?, ?, ?, 'US', ?, 'mock', ?, ?, ?)`,
  )
    .bind(userId, userId, asin, dayAt(offset), units, holdsBuyBox === null ? null : holdsBuyBox ? 1 : 0, `${dayAt(offset)}T02:05:00.000Z`)
    .run();
}

export async function seedNightlyRun(status: "running" | "done", day = TODAY) {
  await env.DB.prepare(
    `INSERT INTO job_runs (job, day, status, phase, started_at, updated_at) VALUES ('snapshot', ?, ?, 'products', ?, ?)
     ON CONFLICT (job, day) DO UPDATE SET status = excluded.status`,
  )
    .bind(day, status, `${day}T02:00:00.000Z`, `${day}T02:00:00.000Z`)
    .run();
}

export interface StoredAlert {
  id: string;
  last_result: string | null;
  last_checked_day: string | null;
  last_triggered: string | null;
}

export async function storedAlert(id: string): Promise<StoredAlert | null> {
  return env.DB.prepare("SELECT id, last_result, last_checked_day, last_triggered FROM alerts WHERE id = ?").bind(id).first<StoredAlert>();
}

export async function eventsOf(alertId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, workspace_id, day, asin, marketplace, condition_type, threshold, message, in_app, read_at FROM alert_events WHERE alert_id = ? ORDER BY day",
  )
    .bind(alertId)
    .all();
  return results;
}

export async function deliveriesOf(alertId: string) {
  const { results } = await env.DB.prepare(
    `SELECT d.channel, d.status, d.attempts FROM notification_deliveries d JOIN alert_events e ON e.id = d.event_id
     WHERE e.alert_id = ? ORDER BY e.day, d.channel`,
  )
    .bind(alertId)
    .all();
  return results;
}

export async function count(table: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}
