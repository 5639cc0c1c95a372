import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { durableBudget } from "../../../../worker/upstreams/budget/budget-client";
import { creatorsBucket, emptyBucket, landedBy, penalize, takeToken, type BucketLimits, type BucketState } from "../../../../worker/upstreams/budget/token-bucket";
import { buildServices } from "../../../../worker/services";
import { MockProductSource } from "../../../../worker/upstreams/creators/mock";
import { UpstreamError } from "../../../../worker/upstreams/creators/product-source";
import { calls, control, newAsin } from "../../support/creators-fake";
import { creatorsEnv, virtualClock } from "../../jobs/nightly-run/support";
import { utcDay } from "../../../../worker/contract/time";

const ONE_PER_SECOND: BucketLimits = { ratePerSecond: 1, burst: 1 };
const T = Date.UTC(2026, 10, 22, 2, 0);

/** Applies takes in order on one bucket; returns each grant. */
function run(limits: BucketLimits, steps: [priority: "interactive" | "batch", at: number][], state: BucketState = emptyBucket()) {
  return steps.map(([priority, at]) => {
    const next = takeToken(state, limits, priority, at, 4000);
    state = next.state;
    return next.grant;
  });
}

describe("token bucket", () => {
  it("paces at the credential's rate and lets a burst through after a quiet spell", () => {
    expect(run(ONE_PER_SECOND, [["batch", T], ["batch", T], ["batch", T + 1000]])).toEqual([
      { ok: true, waitMs: 0 },
      { ok: false, retryAt: T + 1000 },
      { ok: true, waitMs: 0 },
    ]);
    const burst = run({ ratePerSecond: 2, burst: 3 }, [["batch", T], ["batch", T], ["batch", T], ["batch", T]]);
    expect(burst.map((grant) => grant.ok)).toEqual([true, true, true, false]);
    expect(burst[3]).toEqual({ ok: false, retryAt: T + 500 });
  });

  it("serves interactive calls first: batch only takes a token free now, interactive reserves the next one", () => {
    const grants = run(ONE_PER_SECOND, [
      ["batch", T], // the run takes the free token
      ["interactive", T + 10], // a lookup reserves the next token: waits 990 ms, less than one interval
      ["batch", T + 1000], // the run comes back when its token was due: the lookup has it
      ["interactive", T + 1200], // a second lookup queues behind the first
      ["batch", T + 2000],
      ["batch", T + 3000], // lookups are done: the run takes every token again
    ]);
    expect(grants).toEqual([
      { ok: true, waitMs: 0 },
      { ok: true, waitMs: 990 },
      { ok: false, retryAt: T + 2000 },
      { ok: true, waitMs: 800 },
      { ok: false, retryAt: T + 3000 },
      { ok: true, waitMs: 0 },
    ]);
  });

  it("refuses an interactive call whose wait would pass its bound, and reserves nothing for it", () => {
    const queued = run({ ratePerSecond: 1, burst: 1 }, [["interactive", T], ["interactive", T], ["interactive", T], ["interactive", T], ["interactive", T], ["interactive", T]]);
    expect(queued.map((grant) => (grant.ok ? grant.waitMs : "refused"))).toEqual([0, 1000, 2000, 3000, 4000, "refused"]);
    expect(queued[5]).toEqual({ ok: false, retryAt: T + 5000 });
  });

  it("paces the next call from when the last was answered, since a call can land well after it left", () => {
    const limits: BucketLimits = { ratePerSecond: 1, burst: 2 };
    const first = takeToken(emptyBucket(), limits, "interactive", T, 4000);
    // The first call reached Amazon 300 ms after it left (a new connection) and was answered at T + 400.
    const second = takeToken(landedBy(first.state, limits, T + 400), limits, "interactive", T + 450, 4000);
    const third = takeToken(landedBy(second.state, limits, T + 500), limits, "interactive", T + 550, 4000);
    // Paced from departures alone, the third call would leave at T + 1000: 700 ms after the first call landed.
    const departuresOnly = run(limits, [["interactive", T], ["interactive", T + 450], ["interactive", T + 550]]);
    expect(departuresOnly.map((grant) => grant.ok && grant.waitMs)).toEqual([0, 0, 450]);
    expect([first.grant, second.grant, third.grant]).toEqual([
      { ok: true, waitMs: 0 },
      { ok: true, waitMs: 0 }, // the burst's second token
      { ok: true, waitMs: 850 }, // leaves at T + 1400: a second after the first call's answer
    ]);
    // An answer that came before the bucket's next token moves nothing.
    expect(landedBy(third.state, limits, T + 600)).toBe(third.state);
  });

  it("a 429 stops everyone for its Retry-After, then runs at half rate for as long again", () => {
    const state = penalize(takeToken(emptyBucket(), ONE_PER_SECOND, "batch", T, 0).state, T + 100, 10);
    expect(takeToken(state, ONE_PER_SECOND, "interactive", T + 200, 4000).grant).toEqual({ ok: false, retryAt: T + 10_100 });
    expect(takeToken(state, ONE_PER_SECOND, "batch", T + 200, 0).grant).toEqual({ ok: false, retryAt: T + 10_100 });
    const after = run(ONE_PER_SECOND, [["batch", T + 10_100], ["batch", T + 10_100], ["batch", T + 20_100], ["batch", T + 21_100]], state);
    expect(after).toEqual([
      { ok: true, waitMs: 0 },
      { ok: false, retryAt: T + 12_100 }, // two seconds apart while slowed
      { ok: true, waitMs: 0 },
      { ok: true, waitMs: 0 }, // back to one per second
    ]);
  });
});

