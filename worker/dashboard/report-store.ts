import { and, asc, between, eq, isNotNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alertEvents, userSettings } from "../db/schema";

/** Users who turned the weekly report on and gave an email address for it (the alert email). */
export async function weeklyReportRecipients(db: D1Database): Promise<{ userId: string; email: string }[]> {
  const rows = await drizzle(db)
    .select({ userId: userSettings.userId, email: userSettings.alertEmail })
    .from(userSettings)
    .where(and(eq(userSettings.weeklyReport, true), isNotNull(userSettings.alertEmail)));
  return rows.flatMap((row) => (row.email ? [{ userId: row.userId, email: row.email }] : []));
}

/** Turns the user's weekly report off (the email's unsubscribe link); false when it was not on. */
export async function unsubscribeWeeklyReport(db: D1Database, userId: string): Promise<boolean> {
  const changed = await drizzle(db)
    .update(userSettings)
    .set({ weeklyReport: false, updatedAt: new Date().toISOString() })
    .where(and(eq(userSettings.userId, userId), eq(userSettings.weeklyReport, true)))
    .returning({ userId: userSettings.userId });
  return changed.length > 0;
}

/** The user's alert firings from `fromDay` to `toDay`, oldest first. */
export async function alertsFiredBetween(db: D1Database, userId: string, fromDay: string, toDay: string) {
  return drizzle(db)
    .select({ day: alertEvents.day, asin: alertEvents.asin, marketplace: alertEvents.marketplace, message: alertEvents.message })
    .from(alertEvents)
    .where(and(eq(alertEvents.userId, userId), between(alertEvents.day, fromDay, toDay)))
    .orderBy(asc(alertEvents.day), asc(alertEvents.createdAt));
}
