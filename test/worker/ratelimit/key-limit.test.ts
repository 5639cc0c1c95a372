import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { decideHourly, HOUR_MS } from "../../../worker/ratelimit/hourly-policy";
import { keyRateLimitHeaders, peekKeyRequests, takeKeyRequest, type KeyLeaseBook } from "../../../worker/ratelimit/key-limit";

const account = () => `user-${crypto.randomUUID()}`;

describe("decideHourly", () => {
  const hour = Date.UTC(2026, 10, 24, 14);
  it("grants a tenth of what is left, counts it, and reports the clock hour's reset", () => {
    const { count, decision } = decideHourly(undefined, 1000, hour + 30 * 60_000, "lease");
    expect(count).toEqual({ start: hour, count: 100 });
    expect(decision).toMatchObject({ allowed: true, granted: 100, remaining: 900, resetSeconds: 1800 });
    expect(decision.resetAt).toBe(new Date(hour + HOUR_MS).toISOString());
    expect(decision.grantExpiresAt).toBe(hour + 31 * 60_000);
  });

  it("refuses a full hour without counting, and starts over in the next hour", () => {
    const full = { start: hour, count: 1000 };
    expect(decideHourly(full, 1000, hour + 1, "lease")).toMatchObject({ count: full, decision: { allowed: false, granted: 0, remaining: 0 } });
    expect(decideHourly(full, 1000, hour + HOUR_MS, "lease").decision).toMatchObject({ allowed: true, granted: 100 });
  });

  it("a peek counts nothing", () => {
    expect(decideHourly({ start: hour, count: 10 }, 1000, hour, "peek")).toMatchObject({ count: { count: 10 }, decision: { granted: 0, remaining: 990 } });
  });
});

describe("the account's hourly key limit across isolates", () => {
  it("holds 1,000 per hour under waves of 200 concurrent requests from 10 isolates: not one over", async () => {
    const userId = account();
    const isolates: KeyLeaseBook[] = Array.from({ length: 10 }, () => new Map());
    let allowed = 0;
    for (let wave = 0; wave < 7; wave++) {
      const decisions = await Promise.all(
        Array.from({ length: 200 }, (_, i) => takeKeyRequest(env, userId, 1000, isolates[i % isolates.length]!)),
      );
      allowed += decisions.filter((d) => d.allowed).length;
      for (const refused of decisions.filter((d) => !d.allowed)) expect(refused).toMatchObject({ remaining: 0, granted: 0 });
    }
    expect(allowed).toBeLessThanOrEqual(1000);
    // Only grants some isolate holds unspent are lost: at most a small share of the hour.
    expect(allowed).toBeGreaterThan(900);
    expect(await peekKeyRequests(env, userId, 1000)).toMatchObject({ remaining: 0, allowed: false });
  });

  it("sends the IETF draft's RateLimit-Policy and RateLimit fields and the RateLimit-* trio", async () => {
    const decision = await takeKeyRequest(env, account(), 1000, new Map());
    const headers = keyRateLimitHeaders(decision);
    expect(headers).toEqual({
      "RateLimit-Policy": '"hourly";q=1000;w=3600',
      RateLimit: `"hourly";r=999;t=${decision.resetSeconds}`,
      "RateLimit-Limit": "1000",
      "RateLimit-Remaining": "999",
      "RateLimit-Reset": String(decision.resetSeconds),
    });
  });
});
