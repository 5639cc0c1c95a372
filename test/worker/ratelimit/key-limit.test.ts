import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { rateLimitFields } from "../../../worker/contract/rate-limit-fields";
import { peekKeyRequests, takeKeyRequest, type KeyLeaseBook } from "../../../worker/ratelimit/key-limit";
import { clearOfHourEnd } from "../support/minute-window";

const account = () => `user-${crypto.randomUUID()}`;

/** The limit counts per clock hour: a test that starts in an hour's last 20 s waits for the next, so it never straddles two. */
beforeEach(() => clearOfHourEnd(), 30_000);

describe("the account's hourly key limit across isolates", () => {
  it("holds 1,000 per hour under waves of 200 concurrent requests from 10 isolates: not one over", async () => {
    const userId = account();
    const isolates: KeyLeaseBook[] = Array.from({ length: 10 }, () => new Map());
    let allowed = 0;
    for (let wave = 0; wave < 7; wave++) {
      const decisions = await Promise.all(
        Array.from({ length: 200 }, (_, i) => takeKeyRequest(env, userId, 1000, { leases: isolates[i % isolates.length]! })),
      );
      allowed += decisions.filter((d) => d.allowed).length;
      for (const refused of decisions.filter((d) => !d.allowed)) expect(refused).toMatchObject({ remaining: 0, granted: 0 });
    }
    expect(allowed).toBeLessThanOrEqual(1000);
    // Only grants some isolate holds unspent are lost: at most a small share of the hour.
    expect(allowed).toBeGreaterThan(900);
    expect(await peekKeyRequests(env, userId, 1000)).toMatchObject({ remaining: 0, allowed: false });
  });

  it("states its decision as the hour's policy in the IETF draft's RateLimit-Policy and RateLimit fields", async () => {
    const decision = await takeKeyRequest(env, account(), 1000, { leases: new Map() });
    expect(rateLimitFields(decision)).toEqual({
      "RateLimit-Policy": '"hour";q=1000;w=3600',
      RateLimit: `"hour";r=999;t=${decision.resetSeconds}`,
    });
  });
});
