import { describe, expect, it } from "vitest";
import { orderMetricsAnswer } from "../../../fakes/spapi-sales";
import { orderMetricsInterval } from "../../../../worker/upstreams/spapi/sales-days";
import { getOrderMetricsDayExample } from "../../fixtures/spapi/get-order-metrics";

const query = (params: Record<string, string>) => new URLSearchParams({ marketplaceIds: "ATVPDKIKX0DER", granularity: "Day", asin: "B00CGZQU42", ...params });
const normal = { behavior: "normal" as const };
const EXAMPLE = getOrderMetricsDayExample.response.payload[0];

describe("the fake getOrderMetrics is as strict as Amazon about time zones", () => {
  it("refuses a granularityTimeZone that does not match the interval's offsets, with Amazon's 400 InvalidInput", () => {
    for (const [interval, zone] of [
      ["2026-11-20T00:00:00Z--2026-11-21T00:00:00Z", "America/Los_Angeles"],
      ["2026-11-20T00:00:00-08:00--2026-11-21T00:00:00-08:00", "UTC"],
      ["2026-11-20T00:00:00-07:00--2026-11-21T00:00:00-07:00", "America/Los_Angeles"],
      ["2026-11-20T00:00:00+00:00--2026-11-21T00:00:00+00:00", "Europe/Berlin"],
    ]) {
      expect(orderMetricsAnswer(query({ interval: interval!, granularityTimeZone: zone! }), normal, EXAMPLE)).toMatchObject({ status: 400, code: "InvalidInput", message: expect.stringMatching(/does not match the offset/) });
    }
  });

  it("refuses Day without a time zone, and an unknown zone", () => {
    expect(orderMetricsAnswer(query({ interval: "2026-11-20T00:00:00Z--2026-11-21T00:00:00Z" }), normal, EXAMPLE)).toMatchObject({ status: 400, message: expect.stringMatching(/granularityTimeZone is required/) });
    expect(orderMetricsAnswer(query({ interval: "2026-11-20T00:00:00Z--2026-11-21T00:00:00Z", granularityTimeZone: "Mars/Olympus" }), normal, EXAMPLE)).toMatchObject({ status: 400 });
  });

  it("accepts the app's interval in every marketplace and answers each local day in the zone's offset, as the model's example does", () => {
    for (const marketplace of ["US", "UK", "DE", "FR", "IT", "ES", "CA", "MX"] as const) {
      const { interval, granularityTimeZone } = orderMetricsInterval("2026-10-24", "2026-10-26", marketplace);
      const answer = orderMetricsAnswer(query({ interval, granularityTimeZone }), normal, EXAMPLE);
      expect(answer.status).toBe(200);
      expect((answer as { payload: { interval: string }[] }).payload).toHaveLength(3);
    }
    const { interval, granularityTimeZone } = orderMetricsInterval("2026-10-24", "2026-10-26", "DE");
    const answer = orderMetricsAnswer(query({ interval, granularityTimeZone }), { behavior: "normal", omitDays: ["2026-10-25"] }, EXAMPLE) as { payload: { interval: string }[] };
    expect(answer.payload.map((day) => day.interval)).toEqual(["2026-10-24T00:00+02:00--2026-10-25T00:00+02:00", "2026-10-26T00:00+01:00--2026-10-27T00:00+01:00"]);
  });
});
