import type { Marketplace } from "../../contract/marketplaces";
import { addDays, HOUR_MS } from "../../contract/time";

/**
 * Days of sales as Seller Central counts them: in the marketplace's own time zone, the
 * `granularityTimeZone` of Sales getOrderMetrics. Pure functions, no I/O.
 *
 * The zones are the ones Amazon reports each store's business day in (Seller Central's
 * "Business Reports" and the Sales and Traffic report): Pacific time for the North American
 * stores, each European store's own capital, Tokyo for Japan.
 */
export const SALES_TIME_ZONES: Record<Marketplace, string> = {
  US: "America/Los_Angeles",
  CA: "America/Los_Angeles",
  MX: "America/Los_Angeles",
  UK: "Europe/London",
  DE: "Europe/Berlin",
  FR: "Europe/Paris",
  IT: "Europe/Rome",
  ES: "Europe/Madrid",
  JP: "Asia/Tokyo",
};

/** The run's nominal start (the "0 2 * * *" cron): the moment whose "yesterday" a run reads. */
const RUN_START_HOUR_UTC = 2;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at `epochMs`, read as if it were UTC (the offset is the difference). */
function wallClockMs(epochMs: number, timeZone: string): number {
  const parts = Object.fromEntries(formatterOf(timeZone).formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** The zone's offset from UTC at `epochMs`, in minutes (−480 for Pacific standard time). */
export function offsetMinutes(epochMs: number, timeZone: string): number {
  return Math.round((wallClockMs(Math.floor(epochMs / 1000) * 1000, timeZone) - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

/** The calendar day in the zone at `epochMs`. */
export function localDay(epochMs: number, timeZone: string): string {
  return new Date(wallClockMs(epochMs, timeZone)).toISOString().slice(0, 10);
}

/** The instant the zone's `day` begins (local midnight; DST never moves midnight in these zones). */
export function localMidnight(day: string, timeZone: string): number {
  const asUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guess, then at the corrected instant (it differs only across a DST change).
  const first = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  return asUtc - offsetMinutes(first, timeZone) * 60_000;
}

/** "2026-11-20T00:00:00-08:00": the local midnight of `day`, written in the zone's offset then. */
export function midnightWithOffset(day: string, timeZone: string): string {
  const offset = offsetMinutes(localMidnight(day, timeZone), timeZone);
  if (offset === 0 && timeZone === "UTC") return `${day}T00:00:00Z`;
  const sign = offset < 0 ? "-" : "+";
  const size = Math.abs(offset);
  return `${day}T00:00:00${sign}${String(Math.floor(size / 60)).padStart(2, "0")}:${String(size % 60).padStart(2, "0")}`;
}

/**
 * The `count` complete local days ending with the last day complete at the nominal start of
 * `runDay`'s nightly run (02:00 UTC), oldest first. Today's partial day is never in it.
 */
export function revenueDays(runDay: string, marketplace: Marketplace, count: number): string[] {
  const runStart = Date.parse(`${runDay}T00:00:00Z`) + RUN_START_HOUR_UTC * HOUR_MS;
  const lastComplete = addDays(localDay(runStart, SALES_TIME_ZONES[marketplace]), -1);
  return Array.from({ length: count }, (_, i) => addDays(lastComplete, i - count + 1));
}

/**
 * Complete days the nightly run reads per ASIN each night, in one getOrderMetrics call: the last
 * week, so a day Amazon did not answer last night is asked for again (same call count as one day).
 */
export const REVENUE_DAYS = 7;

/** The run day whose revenue days a screen shows at `nowMs`: today's once its run has started. */
export function revenueRunDay(nowMs: number): string {
  return new Date(nowMs - RUN_START_HOUR_UTC * HOUR_MS).toISOString().slice(0, 10);
}

/**
 * getOrderMetrics' interval for local days `firstDay` … `lastDay` (end exclusive), each end
 * in the zone's offset at that instant, as Amazon requires of a granularityTimeZone.
 */
export function orderMetricsInterval(firstDay: string, lastDay: string, marketplace: Marketplace): { interval: string; granularityTimeZone: string } {
  const timeZone = SALES_TIME_ZONES[marketplace];
  return { interval: `${midnightWithOffset(firstDay, timeZone)}--${midnightWithOffset(addDays(lastDay, 1), timeZone)}`, granularityTimeZone: timeZone };
}
