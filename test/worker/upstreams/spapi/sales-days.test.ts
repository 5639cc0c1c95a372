import { describe, expect, it } from "vitest";
import { localDay, localMidnight, offsetMinutes, orderMetricsInterval, revenueDays, revenueRunDay, SALES_TIME_ZONES } from "../../../../worker/upstreams/spapi/sales-days";

describe("sales days in the marketplace's time zone", () => {
  it("names an IANA zone for each of the nine marketplaces", () => {
    expect(SALES_TIME_ZONES).toMatchObject({ US: "America/Los_Angeles", UK: "Europe/London", DE: "Europe/Berlin", JP: "Asia/Tokyo" });
    for (const zone of Object.values(SALES_TIME_ZONES)) expect(() => new Intl.DateTimeFormat("en-US", { timeZone: zone })).not.toThrow();
  });

  it("reads offsets across daylight saving time", () => {
    expect(offsetMinutes(Date.UTC(2026, 10, 20, 12), "America/Los_Angeles")).toBe(-480);
    expect(offsetMinutes(Date.UTC(2026, 6, 1, 12), "America/Los_Angeles")).toBe(-420);
    expect(offsetMinutes(Date.UTC(2026, 6, 1, 12), "Europe/London")).toBe(60);
    expect(offsetMinutes(Date.UTC(2026, 10, 20, 12), "Asia/Tokyo")).toBe(540);
    expect(localMidnight("2026-11-20", "America/Los_Angeles")).toBe(Date.UTC(2026, 10, 20, 8));
    expect(localDay(Date.UTC(2026, 10, 22, 2), "America/Los_Angeles")).toBe("2026-11-21");
  });

  it("the run of 2026-11-22 (02:00 UTC) reads complete local days ending yesterday there, never today's partial day", () => {
    // 02:00 UTC is 18:00 on the 21st in Los Angeles: the 21st is not over, the 20th is the last complete day.
    expect(revenueDays("2026-11-22", "US", 3)).toEqual(["2026-11-18", "2026-11-19", "2026-11-20"]);
    // 11:00 in Tokyo and 02:00 in London on the 22nd: the 21st is complete.
    expect(revenueDays("2026-11-22", "JP", 1)).toEqual(["2026-11-21"]);
    expect(revenueDays("2026-11-22", "UK", 1)).toEqual(["2026-11-21"]);
    expect(revenueRunDay(Date.UTC(2026, 10, 22, 1, 59))).toBe("2026-11-21");
    expect(revenueRunDay(Date.UTC(2026, 10, 22, 2, 0))).toBe("2026-11-22");
  });

  it("writes getOrderMetrics' interval in the zone's offset, each end at its own (DST) offset", () => {
    expect(orderMetricsInterval("2026-11-14", "2026-11-20", "US")).toEqual({
      interval: "2026-11-14T00:00:00-08:00--2026-11-21T00:00:00-08:00",
      granularityTimeZone: "America/Los_Angeles",
    });
    // Europe leaves summer time on 2026-10-25: the start is at +02:00, the end at +01:00.
    expect(orderMetricsInterval("2026-10-24", "2026-10-25", "DE").interval).toBe("2026-10-24T00:00:00+02:00--2026-10-26T00:00:00+01:00");
    expect(orderMetricsInterval("2026-11-21", "2026-11-21", "UK").interval).toBe("2026-11-21T00:00:00+00:00--2026-11-22T00:00:00+00:00");
  });
});
