import * as z from "zod";
import { listAlerts } from "../../alerts/alert-store";
import { currentAccount } from "../../auth/session-middleware";
import { dataset } from "../dataset";

/** The signed-in user's alerts with the last nightly check of each. */
export const alertsExport = dataset({
  query: z.object({}),
  needsAccount: true,
  async load({ c }) {
    const alerts = await listAlerts(c.env.DB, currentAccount(c).workspace.id);
    return {
      fileStem: "alerts",
      title: `Alerts (${alerts.length})`,
      columns: [
        "ASIN", "Marketplace", "Condition", "Threshold", "Email", "In app", "Paused",
        "Last result", "Last checked (UTC day)", "Last triggered (UTC)", "Created (UTC)",
      ],
      rows: alerts.map((a) => [
        a.asin, a.marketplace, a.conditionType, a.threshold, a.email_enabled, a.in_app_enabled, a.paused,
        a.last_result, a.last_checked_day, a.last_triggered, a.created_at,
      ]),
      notes: ["Alerts are checked every night against that day's rank snapshot (02:30 UTC)."],
    };
  },
});
