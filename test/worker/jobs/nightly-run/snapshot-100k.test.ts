import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { findNightlyRun } from "../../../../worker/jobs/nightly-run-store";
import { DEFAULT_REQUESTS_PER_SECOND } from "../../../../worker/jobs/nightly-run/product-phase";
import { runNightlySlice } from "../../../../worker/jobs/nightly-run/start";
import { ACCOUNT_MARKETPLACES } from "../../../../worker/contract/account";
import { calls, control } from "../../support/creators-fake";
import { asinRange, count, creatorsEnv, insertAlert, insertUser, insertWatchlist, memoryNotes, resetHistoryTables } from "./support";
import { countPoints } from "../../support/history-shards";
import { buildServices } from "../../../../worker/services";

const TRACKED = 100_000;
const USERS = 100;
const DAY = "2026-11-22";

/**
 * The simulation: 100,000 tracked ASINs, snapshotted through the real job code
 * (one runNightlySlice per alarm) against the fake Creators API, with the upstream rate
 * raised so the test ends in seconds (in the app's budget and in the fake, past Amazon's ceiling
 * of 10 TPS); the time at the default rate is computed from it.
 */
describe("snapshot of 100,000 tracked ASINs", () => {
  it("requests every ASIN exactly once, in 10,000 calls of 10, and writes 100,000 rows", { timeout: 900_000 }, async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await resetHistoryTables();
    // 8 marketplaces × 12,500 ASINs, 1,000 per user (the Pro watchlist limit), plus
    // duplicates the job must not ask for twice: a second watcher and alerts.
    const perMarketplace = TRACKED / ACCOUNT_MARKETPLACES.length;
    const keys = ACCOUNT_MARKETPLACES.flatMap((marketplace) =>
      asinRange("B", perMarketplace).map((asin) => ({ marketplace: marketplace as string, asin })),
    );
    const seedStart = performance.now();
    const users: string[] = [];
    for (let u = 0; u < USERS; u++) users.push(await insertUser());
    for (let u = 0; u < USERS; u++) await insertWatchlist(users[u]!, keys.slice(u * 1000, (u + 1) * 1000));
    await insertWatchlist(users[1]!, keys.slice(0, 500));
    for (const key of keys.slice(40_000, 40_020)) await insertAlert(users[2]!, key);
    expect(await count("SELECT COUNT(*) AS n FROM watchlist")).toBe(TRACKED + 500);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const bindings = creatorsEnv({ CREATORS_REQUESTS_PER_SECOND: "1000000", CREATORS_BURST: "100" });
    await control("rate", { clientId: bindings.CREATORS_CREDENTIAL_ID, perSecond: 1_000_000, perDay: TRACKED });
    const notes = memoryNotes();
    const runStart = performance.now();
    let slices = 0;
    for (;;) {
      slices += 1;
      if ((await runNightlySlice(buildServices(bindings), DAY, { notes })).status === "done") break;
    }
    const runSeconds = (performance.now() - runStart) / 1000;

    const getItems = await calls({ kind: "getItems", clientId: bindings.CREATORS_CREDENTIAL_ID });
    const requested = getItems.flatMap((call) => (call.itemIds ?? []).map((asin) => `${call.marketplace} ${asin}`));
    expect(getItems).toHaveLength(TRACKED / 10);
    expect(getItems.every((call) => call.status === 200 && call.itemIds?.length === 10)).toBe(true);
    expect(requested).toHaveLength(TRACKED);
    expect(new Set(requested).size).toBe(TRACKED);
    expect(await countPoints({ day: DAY, source: "live" })).toBe(TRACKED);
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "done", processed: TRACKED });
    expect(slices).toBe(TRACKED / 10 / 100);

    const atDefaultRate = TRACKED / 10 / DEFAULT_REQUESTS_PER_SECOND;
    console.info(
      [
        `snapshot simulation: ${TRACKED.toLocaleString("en")} tracked ASINs seeded in ${seedSeconds.toFixed(1)} s`,
        `  ran in ${runSeconds.toFixed(1)} s wall time: ${getItems.length.toLocaleString("en")} getItems calls of 10, ${slices} invocations of ≤100 calls`,
        `  at the default ${DEFAULT_REQUESTS_PER_SECOND} request/s: ${atDefaultRate.toLocaleString("en")} s = ${(atDefaultRate / 3600).toFixed(2)} h`,
      ].join("\n"),
    );
  });
});
