/** An alert's latest firing: what it saw, and the data it fired on (null for events kept before the source was). */
export interface LastFiring {
  message: string;
  source: "live" | "mock" | null;
}

/**
 * The latest firing of each of the workspace's alerts (its alert_events row of the latest day; one
 * a day per alert), keyed by alert id. Alerts that never fired are absent.
 */
export async function lastFirings(db: D1Database, workspaceId: string): Promise<Map<string, LastFiring>> {
  const { results } = await db
    .prepare(
      `SELECT e.alert_id AS alertId, e.message, e.source FROM alert_events e
       WHERE e.workspace_id = ?1 AND e.alert_id IS NOT NULL
         AND e.day = (SELECT max(day) FROM alert_events WHERE alert_id = e.alert_id)`,
    )
    .bind(workspaceId)
    .all<{ alertId: string; message: string; source: "live" | "mock" | null }>();
  return new Map(results.map((row) => [row.alertId, { message: row.message, source: row.source }]));
}
