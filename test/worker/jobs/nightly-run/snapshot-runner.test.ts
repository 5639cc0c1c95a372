import { createScheduledController, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../../../worker/index";
import { ensureNightlyRun, findNightlyRun, finishNightlyRun } from "../../../../worker/jobs/nightly-run-store";
import type { SnapshotRunner } from "../../../../worker/jobs/nightly-run/snapshot-runner";
import * as runFinished from "../../../../worker/jobs/nightly-run/run-finished";
import * as start from "../../../../worker/jobs/nightly-run/start";
import * as extraRefresh from "../../../../worker/jobs/nightly-run/extra-refresh";
import { nightlyRunner, startNightlyRun } from "../../../../worker/jobs/nightly-run/start";
import { asinRange, insertUser, insertWatchlist, resetHistoryTables } from "./support";
import { countPoints, historyPoints } from "../../support/history-shards";
import { buildServices } from "../../../../worker/services";

// The test config sets SNAPSHOT_REQUESTS_PER_SECOND = "0.01": every alarm makes one call
// and sets the next one 100 s ahead, so once armed ahead nothing fires on its own during a
// test. An alarm armed for now (startNightlyRun) fires on its own: those tests wait for it.
const NOW = Date.now();
const DAY = new Date(NOW).toISOString().slice(0, 10);
/** `ms` after NOW, but never past DAY: a run started in the last minute before midnight UTC stays on its day (a CI run at 23:59 did not). */
const laterSameDay = (ms: number) => Math.min(NOW + ms, Date.parse(`${DAY}T23:59:59.999Z`));

beforeEach(async () => {
  await resetHistoryTables();
  await runInDurableObject(nightlyRunner(env), async (_instance, state) => {
    await state.storage.deleteAlarm();
    await state.storage.deleteAll();
  });
  vi.spyOn(console, "log").mockImplementation(() => {});
});

/** The state startNightlyRun leaves, with the alarm an hour ahead so the test steps it by hand. */
async function armAhead(day: string, nowMs: number): Promise<void> {
  await ensureNightlyRun(env.DB, day, new Date(nowMs).toISOString());
  await runInDurableObject(nightlyRunner(env), async (_instance, state) => {
    await state.storage.put("day", day);
    await state.storage.setAlarm(Date.now() + 3600_000);
  });
}

async function waitForDone(day: string) {
  await vi.waitFor(async () => expect(await findNightlyRun(env.DB, day)).toMatchObject({ status: "done" }), { timeout: 4000 });
}

async function pendingAlarm(): Promise<number | null> {
  return runInDurableObject(nightlyRunner(env), (_instance, state) => state.storage.getAlarm());
}

describe("SnapshotRunner alarm chain", () => {
  it("runs one bounded slice per alarm, sets the next alarm, and finishes the run", async () => {
    const user = await insertUser();
    await insertWatchlist(user, asinRange("BCH", 25).map((asin) => ({ marketplace: "US", asin })));
    const finished = vi.spyOn(runFinished, "onRunFinished");

    await armAhead(DAY, NOW);

    const processed: number[] = [];
    for (let alarm = 1; alarm <= 3; alarm++) {
      expect(await runDurableObjectAlarm(nightlyRunner(env))).toBe(true);
      processed.push((await findNightlyRun(env.DB, DAY))!.processed);
      if (alarm < 3) expect(await pendingAlarm()).toBeGreaterThan(Date.now() + 90_000);
    }
    expect(processed).toEqual([10, 20, 25]);
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "done" });
    expect(await pendingAlarm()).toBeNull();
    expect(await countPoints({ day: DAY, source: "mock" })).toBe(25);
    expect(finished).toHaveBeenCalledTimes(1);
    expect(finished).toHaveBeenCalledWith(expect.anything(), DAY);
  });

  it("resumes from the D1 cursor when the object lost its storage", async () => {
    const user = await insertUser();
    await insertWatchlist(user, asinRange("BLS", 20).map((asin) => ({ marketplace: "US", asin })));
    await armAhead(DAY, NOW);
    await runDurableObjectAlarm(nightlyRunner(env));
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "running", processed: 10 });
    await runInDurableObject(nightlyRunner(env), async (_instance, state) => {
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
    });

    // The next cron (or any restart) picks the run up at its cursor.
    expect(await startNightlyRun(buildServices(env), NOW)).toEqual({ day: DAY, status: "running" });
    await waitForDone(DAY);
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ processed: 20 });
    expect(await countPoints()).toBe(20);
  });

  it("a second start the same day does not redo a done run", async () => {
    const user = await insertUser();
    await insertWatchlist(user, [{ marketplace: "US", asin: "BONE000001" }]);
    await startNightlyRun(buildServices(env), NOW);
    await waitForDone(DAY);
    const done = await findNightlyRun(env.DB, DAY);

    expect(await startNightlyRun(buildServices(env), laterSameDay(60_000))).toEqual({ day: DAY, status: "done" });
    expect(await pendingAlarm()).toBeNull();
    expect(await findNightlyRun(env.DB, DAY)).toEqual(done);
  });
});

