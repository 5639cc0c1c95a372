import { describe, expect, it, vi } from "vitest";
import { formatChartTime, utcTickLabels, utcTicks } from "../../../web/src/components/charts/chart-time";

/**
 * A browser in `timeZone`: Date's local getters answer as there (the test process runs in UTC,
 * and process.env.TZ cannot change it per test), so reading local time would show in the results.
 */
function browserIn(timeZone: string) {
  const format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", weekday: "short" });
  const part = (date: Date, type: Intl.DateTimeFormatPartTypes) => format.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  const local = (read: (date: Date) => number) =>
    function (this: Date) {
      return read(this);
    };
  vi.spyOn(Date.prototype, "getFullYear").mockImplementation(local((d) => Number(part(d, "year"))));
  vi.spyOn(Date.prototype, "getMonth").mockImplementation(local((d) => Number(part(d, "month")) - 1));
  vi.spyOn(Date.prototype, "getDate").mockImplementation(local((d) => Number(part(d, "day"))));
  vi.spyOn(Date.prototype, "getDay").mockImplementation(local((d) => ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(part(d, "weekday"))));
  vi.spyOn(Date.prototype, "getHours").mockImplementation(local((d) => Number(part(d, "hour"))));
  vi.spyOn(Date.prototype, "getMinutes").mockImplementation(local((d) => Number(part(d, "minute"))));
  vi.spyOn(Date.prototype, "getTimezoneOffset").mockImplementation(
    local((d) => (Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()) - Date.UTC(Number(part(d, "year")), Number(part(d, "month")) - 1, Number(part(d, "day")), Number(part(d, "hour")), Number(part(d, "minute")))) / 60_000),
  );
}

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (ticks: number[]) => ticks.map((tick) => new Date(tick * 1000).toISOString());

describe.each(["America/Los_Angeles", "Asia/Tokyo", "Pacific/Chatham"])("the charts' time axis with the browser in %s", (zone) => {
  it("ticks every UTC midnight of the week, where the daily points sit", () => {
    browserIn(zone);
    expect(new Date(at("2026-11-28T00:00:00Z") * 1000).getTimezoneOffset()).not.toBe(0);
    const week = utcTicks(at("2026-11-21T18:30:00Z"), at("2026-11-28T18:30:00Z"), 86_400);
    expect(iso(week)).toEqual(["22", "23", "24", "25", "26", "27", "28"].map((day) => `2026-11-${day}T00:00:00.000Z`));
    expect(iso(utcTicks(at("2026-11-21T18:30:00Z"), at("2026-11-28T18:30:00Z"), 2 * 86_400))).toEqual(["2026-11-22T00:00:00.000Z", "2026-11-24T00:00:00.000Z", "2026-11-26T00:00:00.000Z", "2026-11-28T00:00:00.000Z"]);
  });

  it("ticks the first of each UTC month at 30-day steps, across a daylight-saving change", () => {
    browserIn(zone);
    expect(iso(utcTicks(at("2026-08-30T18:30:00Z"), at("2026-11-28T18:30:00Z"), 30 * 86_400))).toEqual(["2026-09-01T00:00:00.000Z", "2026-10-01T00:00:00.000Z", "2026-11-01T00:00:00.000Z"]);
  });

  it("labels UTC days, with the year under the first tick and a new year's first", () => {
    browserIn(zone);
    expect(utcTickLabels(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"].map((day) => at(`${day}T00:00:00Z`)))).toEqual(["30 Dec\n2026", "31 Dec", "1 Jan\n2027", "2 Jan"]);
  });

  it("names a daily point's UTC day in the legend, and an hourly point's UTC time", () => {
    browserIn(zone);
    expect(formatChartTime(at("2026-11-28T00:00:00Z"))).toBe("28 Nov 2026");
    expect(formatChartTime(at("2026-11-27T23:00:00Z"))).toBe("27 Nov 2026 23:00 UTC");
  });
});
