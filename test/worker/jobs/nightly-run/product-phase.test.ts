import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../../../worker/env";
import { findNightlyRun } from "../../../../worker/jobs/nightly-run-store";
import { MAX_BATCH_ATTEMPTS } from "../../../../worker/jobs/nightly-run/slice";
import { runNightlySlice } from "../../../../worker/jobs/nightly-run/start";
import { calls, control } from "../../support/creators-fake";
import {
  asinRange,
  creatorsEnv,
  insertAlert,
  insertUser,
  insertWatchlist,
  memoryNotes,
  recordingSource,
  resetHistoryTables,
  runSlicesToEnd,
  virtualClock,
} from "./support";
import { countPoints, historyPoints } from "../../support/history-shards";
import { buildServices, CREATORS_RATE_HEADROOM } from "../../../../worker/services";
import { systemClock } from "../../../../worker/upstreams/creators/budgeted";
import { virtualAmazon } from "../../support/virtual-amazon";
import { utcDay } from "../../../../worker/contract/time";
import { mockProduct } from "../../../../worker/upstreams/creators/mock";

const DAY = "2026-11-22";
const START = Date.UTC(2026, 10, 22, 2, 0);

beforeEach(async () => {
  await resetHistoryTables();
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

/** The product run of DAY to its end (1,000 slices at most: some tests take one call a slice); returns how many slices it took. */
const runToEnd = (bindings: Bindings, options: Parameters<typeof runSlicesToEnd>[2]) => runSlicesToEnd(bindings, DAY, { maxSlices: 1000, ...options });

async function track(keys: { marketplace: string; asin: string }[]) {
  const user = await insertUser();
  await insertWatchlist(user, keys);
  return user;
}

const us = (asins: string[]) => asins.map((asin) => ({ marketplace: "US", asin }));

describe("snapshot products phase", () => {
  it("snapshots ASINs only demo accounts track from the mock, never spending a live call on them", async () => {
    const demo = await insertUser({ isDemo: true });
    const demoOnly = asinRange("BDM", 12);
    const shared = asinRange("BSH", 3);
    await insertWatchlist(demo, us([...demoOnly, ...shared]));
    await insertAlert(demo, { marketplace: "US", asin: "BDMALERT01" });
    await track(us(shared));
    const bindings = creatorsEnv();

    await runToEnd(bindings, { notes: memoryNotes(), clock: virtualClock(START) });

    const getItems = await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID });
    expect(getItems.map((call) => call.itemIds)).toEqual([shared]);
    const points = await historyPoints({ day: DAY });
    const sourceOf = Object.fromEntries(points.map((point) => [point.asin, point.source]));
    for (const asin of [...demoOnly, "BDMALERT01"]) expect(sourceOf[asin], asin).toBe("mock");
    // The mock of the run's own day (not of the day the run happens to finish), so a demo's history moves.
    const rankOf = Object.fromEntries(points.map((point) => [point.asin, point.rank]));
    for (const asin of demoOnly) expect(rankOf[asin], asin).toBe(mockProduct(asin, "US", DAY).rank);
    for (const asin of shared) expect(sourceOf[asin], asin).toBe("live");
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "done" });
  });

  it("asks the Creators API for 10 ASINs of one marketplace per call and writes one live row per ASIN", async () => {
    const usAsins = asinRange("BUS", 25);
    const deAsins = asinRange("BDE", 7);
    await track([...us(usAsins), ...deAsins.map((asin) => ({ marketplace: "DE", asin }))]);
    const bindings = creatorsEnv();

    await runToEnd(bindings, { notes: memoryNotes(), clock: virtualClock(START) });

    const getItems = await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID });
    expect(getItems.map((call) => [call.marketplace, call.itemIds])).toEqual([
      ["www.amazon.de", deAsins],
      ["www.amazon.com", usAsins.slice(0, 10)],
      ["www.amazon.com", usAsins.slice(10, 20)],
      ["www.amazon.com", usAsins.slice(20)],
    ]);
    // Each marketplace is asked with its own store's partner tag.
    expect(getItems.map((call) => [call.status, call.body?.partnerTag])).toEqual([
      [200, "ranklayer-de-21"],
      [200, "ranklayer-us-20"],
      [200, "ranklayer-us-20"],
      [200, "ranklayer-us-20"],
    ]);

    expect(await countPoints({ day: DAY, source: "live" })).toBe(32);
    const [row] = await historyPoints({ asin: usAsins[0], marketplace: "US" });
    expect(row).toMatchObject({ day: DAY, source: "live", rank: expect.any(Number), price: expect.any(Number) });
    // The category ranks the Creators API gives (website category first) are kept with the rank.
    const categoryRanks = row!.categoryRanks;
    expect(categoryRanks.length).toBeGreaterThan(0);
    expect(categoryRanks[0]).toEqual({ category: expect.any(String), rank: row?.rank });
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "done", processed: 32, cursor: null });
  });

  it("labels rows from the mock source 'mock' when no Creators credentials are set", async () => {
    await track(us(asinRange("BMK", 3)));
    await runToEnd(env, { notes: memoryNotes(), clock: virtualClock(START) });
    expect(await countPoints({ source: "mock" })).toBe(3);
  });

  it("snapshots a region without credentials as labelled mock rows while the others stay live", async () => {
    await track([...us(asinRange("BRG", 2)), ...asinRange("BRJ", 2).map((asin) => ({ marketplace: "JP", asin }))]);
    const bindings = creatorsEnv({ CREATORS_FE_CREDENTIAL_ID: undefined, CREATORS_FE_CREDENTIAL_SECRET: undefined, CREATORS_FE_PARTNER_TAG: undefined });
    await runToEnd(bindings, { notes: memoryNotes(), clock: virtualClock(START) });
    const results = (await historyPoints({ day: DAY })).map((point) => ({ marketplace: point.marketplace, source: point.source }));
    expect(results).toEqual([
      { marketplace: "JP", source: "mock" },
      { marketplace: "JP", source: "mock" },
      { marketplace: "US", source: "live" },
      { marketplace: "US", source: "live" },
    ]);
    expect((await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID })).map((call) => call.marketplace)).toEqual(["www.amazon.com"]);
  });

  it.each([
    ["1", 1000],
    ["2", 500],
    ["0.5", 2000],
  ])("keeps the credential's CREATORS_REQUESTS_PER_SECOND=%s: calls start %i ms apart, and the headroom", async (rate, interval) => {
    const spacing = interval * (1 + CREATORS_RATE_HEADROOM);
    await track(us(asinRange("BRT", 50)));
    const bindings = creatorsEnv({ CREATORS_REQUESTS_PER_SECOND: rate });
    const clock = virtualClock(START);
    const source = recordingSource(buildServices(bindings).sources.nightlyRun(clock, utcDay(START)).sourceFor("US"), clock);

    await runToEnd(bindings, { notes: memoryNotes(), clock, source, maxMs: 60_000 });

    const starts = source.calls.map((call) => call.at);
    expect(starts).toHaveLength(5);
    expect(starts.slice(1).map((at, i) => at - starts[i]!)).toEqual([spacing, spacing, spacing, spacing]);
  });

  it("on the Worker's own clock against a new account's 1 TPS and a slow auth host, gets the access token before its slot: Amazon refuses no call", async () => {
    await track(us(asinRange("BRL", 30)));
    const bindings = creatorsEnv();
    // Amazon's TPS judged as each call leaves, on the clock only the run's waits move (support/virtual-amazon.ts):
    // on real time a loaded machine delayed arrivals past the 5 % headroom and Amazon refused them.
    const amazon = virtualAmazon({ perSecond: 1, authDelayMs: 300 });
    try {
      await amazon.settle([runToEnd(bindings, { notes: memoryNotes(), clock: systemClock })]);
    } finally {
      amazon.restore();
    }

    // The first batch left as its token came back, the others 1 s and the headroom apart.
    expect(amazon.sent.map((call) => [call.status, call.at - amazon.start])).toEqual([[200, 300], [200, 1350], [200, 2400]]);
    const sent = await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID });
    expect(sent.map((call) => [call.status, call.error])).toEqual([[200, undefined], [200, undefined], [200, undefined]]);
    expect(await countPoints()).toBe(30);
  });

  it("spreads calls over invocations when the rate does not fit one, and says when to go on", async () => {
    await track(us(asinRange("BIN", 100)));
    const bindings = creatorsEnv({ CREATORS_REQUESTS_PER_SECOND: "1" });
    const clock = virtualClock(START);
    // 2.5 s fit three calls (at 0, 1.05 and 2.1 s); the fourth would start at 3.15 s.
    const result = await runNightlySlice(buildServices(bindings), DAY, { notes: memoryNotes(), clock, maxMs: 2500 });
    expect(result).toEqual({ status: "more", resumeAt: START + 3 * 1000 * (1 + CREATORS_RATE_HEADROOM) });
    expect(await countPoints()).toBe(30);
  });

  it("running the same day again updates the rows in place, never adds a second one", async () => {
    const asins = asinRange("BSD", 12);
    await track(us(asins));
    const bindings = creatorsEnv();
    await runToEnd(bindings, { notes: memoryNotes(), clock: virtualClock(START) });
    const first = await historyPoints();

    // A done run is left alone: no call, no write.
    expect(await runNightlySlice(buildServices(bindings), DAY, { notes: memoryNotes(), clock: virtualClock(START + 3600_000) })).toEqual({ status: "done" });
    expect(await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID })).toHaveLength(2);

    // Forced again (its job_runs row removed), it rewrites the same 12 rows.
    await env.DB.prepare("DELETE FROM job_runs").run();
    await runToEnd(bindings, { notes: memoryNotes(), clock: virtualClock(START + 3600_000) });
    const second = await historyPoints();
    expect(second.map((row) => row.asin)).toEqual(first.map((row) => row.asin));
    expect(second).toHaveLength(12);
    expect(second.every((row) => Date.parse(row.capturedAt) >= START + 3600_000)).toBe(true);
  });

  it("an interrupted run resumes exactly at its cursor: every ASIN asked for once", async () => {
    const asins = asinRange("BRS", 57);
    const user = await track(us(asins.slice(0, 50)));
    // Alerts on ASINs of the watchlist and beyond it: still one request each.
    await insertAlert(user, { marketplace: "US", asin: asins[3]! });
    for (const asin of asins.slice(50)) await insertAlert(user, { marketplace: "US", asin });
    const bindings = creatorsEnv();
    const notes = memoryNotes();

    expect((await runNightlySlice(buildServices(bindings), DAY, { notes, clock: virtualClock(START), maxCalls: 2 })).status).toBe("more");
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "running", phase: "products", cursor: `US:${asins[19]}`, processed: 20 });
    expect(await countPoints()).toBe(20);

    const slices = await runToEnd(bindings, { notes, clock: virtualClock(START + 10_000), maxCalls: 2 });
    expect(slices).toBe(2);
    const requested = (await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID })).flatMap((call) => call.itemIds ?? []);
    expect(requested).toEqual(asins);
    expect(await countPoints()).toBe(57);
  });

  it("counts ASINs the source does not know and writes no row for them", async () => {
    const asins = asinRange("BNF", 4);
    await track(us(asins));
    await control("script", { asin: asins[1], behavior: "invalid" });
    const notes = memoryNotes();
    await runToEnd(creatorsEnv(), { notes, clock: virtualClock(START) });

    const rows = await historyPoints();
    expect(rows.map((row) => row.asin)).toEqual([asins[0], asins[2], asins[3]]);
    expect(notes.values.get(`${DAY}:notFound`)).toBe(1);
  });

  it("backs off when throttled, retries the same batch later, and gives up on it after a bounded number of attempts", async () => {
    const stuck = asinRange("BTH", 10);
    const fine = asinRange("BTI", 5);
    await track(us([...stuck, ...fine]));
    await control("script", { asins: [stuck[0]], behavior: "throttled", retryAfterSeconds: 120 });
    const bindings = creatorsEnv();
    const notes = memoryNotes();

    const first = await runNightlySlice(buildServices(bindings), DAY, { notes, clock: virtualClock(START) });
    // Retry-After (120 s) beats the first backoff step (30 s).
    expect(first).toEqual({ status: "more", resumeAt: START + 120_000 });
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ cursor: null, processed: 0 });

    const slices = await runToEnd(bindings, { notes, clock: virtualClock(START + 200_000) });
    // Four more attempts on the stuck batch, then one slice for the rest: the last 429 paused
    // the credential's budget for its Retry-After, longer than that slice could wait.
    expect(slices).toBe(MAX_BATCH_ATTEMPTS);
    const requested = (await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID })).map((call) => call.itemIds);
    expect(requested).toEqual([...Array(MAX_BATCH_ATTEMPTS).fill(stuck), fine]);
    const rows = await historyPoints();
    expect(rows.map((row) => row.asin)).toEqual(fine);
    expect(notes.values.get(`${DAY}:failed`)).toBe(10);
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "done", processed: 15 });
  });
});

