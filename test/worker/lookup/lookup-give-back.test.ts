import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import { newAsin, uniqueClient } from "../support/creators-fake";
import { liveEnv } from "./live-env";
import { readRateLimit } from "../../../worker/contract/rate-limit-fields";

/**
 * A lookup the caller paid for and did not get (Amazon failing, RankLayer's own budget busy)
 * is given back: an outage never spends the month's allowance. An unknown ASIN was answered.
 */

let nextIp = 1;

async function get(path: string, bindings: Env, ip: string) {
  const ctx = createExecutionContext();
  const res = await app.request(path, { headers: { "CF-Connecting-IP": ip } }, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A deployment whose Creators budget allows one call and then stays busy, with `perMonth` Free lookups. */
function busyAfterOneCall(perMonth: number) {
  return liveEnv(uniqueClient(), { CREATORS_REQUESTS_PER_SECOND: "0.001", CREATORS_BURST: "1", LOOKUP_LIMIT_PER_MONTH: String(perMonth) });
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("lookups that failed cost nothing", () => {
  it("a lookup answered 503 gives its lookup back: more failures than the month allows, never a 429", async () => {
    const bindings = busyAfterOneCall(3);
    const ip = `203.0.113.${nextIp++}`;
    const first = await get(`/api/v1/lookup?asin=${newAsin()}&marketplace=US`, bindings, ip);
    expect(first.status).toBe(200);
    expect(readRateLimit(first.headers)?.remaining).toBe(2);
    for (let attempt = 0; attempt < 5; attempt++) {
      const busy = await get(`/api/v1/lookup?asin=${newAsin()}&marketplace=US`, bindings, ip);
      expect(busy.status, `attempt ${attempt + 1}`).toBe(503);
      // Taken while it ran, given back after the answer: the next one sees the same figure.
      expect(readRateLimit(busy.headers)?.remaining).toBe(1);
    }
  });

  it("a compare answered 503 gives back every lookup it took", async () => {
    const bindings = busyAfterOneCall(4);
    const ip = `203.0.113.${nextIp++}`;
    expect((await get(`/api/v1/compare?asins=${newAsin()}`, bindings, ip)).status).toBe(200);
    for (let attempt = 0; attempt < 3; attempt++) {
      const busy = await get(`/api/v1/compare?asins=${newAsin()},${newAsin()},${newAsin()}`, bindings, ip);
      expect(busy.status, `attempt ${attempt + 1}`).toBe(503);
    }
    const peek = await get(`/api/v1/compare?asins=${newAsin()},${newAsin()},${newAsin()}`, bindings, ip);
    expect(readRateLimit(peek.headers)?.remaining).toBe(0);
  });
});
