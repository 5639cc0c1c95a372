import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { configOf } from "../../../worker/config";
import { LookupCache } from "../../../worker/lookup/cache";
import { createLookups, type LookupDeps } from "../../../worker/lookup/lookup-use-case";
import type { LookupClient } from "../../../worker/ratelimit/lookup-limit";
import type { WindowDecision as LimitDecision } from "../../../worker/ratelimit/window";
import { MockProductSource } from "../../../worker/upstreams/creators/mock";
import { freeBrowserWith } from "../history/accounts";
import { newAsin } from "../support/creators-fake";
import { demoEnv, TestBrowser } from "../support/seller-browser";

const from = (ip: string) => ({ headers: { "CF-Connecting-IP": ip } });

describe("one lookup allowance for lookup and compare", () => {
  it("charges a signed-in Free user's compare to the account, as a lookup is, from any address", async () => {
    const bindings = { ...demoEnv(), LOOKUP_LIMIT_PER_MONTH: "3" };
    const browser = await freeBrowserWith(bindings);
    const compare = await browser.request(`/api/v1/compare?asins=${newAsin()},${newAsin()}`, from("198.51.100.7"));
    expect(compare.status).toBe(200);
    expect((await browser.request(`/api/v1/lookup?asin=${newAsin()}`, from("198.51.100.8"))).status).toBe(200);

    const over = await browser.request(`/api/v1/lookup?asin=${newAsin()}`, from("198.51.100.9"));
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ detail: expect.stringMatching(/^Monthly lookup limit reached: 3 lookups/), code: "rate_limited" });
    const compareOver = await browser.request(`/api/v1/compare?asins=${newAsin()}`, from("198.51.100.10"));
    expect(compareOver.status).toBe(429);

    // The addresses the account used keep their own anonymous allowance.
    const anonymous = await new TestBrowser(bindings).request(`/api/v1/compare?asins=${newAsin()},${newAsin()}`, from("198.51.100.7"));
    expect(anonymous.status).toBe(200);
  });
});

/** A limiter with `left` lookups, counting what was taken. */
function fakeDeps(left: number) {
  const taken: string[] = [];
  const recorded: string[] = [];
  const given: number[] = [];
  const decision = (allowed: boolean, remaining: number): LimitDecision => ({
    allowed, exceeded: allowed ? undefined : "month", granted: allowed ? 1 : 0, window: "month", limit: 10, remaining, resetSeconds: 60, resetAt: "2026-12-01T00:00:00.000Z", grantExpiresAt: 0,
  });
  const deps: LookupDeps = {
    db: env.DB,
    config: configOf(env),
    source: () => new MockProductSource(),
    cache: () => new LookupCache(env.LOOKUP_CACHE),
    recordPoint: (_ctx, lookup) => void recorded.push(lookup.result.asin),
    take: async (client: LookupClient) => {
      if (left === 0) return decision(false, 0);
      left -= 1;
      taken.push(client.key);
      return decision(true, left);
    },
    peek: async () => decision(left > 0, left),
    giveBack: async (_client, amount) => {
      left += amount;
      given.push(amount);
    },
  };
  return { deps, taken, recorded, given };
}

describe("createLookups", () => {
  const request = new Request("https://ranklayer.test/", { headers: { "CF-Connecting-IP": "192.0.2.44" } });

  it("counts an anonymous caller by address under the deployment's limits", async () => {
    const payer = await createLookups(fakeDeps(5).deps).payerOf(request, null);
    expect(payer).toEqual({ client: { key: "ip:192.0.2.44", limits: { perMinute: 30, perMonth: expect.any(Number) } }, plan: null });
  });

  it("spends all the lookups a compare needs, or none when fewer are left", async () => {
    const { deps, taken } = fakeDeps(2);
    const lookups = createLookups(deps);
    const payer = await lookups.payerOf(request, null);
    const refused = await lookups.take(payer, 3);
    expect(refused).toMatchObject({ allowed: false, exceeded: "month", remaining: 2 });
    expect(taken).toEqual([]);
    expect(await lookups.take(payer, 2)).toMatchObject({ allowed: true, remaining: 0 });
    expect(taken).toEqual(["ip:192.0.2.44", "ip:192.0.2.44"]);
    expect(await lookups.take(payer, 1)).toMatchObject({ allowed: false });
  });

  it("gives back what a compare took when another request spent the rest meanwhile", async () => {
    const { deps, given } = fakeDeps(2);
    // The peek saw 3 left; by the third take only 2 were.
    deps.peek = async () => ({ allowed: true, granted: 0, window: "month", limit: 10, remaining: 3, resetSeconds: 60, resetAt: "2026-12-01T00:00:00.000Z", grantExpiresAt: 0 });
    const lookups = createLookups(deps);
    const payer = await lookups.payerOf(request, null);
    expect(await lookups.take(payer, 3)).toMatchObject({ allowed: false });
    expect(given).toEqual([2]);
  });

  it("gives back after the answer one lookup per outcome Amazon or the budget failed, none for an unknown ASIN", async () => {
    const { deps, given } = fakeDeps(5);
    const lookups = createLookups(deps);
    const payer = await lookups.payerOf(request, null);
    const failed = (status: 404 | 503) => ({ ok: false as const, status, reason: status === 404 ? ("not_found" as const) : ("unavailable" as const), detail: "" });
    const ctx = createExecutionContext();
    lookups.giveBackFailed(ctx, payer, [failed(503), failed(404), failed(503)]);
    lookups.giveBackFailed(ctx, payer, [failed(404)]);
    await waitOnExecutionContext(ctx);
    expect(given).toEqual([2]);
  });

  it("answers every ASIN once and keeps each fresh product as a history point", async () => {
    const { deps, recorded } = fakeDeps(0);
    const ctx = createExecutionContext();
    const outcomes = await createLookups(deps).many(ctx, ["B08N5WRWNW", "B07XJ8C8F5", "B08N5WRWNW"], "US");
    await waitOnExecutionContext(ctx);
    expect([...outcomes.keys()]).toEqual(["B08N5WRWNW", "B07XJ8C8F5"]);
    expect([...outcomes.values()].every((outcome) => outcome.ok && outcome.result.source === "mock")).toBe(true);
    expect(recorded).toEqual(["B08N5WRWNW", "B07XJ8C8F5"]);
  });
});