describe("a marketplace the Creators API fails on every call (a regional outage)", () => {
  it("after one batch is given up on, the marketplace's next failing batches are given up at their first failure; another marketplace goes on as usual", async () => {
    const down = asinRange("BDN", 40);
    const up = asinRange("BUP", 5).map((asin) => ({ marketplace: "UK", asin }));
    await track([...us(down), ...up]);
    // One scripted ASIN fails its whole batch: each of the four batches has one.
    await control("script", { asins: [down[0], down[10], down[20], down[30]], behavior: "error500" });
    const bindings = creatorsEnv();
    const notes = memoryNotes();
    const clock = virtualClock(START);

    await runToEnd(bindings, { notes, clock });

    const requested = (await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID })).map((call) => call.itemIds?.[0]);
    // Five attempts on the first batch, then one on each of the three others, not five each.
    expect(requested.filter((first) => first?.startsWith("BDN"))).toHaveLength(MAX_BATCH_ATTEMPTS + 3);
    expect(requested.filter((first) => first?.startsWith("BUP"))).toHaveLength(1);
    expect(notes.values.get(`${DAY}:failed`)).toBe(40);
    expect((await historyPoints()).map((row) => row.asin)).toEqual(up.map((key) => key.asin));
    expect(clock.slept.reduce((sum, ms) => sum + ms, 0)).toBeLessThan(15 * 60_000);
  });
});

