import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { buildServices } from "../../../../worker/services";
import { findNightlyRun } from "../../../../worker/jobs/nightly-run-store";
import { runNightlySlice } from "../../../../worker/jobs/nightly-run/start";
import { MockProductSource } from "../../../../worker/upstreams/creators/mock";
import { UpstreamError, type ProductSource } from "../../../../worker/upstreams/creators/product-source";
import { asinRange, creatorsEnv, insertUser, insertWatchlist, memoryNotes, resetRunState, virtualClock } from "./support";
import { historyPoints } from "../../support/history-shards";

const DAY = "2026-11-22";
const START = Date.UTC(2026, 10, 22, 2, 0);

beforeEach(resetRunState);

describe("a paused marketplace's revisit killed midway", () => {
  it("resumes after the last written points: no ASIN of the revisit goes without its day's point", async () => {
    const user = await insertUser();
    const de = asinRange("BRV", 20);
    await insertWatchlist(user, [...de.map((asin) => ({ marketplace: "DE", asin })), { marketplace: "US", asin: "BRVUS00001" }]);
    const mock = new MockProductSource();
    const state = { deCalls: 0, killBeforeNextCall: false };
    // DE is paused for 30 minutes at first; on the revisit, the slice dies right after DE's first answer.
    const source: ProductSource = {
      kind: "live",
      async ready() {
        if (state.killBeforeNextCall) {
          state.killBeforeNextCall = false;
          throw new Error("isolate killed");
        }
      },
      async getItems(asins, marketplace) {
        if (marketplace === "DE") {
          state.deCalls += 1;
          if (state.deCalls === 1) throw new UpstreamError("throttled", "429", 1800);
          if (state.deCalls === 2) state.killBeforeNextCall = true;
        }
        return mock.getItems(asins, marketplace);
      },
    };
    const bindings = creatorsEnv();
    const clock = virtualClock(START);
    const notes = memoryNotes();
    const slice = () => runNightlySlice(buildServices(bindings), DAY, { notes, clock, source });

    const first = await slice();
    expect(first.status).toBe("more");
    if (first.status !== "more") throw new Error("unreachable");
    await clock.sleep(first.resumeAt - clock.now());
    await expect(slice()).rejects.toThrow("isolate killed");
    for (let attempt = 0; attempt < 10; attempt++) if ((await slice()).status === "done") break;

    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "done" });
    expect((await historyPoints({ marketplace: "DE", day: DAY })).map((point) => point.asin)).toEqual(de);
  });
});
