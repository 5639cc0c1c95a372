import { formatDay } from "./chart-format";

// The app shows days in UTC everywhere (tables, sparklines, "as of"); so do the charts. uPlot
// places and labels time ticks in the browser's local time, and its `tzDate` shift still put a
// 30-day tick an hour off across a daylight-saving change, so the chart gives it ticks, labels
// and the legend's time from these, none of which reads the browser's zone.

const DAY = 86_400;
/** uPlot's month: its time increments of 30 days or more step by calendar months. */
const MONTH = 30 * DAY;

/**
 * The time axis's ticks from `from` to `to` (seconds): every UTC midnight `increment` apart from
 * the first in range, or the first of every UTC month (or every few) from an increment of 30 days.
 */
export function utcTicks(from: number, to: number, increment: number): number[] {
  const ticks: number[] = [];
  if (increment >= MONTH) {
    const start = new Date(from * 1000);
    const step = Math.max(1, Math.round(increment / MONTH));
    for (let months = 0; ; months += step) {
      const tick = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1) / 1000;
      if (tick > to) return ticks;
      if (tick >= from) ticks.push(tick);
    }
  }
  const step = Math.max(1, Math.round(increment / DAY)) * DAY;
  for (let tick = Math.ceil(from / DAY) * DAY; tick <= to; tick += step) ticks.push(tick);
  return ticks;
}

/** The time axis's labels: "28 Nov", with the year under the first tick and the first of a new year. */
export function utcTickLabels(ticks: readonly number[]): string[] {
  let year: string | undefined;
  return ticks.map((seconds) => {
    const [day, month, thisYear] = formatDay(new Date(seconds * 1000).toISOString().slice(0, 10)).split(" ");
    const label = thisYear === year ? `${day} ${month}` : `${day} ${month}\n${thisYear}`;
    year = thisYear;
    return label;
  });
}

/** The legend's time: "28 Nov 2026" for a daily point (UTC midnight), "28 Nov 2026 14:00 UTC" for an hourly one. */
export function formatChartTime(seconds: number): string {
  const iso = new Date(seconds * 1000).toISOString();
  return formatDay(seconds % DAY === 0 ? iso.slice(0, 10) : iso);
}
