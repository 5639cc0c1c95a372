import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import { calls, newAsin, uniqueClient } from "../support/creators-fake";
import { liveEnv } from "../lookup/live-env";

let nextIp = 1;

/** One anonymous compare (US: the Free marketplaces) against the fake Creators API. */
async function compare(query: string, bindings: Env) {
  const ctx = createExecutionContext();
  const res = await app.request(`/api/v1/compare?${query}`, { headers: { "CF-Connecting-IP": `198.51.100.${nextIp++}` } }, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("a compare every ASIN of which fails for the same reason says that reason, as the lookup does", () => {
  it("a store whose partner tag Amazon refuses: the operator's fix, never 'try again shortly'", async () => {
    // A CA tag set for amazon.com: Amazon answers 400 InvalidPartnerTag in the US store.
    const bindings = liveEnv(uniqueClient(), { CREATORS_US_PARTNER_TAG: "ranklayer-ca-20" });
    const asins = [newAsin(), newAsin()];
    const res = await compare(`asins=${asins.join(",")}`, bindings);
    expect(res.status).toBe(503);
    const { detail } = (await res.json()) as { detail: string };
    expect(detail).toMatch(/Amazon refuses this site's partner tag for that store/);
    expect(detail).not.toMatch(/try again shortly/i);
  });

  it("RankLayer's own budget refusing the call: busy, with the wait, and Amazon not asked", async () => {
    const clientId = uniqueClient();
    const bindings = liveEnv(clientId, { CREATORS_REQUESTS_PER_SECOND: "0.01", CREATORS_BURST: "1" });
    expect((await compare(`asins=${newAsin()}`, bindings)).status).toBe(200);
    const res = await compare(`asins=${[newAsin(), newAsin()].join(",")}`, bindings);
    expect(res.status).toBe(503);
    const { detail } = (await res.json()) as { detail: string };
    expect(detail).toMatch(/^RankLayer is busy with other Amazon requests: retry in \d+ s\.$/);
    expect(detail).toContain(`retry in ${res.headers.get("Retry-After")} s.`);
    expect(await calls({ kind: "getItems", clientId })).toHaveLength(1);
  });
});
