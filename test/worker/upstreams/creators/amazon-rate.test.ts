import { beforeEach, describe, expect, it, vi } from "vitest";
import { calls, control, newAsin, uniqueClient } from "../../support/creators-fake";
import { liveEnv, lookup } from "../../lookup/live-env";

/**
 * Amazon counts each credential's getItems calls against its TPS and TPD and refuses the ones
 * past either with 429 and no Retry-After; the fake does the same, on real time (fakes/creators-upstream.ts).
 */
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

/** Cold lookups of `count` new ASINs, all sent at once, each as its own client. */
function coldBurst(count: number, bindings: ReturnType<typeof liveEnv>) {
  return Promise.all(Array.from({ length: count }, () => lookup(`asin=${newAsin()}`, bindings)));
}

/** The gaps between the arrivals of these calls, ms. */
const gaps = (sent: { at: number }[]) => sent.slice(1).map((call, i) => call.at - sent[i]!.at);

describe("Amazon's rate per credential", () => {
  it("a new account's 1 TPS: the budget at that rate spaces a burst of cold lookups over seconds, and Amazon refuses none", async () => {
    const clientId = uniqueClient();
    await control("rate", { clientId, perSecond: 1, perDay: 8_640 });
    // The first call needs an access token, and Amazon's auth host takes its time.
    await control("token-delay", { clientId, delayMs: 300 });
    // Time for the third lookup to wait two slots and still retry once (the default 4 s would not).
    const bindings = liveEnv(clientId, { CREATORS_REQUESTS_PER_SECOND: "1", CREATORS_BURST: "1", UPSTREAM_TIMEOUT_MS: "8000" });

    const answers = await coldBurst(3, bindings);

    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    const sent = await calls({ kind: "getItems", clientId });
    expect(sent.map((call) => [call.status, call.error])).toEqual([[200, undefined], [200, undefined], [200, undefined]]);
    // The first call's access token was granted before its slot, so it left on time and the second did not land inside its second.
    expect(gaps(sent).every((gap) => gap >= 1000)).toBe(true);
  });

  it("a budget set faster than the account: a 429 is tried once more after the pause, and a second one becomes a 503 with a Retry-After", async () => {
    const clientId = uniqueClient();
    await control("rate", { clientId, perSecond: 1, perDay: 8_640 });
    // As if CREATORS_REQUESTS_PER_SECOND said 10 for a new account, or another deployment spent the same credential's rate.
    const bindings = liveEnv(clientId, { CREATORS_REQUESTS_PER_SECOND: "10", CREATORS_BURST: "10" });

    const answers = await coldBurst(3, bindings);

    // One call went through at once; of the two Amazon refused, one got the next second's slot on its second try.
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 503]);
    const refused = answers.find((res) => res.status === 503)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { detail: string }).detail).toBe("Amazon is limiting product data requests right now. Please try again shortly.");
    const sent = await calls({ kind: "getItems", clientId });
    expect(sent.map((call) => call.status)).toEqual([200, 429, 429, 200, 429]);
    expect(sent.filter((call) => call.status === 429).every((call) => call.error === "rate: past the credential's 1 TPS")).toBe(true);
    // The second tries waited out the pause (1 s: Amazon sends no Retry-After) that the 429s put on the whole
    // credential; give or take the Worker's clock, which moves only on I/O.
    expect(sent[3]!.at - sent[2]!.at).toBeGreaterThanOrEqual(950);
  });

  it("past the account's TPD, Amazon refuses however slowly the calls come", async () => {
    const clientId = uniqueClient();
    await control("rate", { clientId, perSecond: 10, perDay: 2 });
    const bindings = liveEnv(clientId);

    expect((await lookup(`asin=${newAsin()}`, bindings)).status).toBe(200);
    expect((await lookup(`asin=${newAsin()}`, bindings)).status).toBe(200);
    const third = await lookup(`asin=${newAsin()}`, bindings);

    expect(third.status).toBe(503);
    const sent = await calls({ kind: "getItems", clientId });
    // The third lookup's call, and its second try a second later.
    expect(sent.map((call) => [call.status, call.error])).toEqual([[200, undefined], [200, undefined], [429, "rate: past the credential's 2 TPD"], [429, "rate: past the credential's 2 TPD"]]);
  });
});
