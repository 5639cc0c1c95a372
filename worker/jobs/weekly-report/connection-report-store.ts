import { and, asc, between, eq, inArray, isNull, not, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SELLER_CONDITIONS } from "../../contract/alerts";
import { alertEvents, alerts } from "../../db/schema";

/**
 * The alerts fired in one seller connection's report (a client's): those of alerts on that
 * connection, and public ones (rank, price) on the workspace's tracked ASINs. A seller alert left
 * on "any connection" is not said to be any one client's, so it is only in the workspace's report.
 */
export async function connectionAlertsFiredBetween(db: D1Database, workspaceId: string, connectionId: string, fromDay: string, toDay: string) {
  return drizzle(db)
    .select({ day: alertEvents.day, asin: alertEvents.asin, marketplace: alertEvents.marketplace, message: alertEvents.message })
    .from(alertEvents)
    .leftJoin(alerts, eq(alerts.id, alertEvents.alertId))
    .where(
      and(
        eq(alertEvents.workspaceId, workspaceId),
        between(alertEvents.day, fromDay, toDay),
        or(eq(alerts.connectionId, connectionId), and(isNull(alerts.connectionId), not(inArray(alertEvents.conditionType, [...SELLER_CONDITIONS])))),
      ),
    )
    .orderBy(asc(alertEvents.day), asc(alertEvents.createdAt));
}
