import { env } from "cloudflare:test";
import { expect, vi } from "vitest";
import { findNightlyRun } from "../../../../worker/jobs/nightly-run-store";
import { DEFAULT_REQUESTS_PER_SECOND } from "../../../../worker/jobs/nightly-run/product-phase";
import { runNightlySlice } from "../../../../worker/jobs/nightly-run/start";
import { ACCOUNT_MARKETPLACES } from "../../../../worker/contract/account";
import { buildServices } from "../../../../worker/services";
import { calls, control } from "../../support/creators-fake";
import { countPoints } from "../../support/history-shards";
import { asinRange, count, creatorsEnv, insertAlert, insertUser, insertWatchlist, memoryNotes, resetHistoryTables } from "./support";

/** Pro's watchlist limit: each user tracks this many. */
const PER_USER = 1_000;
const DAY = "2026-11-22";

/**
 * `tracked` ASINs (a multiple of 8,000) over 8 marketplaces, 1,000 per user, plus duplicates the
 * job must not ask for twice (a second watcher and alerts), snapshotted through the real job code
 * (one runNightlySlice per alarm) against the fake Creators API, with the upstream rate raised so
 * the run ends in seconds (in the app's budget and in the fake, past Amazon's ceiling of 10 TPS).
 * Asserts every ASIN requested exactly once in calls of 10 and one row each; returns the figures
 * to print, with the time at the default rate computed from them.
 */
export async function snapshotScenario(tracked: number): Promise<string> {
  vi.spyOn(console, "log").mockImplementation(() => {});
  await resetHistoryTables();
  const perMarketplace = tracked / ACCOUNT_MARKETPLACES.length;
  const keys = ACCOUNT_MARKETPLACES.flatMap((marketplace) => asinRange("B", perMarketplace).map((asin) => ({ marketplace: marketplace as string, asin })));
  const seedStart = performance.now();
  const users: string[] = [];
  for (let u = 0; u < tracked / PER_USER; u++) users.push(await insertUser());
  for (const [u, user] of users.entries()) await insertWatchlist(user, keys.slice(u * PER_USER, (u + 1) * PER_USER));
  await insertWatchlist(users[1]!, keys.slice(0, 500));
  for (const key of keys.slice(tracked * 0.4, tracked * 0.4 + 20)) await insertAlert(users[2]!, key);
  expect(await count("SELECT COUNT(*) AS n FROM watchlist")).toBe(tracked + 500);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const bindings = creatorsEnv({ CREATORS_REQUESTS_PER_SECOND: "1000000", CREATORS_BURST: "100" });
  await control("rate", { clientId: bindings.CREATORS_CREDENTIAL_ID, perSecond: 1_000_000, perDay: tracked });
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
  expect(getItems).toHaveLength(tracked / 10);
  expect(getItems.every((call) => call.status === 200 && call.itemIds?.length === 10)).toBe(true);
  expect(requested).toHaveLength(tracked);
  expect(new Set(requested).size).toBe(tracked);
  expect(await countPoints({ day: DAY, source: "live" })).toBe(tracked);
  expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "done", processed: tracked });
  // A slice makes at most 100 calls.
  expect(slices).toBe(tracked / 10 / 100);

  const atDefaultRate = tracked / 10 / DEFAULT_REQUESTS_PER_SECOND;
  return [
    `snapshot simulation: ${tracked.toLocaleString("en")} tracked ASINs seeded in ${seedSeconds.toFixed(1)} s`,
    `  ran in ${runSeconds.toFixed(1)} s wall time: ${getItems.length.toLocaleString("en")} getItems calls of 10, ${slices} invocations of ≤100 calls`,
    `  at the default ${DEFAULT_REQUESTS_PER_SECOND} request/s: ${atDefaultRate.toLocaleString("en")} s = ${(atDefaultRate / 3600).toFixed(2)} h`,
  ].join("\n");
}
