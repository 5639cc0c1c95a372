import { describe, expect, it } from "vitest";
import { rateLimitFields, readRateLimit } from "../../../worker/contract/rate-limit-fields";

const answer = (fields: Record<string, string>) => new Headers(fields);

describe("the rate-limit fields", () => {
  it("state a fixed window's quota with its length, and what is left with the seconds to its reset", () => {
    expect(rateLimitFields({ window: "minute", limit: 30, remaining: 29, resetSeconds: 41 })).toEqual({
      "RateLimit-Policy": '"minute";q=30;w=60',
      RateLimit: '"minute";r=29;t=41',
    });
    expect(rateLimitFields({ window: "day", limit: 5, remaining: 0, resetSeconds: 3600 })["RateLimit-Policy"]).toBe('"day";q=5;w=86400');
  });

  it("give a calendar month no window length, since months differ", () => {
    expect(rateLimitFields({ window: "month", limit: 100, remaining: 7, resetSeconds: 86400 })).toEqual({
      "RateLimit-Policy": '"month";q=100',
      RateLimit: '"month";r=7;t=86400',
    });
  });

  it("read back what they wrote", () => {
    const figures = { window: "hour", limit: 1000, remaining: 998, resetSeconds: 1800 };
    expect(readRateLimit(answer({ ...rateLimitFields(figures) }))).toEqual(figures);
  });

  it("read the named policy of an answer under two limits, else the first listed", () => {
    const day = rateLimitFields({ window: "day", limit: 5, remaining: 4, resetSeconds: 600 });
    const hour = rateLimitFields({ window: "hour", limit: 1000, remaining: 10, resetSeconds: 60 });
    const headers = new Headers();
    for (const fields of [day, hour]) for (const [name, value] of Object.entries(fields)) headers.append(name, value);
    expect(headers.get("RateLimit")).toBe('"day";r=4;t=600, "hour";r=10;t=60');
    expect(readRateLimit(headers, "hour")).toEqual({ window: "hour", limit: 1000, remaining: 10, resetSeconds: 60 });
    expect(readRateLimit(headers)).toMatchObject({ window: "day", remaining: 4 });
  });

  it("read nothing from an answer without them, with half of them, or with figures that are not numbers", () => {
    expect(readRateLimit(answer({}))).toBeNull();
    expect(readRateLimit(answer({ RateLimit: '"minute";r=3;t=9' }))).toBeNull();
    expect(readRateLimit(answer({ "RateLimit-Policy": '"minute";q=30', RateLimit: '"minute";r=x;t=9' }))).toBeNull();
    expect(readRateLimit(answer({ "RateLimit-Policy": '"day";q=5', RateLimit: '"day";r=1;t=9' }), "minute")).toBeNull();
  });
});
