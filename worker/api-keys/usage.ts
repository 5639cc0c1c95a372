import type { ApiKeyUsage } from "../contract/api-keys";
import { DAY_MS } from "../contract/time";

export const USAGE_DAYS = 7;

export interface HourCount {
  keyId: string;
  /** "YYYY-MM-DDTHH", UTC. */
  hour: string;
  requests: number;
}

/** The first hour of the 7-day usage window ending now. */
export function usageWindowStart(now: number): string {
  return new Date(now - (USAGE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10) + "T00";
}

/** One key's requests this hour and per day over the last 7 days. Pure. */
export function summarizeUsage(rows: readonly HourCount[], keyId: string, now: number): ApiKeyUsage {
  const thisHour = new Date(now).toISOString().slice(0, 13);
  const days = Array.from({ length: USAGE_DAYS }, (_, i) => ({
    day: new Date(now - (USAGE_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
    requests: 0,
  }));
  let hourRequests = 0;
  for (const row of rows) {
    if (row.keyId !== keyId) continue;
    if (row.hour === thisHour) hourRequests += row.requests;
    const day = days.find((d) => d.day === row.hour.slice(0, 10));
    if (day) day.requests += row.requests;
  }
  return { thisHour: hourRequests, days };
}
