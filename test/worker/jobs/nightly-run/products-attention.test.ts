import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { buildServices } from "../../../../worker/services";
import { findNightlyRun } from "../../../../worker/jobs/nightly-run-store";
import { checkStatus } from "../../../../worker/status/checks";
import { readAttention } from "../../../../worker/attention/attention-store";
import { calls, control, uniqueClient } from "../../support/creators-fake";
import { asinRange, creatorsEnv, insertUser, insertWatchlist, resetHistoryTables, runSlicesToEnd, virtualClock } from "./support";
import { countPoints } from "../../support/history-shards";

const DAY = "2026-11-22";
const START = Date.UTC(2026, 10, 22, 2, 0);

beforeEach(async () => {
  await resetHistoryTables();
  await env.DB.prepare("DELETE FROM upstream_attention").run();
  await env.DB.prepare("DELETE FROM nightly_run_regions").run();
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("permanent Amazon errors in the nightly run", () => {
  it("a region whose credential Amazon refuses costs one refused call, under a minute for 10,000 ASINs, and the run goes on", { timeout: 120_000 }, async () => {
    const user = await insertUser();
    const broken = asinRange("BDE", 10_000).map((asin) => ({ marketplace: "DE", asin }));
    const healthy = asinRange("BUS", 30).map((asin) => ({ marketplace: "US", asin }));
    await insertWatchlist(user, [...broken, ...healthy]);
    // The EU credential's secret is not the one Amazon knows: every token grant is refused (401 invalid_client).
    const euClient = uniqueClient();
    await control("clients", { clientId: euClient, secret: "the-real-secret" });
    const bindings = creatorsEnv({ CREATORS_EU_CREDENTIAL_ID: euClient, CREATORS_EU_CREDENTIAL_SECRET: "a-revoked-secret" });
    const clock = virtualClock(START);

    await runSlicesToEnd(bindings, DAY, { clock, maxSlices: 2000 });

    const euTokens = await calls({ kind: "token", clientId: euClient });
    expect(euTokens.length).toBeGreaterThanOrEqual(1);
    expect(euTokens.length).toBeLessThanOrEqual(2);
    expect(euTokens.every((call) => call.status === 401)).toBe(true);
    // Virtual time: what the run would spend; the US batches at 1 request/s are in it too.
    expect(clock.now() - START).toBeLessThan(60_000);
    expect(await countPoints({ day: DAY, source: "live" })).toBe(30);
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ processed: 10_030 });

    expect(await readAttention(env.DB)).toEqual([
      expect.objectContaining({ scope: "region", key: "eu", code: "invalid_client", setting: euClient, runDay: DAY }),
    ]);
    const source = (await checkStatus(buildServices(bindings))).components.find((component) => component.id === "product_source")!;
    expect(source.marketplaces?.find((entry) => entry.marketplace === "DE")).toMatchObject({ mode: "needs_attention", detail: expect.stringContaining("revoked") });
    expect(source.marketplaces?.find((entry) => entry.marketplace === "US")).toMatchObject({ mode: "live" });
    expect(source.detail).toContain("Needs attention in UK, DE, FR, IT, ES");
    // The run per region: NA done, EU failed (nothing answered), with the counts and the time.
    expect(source.lastRun).toEqual({
      day: DAY,
      finishedAt: expect.stringMatching(/^2026-11-22T/),
      regions: [
        { region: "na", status: "done", answered: 30, failed: 0 },
        { region: "eu", status: "failed", answered: 0, failed: 10_000 },
      ],
    });

    // A new credential id is a new setting: the old refusal no longer shows.
    const fixed = await checkStatus(buildServices({ ...bindings, CREATORS_EU_CREDENTIAL_ID: uniqueClient() }));
    expect(fixed.components.find((component) => component.id === "product_source")!.marketplaces?.find((entry) => entry.marketplace === "DE")).toMatchObject({ mode: "live" });
  });

  it("a store tag Amazon refuses fails that store only, at once; the region's other stores are still asked", async () => {
    const user = await insertUser();
    await insertWatchlist(user, [
      ...asinRange("BUK", 200).map((asin) => ({ marketplace: "UK", asin })),
      ...asinRange("BFR", 20).map((asin) => ({ marketplace: "FR", asin })),
    ]);
    const bindings = creatorsEnv({ CREATORS_UK_PARTNER_TAG: "ranklayer-us-20", CREATORS_FR_PARTNER_TAG: "ranklayer-fr-21" });
    const clock = virtualClock(START);
    await runSlicesToEnd(bindings, DAY, { clock, maxSlices: 2000 });

    const euCalls = await calls({ kind: "getItems", clientId: bindings.CREATORS_EU_CREDENTIAL_ID });
    expect(euCalls.filter((call) => call.marketplace === "www.amazon.co.uk")).toEqual([expect.objectContaining({ status: 400 })]);
    expect(euCalls.filter((call) => call.marketplace === "www.amazon.fr" && call.status === 200)).toHaveLength(2);
    expect(await readAttention(env.DB)).toEqual([expect.objectContaining({ scope: "marketplace", key: "UK", code: "InvalidPartnerTag", setting: "ranklayer-us-20" })]);
  });
});
