/**
 * Time in UTC, for the Worker and the web app alike: the length of an hour and a day, and a
 * day as text ("YYYY-MM-DD", the stored and displayed day) or as a number (days since
 * 1970-01-01, the stored form in the history shards).
 */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** The UTC calendar day of `epochMs`, as "YYYY-MM-DD". */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** "2026-12-01 00:00 UTC" from an ISO timestamp: how messages for people name a moment. */
export function utcMinuteText(iso: string): string {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

/** The day `days` after `day` (before, when negative), both "YYYY-MM-DD". */
export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** YYYY-MM-DD → days since 1970-01-01. */
export function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** Every day from `fromDay` to `toDay`, both included, in order. */
export function daysFromTo(fromDay: string, toDay: string): string[] {
  const from = dayNumber(fromDay);
  return Array.from({ length: dayNumber(toDay) - from + 1 }, (_, i) => dayText(from + i));
}

// A memo of a pure function (a history read decodes the same few days many times): no state.
const dayTexts = new Map<number, string>();

/** Days since 1970-01-01 → YYYY-MM-DD. */
export function dayText(dayNumber: number): string {
  let text = dayTexts.get(dayNumber);
  if (text === undefined) {
    text = utcDay(dayNumber * DAY_MS);
    if (dayTexts.size < 100_000) dayTexts.set(dayNumber, text);
  }
  return text;
}