describe("snapshot products phase, stopped by a crash", () => {
  it("a slice that dies after a call but before its write resumes at that call: nothing skipped, no row doubled", async () => {
    const asins = asinRange("BCR", 30);
    await track(us(asins));
    const bindings = creatorsEnv();
    const clock = virtualClock(START);
    const live = buildServices(bindings).sources.nightlyRun(clock, utcDay(START)).sourceFor("US");
    let callsBeforeCrash = 2;
    // The third call's answer never reaches D1, as if the invocation were killed right there.
    const crashing = {
      kind: live.kind,
      async getItems(...args: Parameters<typeof live.getItems>) {
        const outcomes = await live.getItems(...args);
        if (callsBeforeCrash-- === 0) throw new Error("invocation killed");
        return outcomes;
      },
    };
    const notes = memoryNotes();

    await expect(runNightlySlice(buildServices(bindings), DAY, { notes, clock, source: crashing })).rejects.toThrow("invocation killed");
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ cursor: `US:${asins[19]}`, processed: 20 });

    await runToEnd(bindings, { notes, clock });
    const requested = (await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID })).map((call) => call.itemIds);
    // The lost call is asked again; every other batch once.
    expect(requested).toEqual([asins.slice(0, 10), asins.slice(10, 20), asins.slice(20), asins.slice(20)]);
    expect(await countPoints()).toBe(30);
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "done", processed: 30 });
  });
});