describe("the 0 2 * * * cron", () => {
  it("snapshots every tracked ASIN of the day, end to end, on seeded D1", async () => {
    const demo = await insertUser({ isDemo: true });
    const other = await insertUser();
    await insertWatchlist(demo, [
      { marketplace: "US", asin: "BCRON00001" },
      { marketplace: "US", asin: "BCRON00002" },
    ]);
    await insertWatchlist(other, [{ marketplace: "US", asin: "BCRON00001" }]);

    await worker.scheduled(createScheduledController({ cron: "0 2 * * *", scheduledTime: NOW }), env);
    // The armed alarm fires on its own; its one call covers both ASINs, then the demo seller.
    await waitForDone(DAY);

    const rows = (await historyPoints({ day: DAY })).map(({ marketplace, asin, source }) => ({ marketplace, asin, source }));
    expect(rows).toEqual([
      { marketplace: "US", asin: "BCRON00001", source: "mock" },
      { marketplace: "US", asin: "BCRON00002", source: "mock" },
    ]);
    // Only the demo account is a seller (the other user has no SP-API grant).
    const seller = await env.DB.prepare("SELECT workspace_id, asin, source FROM seller_snapshots ORDER BY asin").all();
    expect(seller.results).toEqual([
      { workspace_id: demo, asin: "BCRON00001", source: "mock" },
      { workspace_id: demo, asin: "BCRON00002", source: "mock" },
    ]);

    // Twice the same day: nothing more is written.
    await worker.scheduled(createScheduledController({ cron: "0 2 * * *", scheduledTime: laterSameDay(1000) }), env);
    expect(await pendingAlarm()).toBeNull();
    expect(await countPoints()).toBe(2);
  });
});

describe("a slice that throws (D1 down longer than the runtime's alarm retries)", () => {
  it("arms the chain again after a backoff instead of throwing, and the run goes on when D1 is back", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = await insertUser();
    await insertWatchlist(user, [{ marketplace: "US", asin: "BDOWN00001" }]);
    await armAhead(DAY, NOW);
    const slice = vi.spyOn(start, "runNightlySlice").mockRejectedValueOnce(new Error("D1_ERROR: Network connection lost."));

    const before = Date.now();
    expect(await runDurableObjectAlarm(nightlyRunner(env))).toBe(true);
    expect(await pendingAlarm()).toBeGreaterThanOrEqual(before + 30_000);
    expect(errors.mock.calls.some(([message]) => String(message).includes("slice failed (1 in a row)"))).toBe(true);

    expect(await runDurableObjectAlarm(nightlyRunner(env))).toBe(true);
    expect(slice).toHaveBeenCalledTimes(2);
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "done" });
  });
});

describe("an extra refresh that fails (D1 down at that hour)", () => {
  it("still arms the next hour's, rather than ending the hourly refreshes for the day", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = await insertUser();
    await env.DB.prepare("INSERT INTO user_settings (workspace_id, sync_frequency) VALUES (?, 'hourly')").bind(user).run();
    await ensureNightlyRun(env.DB, DAY, new Date(NOW).toISOString());
    await finishNightlyRun(env.DB, DAY, new Date(NOW).toISOString());
    await armAhead(DAY, NOW);
    vi.spyOn(extraRefresh, "runExtraRefresh").mockRejectedValueOnce(new Error("D1_ERROR: Network connection lost."));

    expect(await runDurableObjectAlarm(nightlyRunner(env))).toBe(true);
    // The next hour's refresh is armed.
    expect(await pendingAlarm()).toBeGreaterThan(Date.now());
  });
});

describe("the 30 2 * * * cron and a run whose alarm chain died", () => {
  it("arms the chain again: the day's run goes on from its cursor and finishes", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = await insertUser();
    await insertWatchlist(user, [{ marketplace: "US", asin: "BDEAD00001" }]);
    // The 02:00 run began, then its alarm's retries were spent (D1 down for minutes): no alarm, the row running.
    await ensureNightlyRun(env.DB, DAY, new Date(NOW).toISOString());
    expect(await pendingAlarm()).toBeNull();

    await worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: NOW }), env);

    await waitForDone(DAY);
    expect(await countPoints({ day: DAY })).toBe(1);
  });
});

describe("SnapshotRunner across days", () => {
  it("a new day takes over at once from an unfinished run waiting on a backoff", async () => {
    const user = await insertUser();
    await insertWatchlist(user, [{ marketplace: "US", asin: "BDAY000001" }]);
    const yesterday = new Date(NOW - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    // Yesterday's chain is parked an hour ahead with a retry counter.
    await armAhead(yesterday, NOW);
    await runInDurableObject(nightlyRunner(env), (_instance, state) => state.storage.put(`${yesterday}:attempts:products:`, 2));

    await startNightlyRun(buildServices(env), NOW);
    await waitForDone(DAY);
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ processed: 1 });
    expect(await findNightlyRun(env.DB, yesterday)).toMatchObject({ status: "running" });
    // Yesterday's notes are gone (today's too, now that its run is done).
    expect(await runInDurableObject(nightlyRunner(env), async (_instance, state) => [...(await state.storage.list()).keys()])).toEqual(["day"]);
  });
});

describe("SnapshotRunner when the 02:00 cron lands during an alarm", () => {
  it("a new day started while yesterday's last alarm (its extra refresh) is running still gets its run", async () => {
    const user = await insertUser();
    await insertWatchlist(user, [{ marketplace: "US", asin: "BRACE00001" }]);
    const yesterday = new Date(NOW - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    // Yesterday's run is done: its alarm is the hourly one (an extra refresh), firing at 02:00 like the cron.
    await ensureNightlyRun(env.DB, yesterday, new Date(NOW).toISOString());
    await finishNightlyRun(env.DB, yesterday, new Date(NOW).toISOString());
    await runInDurableObject(nightlyRunner(env), (_instance, state) => state.storage.put("day", yesterday));
    await ensureNightlyRun(env.DB, DAY, new Date(NOW).toISOString());

    await runInDurableObject(nightlyRunner(env), async (instance: SnapshotRunner) => {
      const alarm = instance.alarm();
      // The cron's start arrives while that alarm is under way.
      await instance.start(DAY);
      await alarm;
    });

    expect(await pendingAlarm()).not.toBeNull();
    await waitForDone(DAY);
    expect(await countPoints({ day: DAY })).toBe(1);
  });
});
