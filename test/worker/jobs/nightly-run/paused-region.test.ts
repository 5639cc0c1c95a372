import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { buildServices } from "../../../../worker/services";
import { findNightlyRun } from "../../../../worker/jobs/nightly-run-store";
import { runNightlySlice } from "../../../../worker/jobs/nightly-run/start";
import { calls, control, uniqueClient } from "../../support/creators-fake";
import { asinRange, creatorsEnv, insertUser, insertWatchlist, memoryNotes, resetRunState, virtualClock } from "./support";
import { historyPoints } from "../../support/history-shards";

const DAY = "2026-11-22";
const START = Date.UTC(2026, 10, 22, 2, 0);

beforeEach(resetRunState);

describe("a paused region in the nightly run", () => {
  it("never holds up another region: US is snapshotted at once while DE waits out its 30-minute Retry-After, then DE is done", async () => {
    const user = await insertUser();
    const de = asinRange("BPD", 20);
    const us = asinRange("BPU", 20);
    await insertWatchlist(user, [...de.map((asin) => ({ marketplace: "DE", asin })), ...us.map((asin) => ({ marketplace: "US", asin }))]);
    // EU and NA credentials apart, so each region has its own budget.
    const euClient = uniqueClient();
    const bindings = creatorsEnv({ CREATORS_EU_CREDENTIAL_ID: euClient });
    await control("script", { asins: [de[0]], behavior: "throttled", retryAfterSeconds: 1800 });
    const clock = virtualClock(START);
    const notes = memoryNotes();

    const first = await runNightlySlice(buildServices(bindings), DAY, { notes, clock });
    // The first slice did all of US, and stops only to wait for DE's pause.
    const usPoints = (await historyPoints()).filter((row) => row.marketplace === "US");
    expect(usPoints).toHaveLength(20);
    expect(clock.now() - START).toBeLessThan(60_000);
    expect(first).toEqual({ status: "more", resumeAt: expect.any(Number) });
    if (first.status !== "more") throw new Error("unreachable");
    expect(first.resumeAt - START).toBeGreaterThanOrEqual(1_800_000);
    expect(first.resumeAt - START).toBeLessThanOrEqual(3_600_000);

    await control("script", { asins: [de[0]], behavior: "normal" });
    for (let slice = 0; slice < 20; slice++) {
      await clock.sleep(Math.max(0, (first.resumeAt ?? 0) - clock.now()));
      if ((await runNightlySlice(buildServices(bindings), DAY, { notes, clock })).status === "done") break;
    }
    expect((await historyPoints()).filter((row) => row.marketplace === "DE")).toHaveLength(20);
    // Each DE batch answered once after the pause; the throttled one was asked twice in all. US never again.
    const euCalls = await calls({ kind: "getItems", clientId: euClient });
    expect(euCalls.map((call) => call.status)).toEqual([429, 200, 200]);
    expect((await calls({ kind: "getItems", clientId: bindings.CREATORS_NA_CREDENTIAL_ID })).filter((call) => call.marketplace === "www.amazon.com")).toHaveLength(2);
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "done" });
  });
});
