import { addDays, DAY_MS, utcDay } from "../../contract/time";
import { reportDay, reportWeek, type ReportKind } from "../../notifications/weekly-report";

/** What one run of one report covers: the days, the days its alerts come from and the rank window. Pure, no I/O. */
export interface ReportPeriod {
  kind: ReportKind;
  /** Names the period in report_sends: the day of a daily report, the Monday of a weekly one. */
  period: string;
  fromDay: string;
  toDay: string;
  alertsFrom: string;
  /** Days of rank history the rows' change is over, read as of `toDay`'s end. */
  rankDays: number;
}

/** The weekly report sent on the Monday of `nowMs`: the Monday to Sunday before. */
export function weeklyPeriod(nowMs: number): ReportPeriod {
  const week = reportWeek(nowMs);
  return { kind: "weekly", period: week.monday, fromDay: week.fromDay, toDay: week.toDay, alertsFrom: week.fromDay, rankDays: 7 };
}

/** The daily report of `nowMs`'s UTC day. */
export function dailyPeriod(nowMs: number): ReportPeriod {
  const day = reportDay(nowMs);
  // Alerts: today's check (it runs just before the reports); earlier days were in earlier reports.
  return { kind: "daily", period: day.day, fromDay: day.fromDay, toDay: day.toDay, alertsFrom: day.toDay, rankDays: 2 };
}

/** The Monday (UTC) of the week of `nowMs`: that day itself on a Monday. */
export function lastMonday(nowMs: number): string {
  const day = new Date(nowMs);
  return utcDay(nowMs - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/** The period a report_sends row names, as its first run built it. */
export function periodOf(kind: ReportKind, period: string): ReportPeriod {
  const sendDay = Date.parse(`${period}T00:00:00Z`);
  return kind === "daily" ? dailyPeriod(sendDay) : weeklyPeriod(sendDay);
}

/**
 * Until when a failed send of the period is retried: until the next report of its kind is due
 * (the next day's, the next Monday's). Later, it would arrive beside the report that replaced it.
 */
export function retryEndMs(kind: ReportKind, period: string): number {
  return Date.parse(`${addDays(period, kind === "daily" ? 1 : 7)}T00:00:00Z`);
}
