import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createKey, proDemo } from "../api-keys/support";
import { clearOfHourEnd } from "../support/minute-window";
import { readRateLimit } from "../../../worker/contract/rate-limit-fields";

/** The limit counts per clock hour: a test that starts in an hour's last 20 s waits for the next, so it never straddles two. */
beforeEach(() => clearOfHourEnd(), 30_000);

describe("a busy client's lease is renewed before it runs out, over real requests", () => {
  // Each request is its own Worker invocation here (not app.request inside the test's): a grant
  // asked for by a request that has already answered lands only through its waitUntil, and
  // without it the takers after the spent lease would wait for a grant that never comes.
  it("250 key lookups in a row (2½ leases of Pro's hourly 1,000) are all answered, the hour's count going down by one each", { timeout: 20_000 }, async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    const remaining: number[] = [];
    for (let i = 0; i < 250; i++) {
      const res = await exports.default.fetch("http://localhost/api/v1/lookup?asin=B08N5WRWNW", { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status, await res.clone().text()).toBe(200);
      await res.arrayBuffer();
      remaining.push(readRateLimit(res.headers)!.remaining);
    }
    expect(remaining).toEqual(Array.from({ length: 250 }, (_, i) => 999 - i));
  });
});