describe("UpstreamBudget Durable Object", () => {
  it("is one bucket per name, shared by every caller", async () => {
    const name = `creators:na:${crypto.randomUUID()}`;
    const a = durableBudget(env, name, ONE_PER_SECOND);
    const b = durableBudget(env, name, ONE_PER_SECOND);
    expect(await a.take("batch", T, 0)).toEqual({ ok: true, waitMs: 0 });
    expect(await b.take("batch", T + 1, 0)).toEqual({ ok: false, retryAt: T + 1000 });
    expect(await b.take("interactive", T + 1, 4000)).toEqual({ ok: true, waitMs: 999 });
    expect(await durableBudget(env, `creators:eu:${crypto.randomUUID()}`, ONE_PER_SECOND).take("batch", T + 1, 0)).toMatchObject({ ok: true });
  });

  it("a rate the upstream stated holds for every caller of the bucket, whatever rate they were built with, is kept in storage and outlives a 429", async () => {
    const name = `spapi:A1SELLER${crypto.randomUUID()}:getItemOffersBatch`;
    const atDefault = () => durableBudget(env, name, { ratePerSecond: 0.1, burst: 1 });
    expect(await atDefault().take("batch", T, 0)).toMatchObject({ ok: true });
    // Answered 500 ms later, stating 0.05/s.
    await atDefault().landed(T + 500, 0.05);
    // A caller built later at the model's default (the next invocation) still waits 20 s, from the answer.
    expect(await atDefault().take("batch", T + 10_000, 0)).toEqual({ ok: false, retryAt: T + 20_500 });
    // The rate is stored (the landing, like a grant, is kept in memory).
    const stub = env.UPSTREAM_BUDGET.get(env.UPSTREAM_BUDGET.idFromName(name));
    const stored = await runInDurableObject(stub, (_instance, state) => state.storage.get<BucketState>("bucket"));
    expect(stored).toMatchObject({ statedRate: 0.05, tat: T + 20_000 });

    // A 429's pause keeps it: after the pause and its slow spell the bucket runs at 0.05/s again.
    await atDefault().penalize(T + 20_000, 1);
    const paused = await runInDurableObject(stub, (_instance, state) => state.storage.get<BucketState>("bucket"));
    expect(paused).toMatchObject({ statedRate: 0.05, pausedUntil: T + 21_000 });
  });

  it("shrinks on Amazon's 429: the run's source reports it, and lookups on the credential stop at the bucket", async () => {
    const bindings = creatorsEnv({ CREATORS_BURST: "5" });
    const asin = newAsin();
    await control("script", { asin, behavior: "throttled", retryAfterSeconds: 60 });
    const clock = virtualClock(Date.now());
    const { sourceFor, budgetOf } = buildServices(bindings).sources.nightlyRun(clock, utcDay(clock.now()));
    expect(await budgetOf("US").take("batch", clock.now(), 0)).toMatchObject({ ok: true });
    await expect(sourceFor("US").getItems([asin], "US")).rejects.toMatchObject({ kind: "throttled", retryAfterSeconds: 60 });

    // A lookup now is refused by the shared bucket without reaching Amazon: the wait (60 s) passes its bound.
    const before = (await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID })).length;
    const lookup = buildServices(bindings).sources.product("US").getItems([newAsin()], "US");
    await expect(lookup).rejects.toBeInstanceOf(UpstreamError);
    await expect(lookup).rejects.toMatchObject({ kind: "busy" });
    expect(await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID })).toHaveLength(before);
    // Another region of the same credential has its own bucket and goes on.
    expect(await budgetOf("DE").take("batch", clock.now(), 0)).toMatchObject({ ok: true });
  });

  it("keys each region's bucket by that region's own credential id; a region on the mock has none", async () => {
    const na = `na-${crypto.randomUUID()}`;
    const eu = `eu-${crypto.randomUUID()}`;
    const bindings = creatorsEnv({
      CREATORS_NA_CREDENTIAL_ID: na,
      CREATORS_EU_CREDENTIAL_ID: eu,
      CREATORS_FE_CREDENTIAL_ID: undefined,
      CREATORS_FE_CREDENTIAL_SECRET: undefined,
      CREATORS_FE_PARTNER_TAG: undefined,
    });
    const budgetOf = buildServices(bindings).sources.creatorsBudget;
    // Another caller of the EU credential (any isolate) spends its one token: DE and UK wait, US does not.
    expect(await durableBudget(bindings, creatorsBucket("eu", eu), ONE_PER_SECOND).take("batch", T, 0)).toMatchObject({ ok: true });
    expect(await budgetOf("DE").take("batch", T + 1, 0)).toEqual({ ok: false, retryAt: T + 1000 });
    expect(await budgetOf("UK").take("batch", T + 1, 0)).toEqual({ ok: false, retryAt: T + 1000 });
    expect(await budgetOf("US").take("batch", T + 1, 0)).toMatchObject({ ok: true });
    // FE has no credential: the labelled mock, with no quota to wait for.
    expect(await budgetOf("JP").take("batch", T + 1, 0)).toMatchObject({ ok: true });
    expect(await budgetOf("JP").take("batch", T + 2, 0)).toMatchObject({ ok: true });
    expect(buildServices(bindings).sources.product("JP")).toBeInstanceOf(MockProductSource);
    expect(buildServices(bindings).sources.product("UK").kind).toBe("live");
  });
});
