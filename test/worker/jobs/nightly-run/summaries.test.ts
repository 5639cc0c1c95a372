import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { trackedSummaries } from "../../../../worker/dashboard/summary-store";
import { asinRange, creatorsEnv, insertUser, insertWatchlist, resetHistoryTables, runSlicesToEnd, virtualClock } from "./support";

const DAY = "2026-11-22";
const START = Date.UTC(2026, 10, 22, 2, 0);

beforeEach(async () => {
  await resetHistoryTables();
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the nightly run writes each tracked ASIN's summary", () => {
  it("one summary per ASIN it snapshotted, computed during the run, from the day's point", async () => {
    const asins = asinRange("BSUM", 23);
    const user = await insertUser();
    await insertWatchlist(user, asins.map((asin) => ({ marketplace: "US", asin })));
    await runSlicesToEnd(creatorsEnv(), DAY, { clock: virtualClock(START) });

    const rows = await trackedSummaries(env.DB, user, asins.map((asin) => ({ marketplace: "US", asin })), DAY, DAY);
    expect(rows.map((row) => row.summary?.lastDay)).toEqual(asins.map(() => DAY));
    for (const row of rows) {
      expect(row.summary!.source).toBe("live");
      expect(row.summary!.rank).toEqual(expect.any(Number));
      expect(row.summary!.computedAt.slice(0, 10)).toBe(DAY);
      expect(row.summary!.figures.spark.at(-1)).toEqual([29, row.summary!.rank]);
    }
  });
});
