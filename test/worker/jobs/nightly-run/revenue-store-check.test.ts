import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CHECK_WORTH_FROM } from "../../../../worker/jobs/nightly-run/revenue-check";
import { REVENUE_DAYS, revenueDays, revenueRunDay } from "../../../../worker/upstreams/spapi/sales-days";
import type { SellerCallRecord } from "../../../fakes/spapi-calls";
import { agencyWithClient } from "../../support/agency-client";
import { accessTokensOf, connectSeller, fakeCalls, fakeControl, registerLwaClient, sellerEnv, SPAPI_FAKE, spApiTimeOf, TestBrowser } from "../../support/seller-browser";
import { insertWatchlist, resetHistoryTables, runSlicesToEnd, virtualClock } from "./support";

/**
 * An agency tracks every client's ASINs in one workspace, and each connection's seller sells only
 * its own. The revenue pass asks each seller's store total (getOrderMetrics without an ASIN), then
 * the ASINs with a sign of being the seller's (here: FBA stock); when they add up to the total on
 * every day, the other ASINs are stored as zero days without a call. Otherwise they are asked.
 */
beforeEach(async () => {
  await resetHistoryTables();
  await env.DB.prepare("DELETE FROM seller_revenue").run();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

const US_ID = "ATVPDKIKX0DER";
const runDay = () => revenueRunDay(Date.now());
const week = () => revenueDays(runDay(), "US", REVENUE_DAYS);
const freshAsins = (count: number) => Array.from({ length: count }, () => `B0S${crypto.randomUUID().replace(/-/g, "").slice(0, 7).toUpperCase()}`);
const US = (asins: readonly string[]) => asins.map((asin) => ({ marketplace: "US", asin }));

/** A seller's own products: its catalogue, its FBA stock (the sign the sellers phase records) and its sales of each. */
async function sells(seller: { sellingPartnerId: string; refreshToken: string }, products: { asin: string; amount: number; units: number }[], untracked: string[] = []) {
  await fakeControl(SPAPI_FAKE, "catalogue", { sellingPartnerId: seller.sellingPartnerId, asins: [...products.map((product) => product.asin), ...untracked] });
  const summaries = products.map(({ asin }, i) => ({ asin, sellerSku: `SKU-${i}`, fulfillableQuantity: 5 }));
  await fakeControl(SPAPI_FAKE, "inventory", { refreshToken: seller.refreshToken, marketplaceId: US_ID, summaries });
  for (const { asin, amount, units } of products) await fakeControl(SPAPI_FAKE, "sales", { asin, sellingPartnerId: seller.sellingPartnerId, amount, units });
}

/** The getOrderMetrics calls one seller made: of its store (no asin) and of each ASIN. */
async function salesCallsOf(refreshToken: string) {
  const tokens = await accessTokensOf(refreshToken);
  const calls = (await fakeCalls(SPAPI_FAKE, { kind: "sales" })).filter((call: SellerCallRecord) => tokens.has(call.accessToken));
  return { store: calls.filter((call) => call.query?.asin === undefined), asins: calls.filter((call) => call.query?.asin !== undefined).map((call) => call.query!.asin!) };
}

/** Each ASIN's stored week for one connection: status, summed amount and units, and how many days. */
async function weekOf(connectionId: string) {
  const { results } = await env.DB.prepare(
    "SELECT asin, group_concat(DISTINCT status) AS status, sum(amount) AS amount, sum(units) AS units, count(*) AS days FROM seller_revenue WHERE connection_id = ? GROUP BY asin",
  )
    .bind(connectionId)
    .all<{ asin: string; status: string; amount: number | null; units: number | null; days: number }>();
  return new Map(results.map((row) => [row.asin, { status: row.status, amount: row.amount, units: row.units, days: row.days }]));
}

const connectionIdOf = async (sellingPartnerId: string) =>
  (await env.DB.prepare("SELECT id FROM seller_connections WHERE selling_partner_id = ?").bind(sellingPartnerId).first<{ id: string }>())!.id;

async function oneSellerTracking(asins: readonly string[]) {
  const bindings = sellerEnv();
  await registerLwaClient(bindings);
  const seller = await connectSeller(new TestBrowser(bindings), { marketplace: "US" });
  const user = await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(seller.sellingPartnerId).first<{ id: string }>();
  await insertWatchlist(user!.id, US(asins));
  const run = (options: { maxCalls?: number } = {}) => runSlicesToEnd(bindings, runDay(), { clock: virtualClock(Date.now(), spApiTimeOf(seller.refreshToken)), ...options });
  return { seller, run, connectionId: await connectionIdOf(seller.sellingPartnerId) };
}

describe("the revenue pass checks a seller's ASINs against its store total", () => {
  it("an agency's two sellers each ask only their own ASINs; every other tracked ASIN is an answered zero week", { timeout: 30_000 }, async () => {
    const { bindings, agency, workspace, clientSeller, clientGrant } = await agencyWithClient();
    const [agencyOwn, clientOwn, competitors] = [freshAsins(3), freshAsins(2), freshAsins(CHECK_WORTH_FROM)];
    await insertWatchlist(workspace, US([...agencyOwn, ...clientOwn, ...competitors]));
    await sells(agency, agencyOwn.map((asin, i) => ({ asin, amount: 10.1 * (i + 1), units: i + 1 })));
    await sells({ sellingPartnerId: clientSeller, refreshToken: clientGrant }, clientOwn.map((asin) => ({ asin, amount: 0.7, units: 3 })));

    await runSlicesToEnd(bindings, runDay(), { clock: virtualClock(Date.now(), spApiTimeOf(agency.refreshToken, clientGrant)) });

    const agencyCalls = await salesCallsOf(agency.refreshToken);
    const clientCalls = await salesCallsOf(clientGrant);
    // The total before and after, and the seller's own ASINs: 5 and 4 calls, against 15 each.
    expect(agencyCalls.store.map((call) => call.status)).toEqual([200, 200]);
    expect(agencyCalls.asins.sort()).toEqual([...agencyOwn].sort());
    expect(clientCalls.store).toHaveLength(2);
    expect(clientCalls.asins.sort()).toEqual([...clientOwn].sort());

    const days = REVENUE_DAYS;
    const agencyWeek = await weekOf(await connectionIdOf(agency.sellingPartnerId));
    const clientWeek = await weekOf(await connectionIdOf(clientSeller));
    agencyOwn.forEach((asin, i) => expect(agencyWeek.get(asin)).toEqual({ status: "ok", amount: expect.closeTo(10.1 * (i + 1) * days, 6), units: (i + 1) * days, days }));
    clientOwn.forEach((asin) => expect(clientWeek.get(asin)).toEqual({ status: "ok", amount: expect.closeTo(0.7 * days, 6), units: 3 * days, days }));
    const zeroWeek = { status: "ok", amount: 0, units: 0, days };
    for (const asin of [...clientOwn, ...competitors]) expect(agencyWeek.get(asin)).toEqual(zeroWeek);
    for (const asin of [...agencyOwn, ...competitors]) expect(clientWeek.get(asin)).toEqual(zeroWeek);
    // Zero days carry the marketplace's currency and the run's capture time, as answered ones do.
    const zero = await env.DB.prepare("SELECT DISTINCT currency, source, substr(captured_at, 1, 10) AS captured FROM seller_revenue WHERE asin = ?").bind(competitors[0]).all();
    expect(zero.results).toEqual([{ currency: "USD", source: "spapi", captured: runDay() }]);
  });

  it("carries the check's stage and sums in the run's cursor: one call a slice gives the same week as one slice", async () => {
    const [own, others] = [freshAsins(2), freshAsins(CHECK_WORTH_FROM)];
    const { seller, run, connectionId } = await oneSellerTracking([...own, ...others]);
    await sells(seller, own.map((asin) => ({ asin, amount: 2.35, units: 1 })));
    // The total, two ASINs and the total again: four revenue slices at least, besides the other phases'.
    expect(await run({ maxCalls: 1 })).toBeGreaterThan(4);
    const calls = await salesCallsOf(seller.refreshToken);
    expect(calls.store).toHaveLength(2);
    expect(calls.asins.sort()).toEqual([...own].sort());
    const stored = await weekOf(connectionId);
    for (const asin of own) expect(stored.get(asin)).toEqual({ status: "ok", amount: expect.closeTo(2.35 * REVENUE_DAYS, 6), units: REVENUE_DAYS, days: REVENUE_DAYS });
    for (const asin of others) expect(stored.get(asin)).toEqual({ status: "ok", amount: 0, units: 0, days: REVENUE_DAYS });
  });

  it("a seller that also sells what nobody tracks: the sums fall short of the total, so every tracked ASIN is asked", async () => {
    const [own, others] = [freshAsins(2), freshAsins(CHECK_WORTH_FROM)];
    const { seller, run, connectionId } = await oneSellerTracking([...own, ...others]);
    await sells(seller, own.map((asin) => ({ asin, amount: 5, units: 1 })), freshAsins(1));
    await run();
    const calls = await salesCallsOf(seller.refreshToken);
    // One total: the own ASINs' sums fall short of it, so no second total is asked.
    expect(calls.store).toHaveLength(1);
    expect(calls.asins.sort()).toEqual([...own, ...others].sort());
    const stored = await weekOf(connectionId);
    for (const asin of own) expect(stored.get(asin)).toMatchObject({ status: "ok", amount: 5 * REVENUE_DAYS });
    // Zero because Amazon answered zero for each, not because the total said so.
    for (const asin of others) expect(stored.get(asin)).toEqual({ status: "ok", amount: 0, units: 0, days: REVENUE_DAYS });
  });

  it("a store that sold nothing all week: one call, and every tracked ASIN a zero week", async () => {
    const asins = freshAsins(CHECK_WORTH_FROM + 2);
    const { seller, run, connectionId } = await oneSellerTracking(asins);
    await fakeControl(SPAPI_FAKE, "catalogue", { sellingPartnerId: seller.sellingPartnerId, asins: [] });
    await run();
    const calls = await salesCallsOf(seller.refreshToken);
    expect(calls.store).toHaveLength(1);
    expect(calls.asins).toEqual([]);
    const stored = await weekOf(connectionId);
    expect([...stored.keys()].sort()).toEqual([...asins].sort());
    for (const asin of asins) expect(stored.get(asin)).toEqual({ status: "ok", amount: 0, units: 0, days: REVENUE_DAYS });
  });

  it("a total that leaves a day out proves nothing: every ASIN is asked, as without the check", async () => {
    const asins = freshAsins(CHECK_WORTH_FROM);
    const { seller, run } = await oneSellerTracking(asins);
    await fakeControl(SPAPI_FAKE, "catalogue", { sellingPartnerId: seller.sellingPartnerId, asins: [] });
    await fakeControl(SPAPI_FAKE, "sales", { asin: null, sellingPartnerId: seller.sellingPartnerId, omitDays: [week()[2]] });
    await run();
    const calls = await salesCallsOf(seller.refreshToken);
    expect(calls.store).toHaveLength(1);
    expect(calls.asins.sort()).toEqual([...asins].sort());
  });

  it("a total Amazon keeps failing (500) is given up on after its retries: every ASIN is asked and stored as answered", async () => {
    const asins = freshAsins(CHECK_WORTH_FROM);
    const { seller, run, connectionId } = await oneSellerTracking(asins);
    await fakeControl(SPAPI_FAKE, "catalogue", { sellingPartnerId: seller.sellingPartnerId, asins: asins.slice(0, 1) });
    await fakeControl(SPAPI_FAKE, "sales", { asin: null, sellingPartnerId: seller.sellingPartnerId, behavior: "error500" });
    await run();
    const calls = await salesCallsOf(seller.refreshToken);
    expect(calls.store.length).toBeGreaterThan(1);
    expect(calls.store.every((call) => call.status === 500)).toBe(true);
    expect(calls.asins.sort()).toEqual([...asins].sort());
    const stored = await weekOf(connectionId);
    for (const asin of asins) expect(stored.get(asin)).toMatchObject({ status: "ok", days: REVENUE_DAYS });
  });

  it("a marketplace with fewer than CHECK_WORTH_FROM ASINs without a sign is asked ASIN by ASIN, with no total", async () => {
    const asins = freshAsins(CHECK_WORTH_FROM - 1);
    const { seller, run } = await oneSellerTracking(asins);
    await run();
    const calls = await salesCallsOf(seller.refreshToken);
    expect(calls.store).toEqual([]);
    expect(calls.asins.sort()).toEqual([...asins].sort());
  });
});
