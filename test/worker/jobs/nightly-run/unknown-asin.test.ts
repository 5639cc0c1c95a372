import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { findNightlyRun } from "../../../../worker/jobs/nightly-run-store";
import { runNightlySlice } from "../../../../worker/jobs/nightly-run/start";
import { buildServices, CREATORS_RATE_HEADROOM } from "../../../../worker/services";
import { calls, control } from "../../support/creators-fake";
import { countPoints, historyPoints } from "../../support/history-shards";
import { asinRange, creatorsEnv, insertUser, insertWatchlist, memoryNotes, recordingSource, resetHistoryTables, runSlicesToEnd, virtualClock } from "./support";
import { utcDay } from "../../../../worker/contract/time";

const DAY = "2026-11-22";
const START = Date.UTC(2026, 10, 22, 2, 0);

beforeEach(async () => {
  await resetHistoryTables();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

async function trackUs(asins: string[]) {
  await insertWatchlist(
    await insertUser(),
    asins.map((asin) => ({ marketplace: "US", asin })),
  );
}

// Amazon answers a whole getItems call 404 ResourceNotFoundException naming one unknown ASIN.
describe("snapshot products phase, one unknown ASIN in a batch", () => {
  it("records the named ASIN as not found and snapshots the rest of its batch, with the second call paced like any other", async () => {
    const asins = asinRange("BUK", 12);
    const unknown = asins[3]!;
    await trackUs(asins);
    await control("script", { asin: unknown, behavior: "resource_not_found" });
    const bindings = creatorsEnv();
    const clock = virtualClock(START);
    const source = recordingSource(buildServices(bindings).sources.nightlyRun(clock, utcDay(START)).sourceFor("US"), clock);
    const notes = memoryNotes();

    await runSlicesToEnd(bindings, DAY, { notes, clock, source });

    const rest = asins.filter((asin) => asin !== unknown);
    const requested = (await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID })).map((call) => [call.status, call.itemIds]);
    // The 404 batch, then its nine others (with the next tracked ASIN), then the last one.
    expect(requested).toEqual([
      [404, asins.slice(0, 10)],
      [200, [...rest.slice(0, 9), asins[10]]],
      [200, [asins[11]]],
    ]);
    const starts = source.calls.map((call) => call.at);
    const spacing = 1000 * (1 + CREATORS_RATE_HEADROOM);
    expect(starts.slice(1).map((at, i) => at - starts[i]!)).toEqual([spacing, spacing]);
    expect((await historyPoints({ day: DAY })).map((point) => point.asin)).toEqual(rest);
    expect(notes.values.get(`${DAY}:notFound`)).toBe(1);
    expect(notes.values.get(`${DAY}:failed`)).toBeUndefined();
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "done", processed: 12 });
  });

  it("with one call a slice, asks the rest in the next slice without the unknown ASIN: never past the slice's call limit", async () => {
    const asins = asinRange("BUL", 12);
    const unknown = asins[0]!;
    await trackUs(asins);
    await control("script", { asin: unknown, behavior: "resource_not_found" });
    const bindings = creatorsEnv();
    const clock = virtualClock(START);
    const notes = memoryNotes();

    const first = await runNightlySlice(buildServices(bindings), DAY, { notes, clock, maxCalls: 1 });
    expect(first.status).toBe("more");
    expect(await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID })).toHaveLength(1);

    const slices = await runSlicesToEnd(bindings, DAY, { notes, clock, maxCalls: 1, maxSlices: 20 });
    const requested = (await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID })).map((call) => call.itemIds);
    expect(requested).toEqual([asins.slice(0, 10), asins.slice(1, 10), asins.slice(10)]);
    // Two more calls, one a slice, and the slice that finds nothing left.
    expect(slices).toBeLessThanOrEqual(3);
    expect(await countPoints({ day: DAY })).toBe(11);
    expect(notes.values.get(`${DAY}:notFound`)).toBe(1);
    expect(notes.values.get(`${DAY}:failed`)).toBeUndefined();
  });
});
