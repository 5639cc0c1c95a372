import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "../../../../worker/upstreams/creators/budgeted";
import { calls, control, newAsin, uniqueClient } from "../../support/creators-fake";
import { liveEnv, lookup } from "../../lookup/live-env";
import { virtualAmazon, type VirtualAmazon } from "../../support/virtual-amazon";

/**
 * Amazon counts each credential's getItems calls against its TPS and TPD and refuses the ones
 * past either with 429 and no Retry-After. The TPS is judged on the Worker's clock, moved only by
 * the lookups' waits (support/virtual-amazon.ts): on real time a loaded machine delays a call's
 * arrival by more than the budget's headroom, and the test would fail for the machine, not the code.
 */
let amazon: VirtualAmazon | undefined;

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  amazon?.restore();
  amazon = undefined;
});

/** Cold lookups of `count` new ASINs, all sent at once, each as its own client, run to the end on the virtual clock. */
function coldBurst(count: number, bindings: ReturnType<typeof liveEnv>) {
  return amazon!.settle(Array.from({ length: count }, () => lookup(`asin=${newAsin()}`, bindings)));
}

/** When each getItems call left the Worker, ms after the lookups began. */
const departures = () => amazon!.sent.map((call) => call.at - amazon!.start);

describe("Amazon's rate per credential", () => {
  it("a new account's 1 TPS: the budget at that rate spaces a burst of cold lookups over seconds, and Amazon refuses none", async () => {
    const clientId = uniqueClient();
    // The first call needs an access token, and Amazon's auth host takes its time.
    amazon = virtualAmazon({ perSecond: 1, authDelayMs: 300 });
    // Time for the third lookup to wait two slots and still retry once (the default 4 s would not).
    const bindings = liveEnv(clientId, { CREATORS_REQUESTS_PER_SECOND: "1", CREATORS_BURST: "1", UPSTREAM_TIMEOUT_MS: "8000" });

    const answers = await coldBurst(3, bindings);

    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(amazon.sent.map((call) => call.status)).toEqual([200, 200, 200]);
    // The first call's access token was granted before its slot, so it left as the grant came back, and
    // the others one interval apart: 1 s and the budget's 5 % headroom, never inside the second before.
    expect(departures()).toEqual([300, 1350, 2400]);
    // And they reached the fake upstream, which checked them as Amazon does.
    expect((await calls({ kind: "getItems", clientId })).map((call) => call.status)).toEqual([200, 200, 200]);
  });

  it("a budget set faster than the account: a 429 is tried once more after the pause, and a second one becomes a 503 with a Retry-After", async () => {
    const clientId = uniqueClient();
    amazon = virtualAmazon({ perSecond: 1 });
    // As if CREATORS_REQUESTS_PER_SECOND said 10 for a new account, or another deployment spent the same credential's rate.
    const bindings = liveEnv(clientId, { CREATORS_REQUESTS_PER_SECOND: "10", CREATORS_BURST: "10" });

    const answers = await coldBurst(3, bindings);

    // One call went through at once; of the two Amazon refused, one got the next second's slot on its second try.
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 503]);
    const refused = answers.find((res) => res.status === 503)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { detail: string }).detail).toBe("Amazon is limiting product data requests right now. Please try again shortly.");
    expect(amazon.sent.map((call) => call.status)).toEqual([200, 429, 429, 200, 429]);
    // The second tries waited out the pause the 429s put on the whole credential (1 s: Amazon sends no Retry-After).
    expect(departures()).toEqual([0, 0, 0, 1000, 1000]);
  });

  it("past the account's TPD, Amazon refuses however slowly the calls come", async () => {
    const clientId = uniqueClient();
    // The fake upstream judges the TPD; the clock only spares the test the real second of the retry's pause.
    await control("rate", { clientId, perSecond: 10, perDay: 2 });
    amazon = virtualAmazon({});
    const bindings = liveEnv(clientId);

    expect((await coldBurst(1, bindings))[0]!.status).toBe(200);
    expect((await coldBurst(1, bindings))[0]!.status).toBe(200);
    const [third] = await coldBurst(1, bindings);

    expect(third!.status).toBe(503);
    const sent = await calls({ kind: "getItems", clientId });
    // The third lookup's call, and its second try a second later.
    expect(sent.map((call) => [call.status, call.error])).toEqual([[200, undefined], [200, undefined], [429, "rate: past the credential's 2 TPD"], [429, "rate: past the credential's 2 TPD"]]);
    expect(departures()).toEqual([0, 0, 0, 1000]);
  });

  it("the clock the budget paces lookups by really waits: a sleep lasts at least the time asked", async () => {
    // Only a lower bound, which a loaded machine can only make easier to meet; the tests above stand in for this sleep.
    const before = Date.now();
    await systemClock.sleep(250);
    expect(Date.now() - before).toBeGreaterThanOrEqual(250);
  });
});
