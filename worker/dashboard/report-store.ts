import { and, asc, between, eq, gt, isNotNull } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alertEvents, userSettings } from "../db/schema";
import type { ReportKind } from "../notifications/weekly-report";

/** Each report's switch in user_settings. */
const SWITCH = { daily: "dailyReport", weekly: "weeklyReport" } as const;

/** Users who turned the report on and gave an email address for it (the alert email). */
export async function reportRecipients(db: D1Database, kind: ReportKind): Promise<{ userId: string; email: string }[]> {
  const rows = await drizzle(db)
    .select({ userId: userSettings.workspaceId, email: userSettings.alertEmail })
    .from(userSettings)
    .where(and(eq(userSettings[SWITCH[kind]], true), isNotNull(userSettings.alertEmail)));
  return rows.flatMap((row) => (row.email ? [{ userId: row.userId, email: row.email }] : []));
}

/** Turns the user's report off (the email's unsubscribe link); false when it was not on. */
export async function unsubscribeReport(db: D1Database, userId: string, kind: ReportKind): Promise<boolean> {
  return switchOff(db, userId, SWITCH[kind]);
}

/** Turns the user's Email alerts switch off (the alert email's unsubscribe link); false when it was not on. */
export async function unsubscribeAlertEmails(db: D1Database, userId: string): Promise<boolean> {
  return switchOff(db, userId, "emailAlerts");
}

/** Turns one of the user's email switches off; false when it was not on. */
async function switchOff(db: D1Database, userId: string, field: (typeof SWITCH)[ReportKind] | "emailAlerts"): Promise<boolean> {
  const changed = await drizzle(db)
    .update(userSettings)
    .set({ [field]: false, updatedAt: new Date().toISOString() })
    .where(and(eq(userSettings.workspaceId, userId), eq(userSettings[field], true)))
    .returning({ userId: userSettings.workspaceId });
  return changed.length > 0;
}

/** The user's alert firings from `fromDay` to `toDay`, oldest first. */
export async function alertsFiredBetween(db: D1Database, userId: string, fromDay: string, toDay: string) {
  return drizzle(db)
    .select({ day: alertEvents.day, asin: alertEvents.asin, marketplace: alertEvents.marketplace, message: alertEvents.message })
    .from(alertEvents)
    .where(and(eq(alertEvents.workspaceId, userId), between(alertEvents.day, fromDay, toDay)))
    .orderBy(asc(alertEvents.day), asc(alertEvents.createdAt));
}

/** The user's alert firings of `day` recorded after `afterIso` (a later check's, after that day's report was sent), oldest first. */
export async function alertsFiredAfter(db: D1Database, userId: string, day: string, afterIso: string) {
  return drizzle(db)
    .select({ day: alertEvents.day, asin: alertEvents.asin, marketplace: alertEvents.marketplace, message: alertEvents.message })
    .from(alertEvents)
    .where(and(eq(alertEvents.workspaceId, userId), eq(alertEvents.day, day), gt(alertEvents.createdAt, afterIso)))
    .orderBy(asc(alertEvents.createdAt));
}
