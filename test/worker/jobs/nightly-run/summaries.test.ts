import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { trackedSummaries } from "../../../../worker/dashboard/summary-store";
import { buildServices } from "../../../../worker/services";
import { runNightlySlice } from "../../../../worker/jobs/nightly-run/start";
import { MockProductSource } from "../../../../worker/upstreams/creators/mock";
import type { ProductSource } from "../../../../worker/upstreams/creators/product-source";
import { asinRange, creatorsEnv, insertUser, insertWatchlist, memoryNotes, resetHistoryTables, runSlicesToEnd, virtualClock } from "./support";

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

describe("a slice that dies after writing points", () => {
  it("still writes the summaries of the points it wrote: the next slice goes on past them", async () => {
    const asins = asinRange("BSDX", 20);
    const user = await insertUser();
    await insertWatchlist(user, asins.map((asin) => ({ marketplace: "US", asin })));
    const mock = new MockProductSource();
    let calls = 0;
    // The second call fails unexpectedly (not an upstream answer): the slice throws after the first call's points were written.
    const source: ProductSource = {
      kind: "live",
      async getItems(batch, marketplace) {
        calls += 1;
        if (calls === 2) throw new Error("unexpected failure");
        return mock.getItems(batch, marketplace);
      },
    };
    const bindings = creatorsEnv();
    const clock = virtualClock(START);
    const notes = memoryNotes();
    await expect(runNightlySlice(buildServices(bindings), DAY, { notes, clock, source })).rejects.toThrow("unexpected failure");
    await runSlicesToEnd(bindings, DAY, { clock, notes, source });

    const rows = await trackedSummaries(env.DB, user, asins.map((asin) => ({ marketplace: "US", asin })), DAY, DAY);
    expect(rows.map((row) => row.summary?.lastDay ?? null)).toEqual(asins.map(() => DAY));
  });
});
