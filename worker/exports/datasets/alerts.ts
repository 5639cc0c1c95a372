import * as z from "zod";
import { listAlerts } from "../../alerts/alert-store";
import { lastFirings, type LastFiring } from "../../alerts/last-firing-store";
import { currentAccount } from "../../auth/session-middleware";
import { listConnections } from "../../connections/connection-store";
import { alertsOfConnection } from "../../dashboard/connection-scope";
import { SELLER_CONDITIONS, type AlertView } from "../../contract/alerts";
import { dataset } from "../dataset";
import { SOURCE_LABEL } from "../export-table";

/**
 * The workspace's alerts with the last nightly check of each, as /alerts lists them: one client's
 * (`connection`, as GET /api/alerts filters) or all, with the seller account each one watches.
 */
export const alertsExport = dataset({
  query: z.object({ connection: z.string().trim().min(1).max(64).optional() }),
  needsAccount: true,
  async load({ c }, { connection }) {
    const workspaceId = currentAccount(c).workspace.id;
    const [all, connections, firings] = await Promise.all([listAlerts(c.env.DB, workspaceId), listConnections(c.env.DB, workspaceId), lastFirings(c.env.DB, workspaceId)]);
    const alerts = connection ? await alertsOfConnection(c.env.DB, workspaceId, all, connection) : all;
    const names = new Map(connections.map((row) => [row.id, row.name]));
    const client = connection ? names.get(connection) : undefined;
    return {
      fileStem: "alerts",
      title: client ? `Alerts of ${client} (${alerts.length})` : `Alerts (${alerts.length})`,
      columns: [
        "ASIN", "Marketplace", "Condition", "Threshold", "Seller account", "Email", "In app", "Paused",
        "Last result", "Last result data", "Last checked (UTC day)", "Last triggered (UTC)", "Created (UTC)", "Last alert", "Last alert data",
      ],
      rows: alerts.map((a) => [
        a.asin, a.marketplace, a.conditionType, a.threshold, sellerAccount(a, names),
        a.email_enabled, a.in_app_enabled, a.paused, a.last_result, sourceCell(a.last_result_source), a.last_checked_day, a.last_triggered, a.created_at,
        firingWords(a, firings.get(a.id)), sourceCell(firings.get(a.id)?.source ?? null),
      ]),
      notes: [
        "Alerts are checked every night against that day's rank snapshot (02:30 UTC).",
        "Last result data: the data the last check read (mock data is never a live result); empty when it read none.",
        "Last alert: what the alert last fired on, and Last alert data the data it read then (mock data is RankLayer's labelled sample, never Amazon's).",
        "Seller account: the seller connection a Buy Box or stock alert watches; Any: every seller account of the workspace; empty for rank and price alerts, which watch Amazon's public data.",
      ],
    };
  },
});

/** The seller account a stock or Buy Box alert watches (Any: each of the workspace's); none for a rank or price alert. */
function sellerAccount(alert: AlertView, names: ReadonlyMap<string, string>): string | null {
  if (!SELLER_CONDITIONS.includes(alert.conditionType)) return null;
  return alert.connectionId ? (names.get(alert.connectionId) ?? alert.connectionId) : "Any";
}

/** A firing's message without the "B0… (US): " its notification starts with: the row names both already. */
function firingWords(alert: AlertView, firing: LastFiring | undefined): string | null {
  if (!firing) return null;
  const named = `${alert.asin} (${alert.marketplace}): `;
  return firing.message.startsWith(named) ? firing.message.slice(named.length) : firing.message;
}

/** Where a last result or a last firing read its data; empty when unknown (none read, or kept before that was recorded). */
function sourceCell(source: "live" | "mock" | null): string | null {
  return source ? SOURCE_LABEL[source] : null;
}
