import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { buildServices } from "../../../../worker/services";
import { runNightlySlice } from "../../../../worker/jobs/nightly-run/start";
import { utcDay } from "../../../../worker/contract/time";
import { realClock } from "../../../../worker/jobs/nightly-run/pacing";
import { INVENTORY_READS_AT_ONCE, inventoryPacing } from "../../../../worker/jobs/nightly-run/seller-inventory";
import { accessTokensOf, connectSeller, consentAs, fakeCalls, fakeControl, registerLwaClient, sellerEnv, SPAPI_FAKE, spApiTimeOf, TestBrowser } from "../../support/seller-browser";
import { asinRange, insertWatchlist, memoryNotes, resetHistoryTables, runSlicesToEnd, virtualClock } from "./support";

const DAY = "2026-11-22";
const START = Date.UTC(2026, 10, 22, 2, 0);
const US_ID = "ATVPDKIKX0DER";

beforeEach(async () => {
  await resetHistoryTables();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

describe("FBA inventory in the nightly run", () => {
  it("is read once per seller and marketplace, all pages, however many slices the Buy Box reads take", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const seller = await connectSeller(new TestBrowser(bindings), {});
    const user = await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(seller.sellingPartnerId).first<{ id: string }>();
    const asins = asinRange("BINV", 45);
    await insertWatchlist(user!.id, asins.map((asin) => ({ marketplace: "US", asin })));
    await fakeControl(SPAPI_FAKE, "inventory", {
      refreshToken: seller.refreshToken,
      marketplaceId: US_ID,
      pageSize: 2,
      summaries: [
        { asin: asins[0], sellerSku: "A", fulfillableQuantity: 4 },
        { asin: asins[44], sellerSku: "B", fulfillableQuantity: 9 },
        { asin: asins[20], sellerSku: "C", fulfillableQuantity: 1 },
      ],
    });

    // One Buy Box call per slice: three slices for 45 ASINs.
    const clock = virtualClock(START, spApiTimeOf(seller.refreshToken));
    const notes = memoryNotes();
    let slices = 0;
    for (; slices < 30; slices++) {
      const result = await runNightlySlice(buildServices(bindings), DAY, { notes, clock, maxCalls: 1 });
      if (result.status === "done") break;
      await clock.sleep(Math.max(0, result.resumeAt - clock.now()));
    }
    expect(slices).toBeGreaterThanOrEqual(3);

    const tokens = await accessTokensOf(seller.refreshToken);
    const inventory = (await fakeCalls(SPAPI_FAKE, { kind: "inventory" })).filter((call) => tokens.has(call.accessToken));
    // Two pages of one read (page size 2, three summaries), never again in later slices.
    expect(inventory).toHaveLength(2);
    const { results } = await env.DB.prepare("SELECT asin, fulfillable_units FROM seller_snapshots WHERE workspace_id = ? AND day = ? AND fulfillable_units IS NOT NULL ORDER BY asin")
      .bind(user!.id, DAY)
      .all();
    expect(results).toEqual([
      { asin: asins[0], fulfillable_units: 4 },
      { asin: asins[20], fulfillable_units: 1 },
      { asin: asins[44], fulfillable_units: 9 },
    ]);
    // The Buy Box of every ASIN was still written, next to the units.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM seller_snapshots WHERE workspace_id = ? AND day = ? AND prime_seller_id IS NOT NULL").bind(user!.id, DAY).first<{ n: number }>()).toEqual({ n: 45 });
  });

  it("one seller's connections share one getInventorySummaries bucket: 2 pages a second between them, another seller apart", async () => {
    const clock = virtualClock(START);
    const seller = `A${crypto.randomUUID().slice(0, 12).toUpperCase()}`;
    const [brand, agency, other] = [inventoryPacing({ env, clock }, seller), inventoryPacing({ env, clock }, seller), inventoryPacing({ env, clock }, `${seller}X`)];
    await brand.beforePage();
    await agency.beforePage();
    expect(clock.slept).toEqual([]);
    // The burst of 2 is spent between the two connections: the next page of either waits an interval (500 ms, 5 % headroom).
    await brand.beforePage();
    expect(clock.slept).toEqual([525]);
    await other.beforePage();
    expect(clock.slept).toEqual([525]);
    // Amazon's 429 pauses the seller's bucket for every connection.
    await agency.throttled(undefined);
    const before = clock.now();
    await brand.beforePage();
    expect(clock.now() - before).toBeGreaterThanOrEqual(1000);
  });

  it("a page answered late paces the pages after it from its answer, as Amazon counts it, and follows the rate Amazon stated", async () => {
    const clock = virtualClock(START);
    const pacing = inventoryPacing({ env, clock }, `A${crypto.randomUUID().slice(0, 12).toUpperCase()}`);
    await pacing.beforePage();
    await pacing.beforePage();
    await pacing.beforePage();
    expect(clock.slept).toEqual([525]);
    // That third page took 2 s to answer: Amazon counted it then, so of the next two pages the second waits an interval.
    await clock.sleep(2_000);
    await pacing.answered(undefined);
    await pacing.beforePage();
    await pacing.beforePage();
    expect(clock.slept).toEqual([525, 2_000, 525]);
    // Amazon states 1 page a second for this seller: the next page waits that seller's interval (5 % headroom).
    await pacing.answered(1);
    await pacing.beforePage();
    expect(clock.slept.at(-1)).toBe(1_050);
  });

  it("one seller connected in two workspaces: both connections' stock is read in full through the seller's shared quota", { timeout: 30_000 }, async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const brand = await connectSeller(new TestBrowser(bindings), { marketplace: "US" });
    const agency = await connectSeller(new TestBrowser(bindings), { marketplace: "US" });
    await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id, note) SELECT id, 'test: several seller accounts' FROM users WHERE selling_partner_id = ?").bind(agency.sellingPartnerId).run();
    const started = await agency.browser.json("/api/connections/start", "POST", { marketplace: "US" });
    const { authUrl } = await started.json<{ authUrl: string }>();
    // The agency connects the brand's own seller account: a second grant of the same seller to the same application.
    const agencyGrant = `Atzr|${crypto.randomUUID()}`;
    expect((await consentAs(agency.browser, authUrl, brand.sellingPartnerId, agencyGrant)).status).toBe(302);

    const [tracked, ...untracked] = asinRange("BSHR", 4);
    const workspaceOf = async (sellingPartnerId: string) => (await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(sellingPartnerId).first<{ id: string }>())!.id;
    const [brandWorkspace, agencyWorkspace] = [await workspaceOf(brand.sellingPartnerId), await workspaceOf(agency.sellingPartnerId)];
    for (const workspace of [brandWorkspace, agencyWorkspace]) await insertWatchlist(workspace, [{ marketplace: "US", asin: tracked! }]);
    // Four pages for each grant: eight getInventorySummaries calls against the brand's 2 a second.
    const summaries = [tracked!, ...untracked].map((asin, i) => ({ asin, sellerSku: `SKU-${i}`, fulfillableQuantity: 7 }));
    for (const refreshToken of [brand.refreshToken, agencyGrant]) {
      await fakeControl(SPAPI_FAKE, "inventory", { refreshToken, marketplaceId: US_ID, pageSize: 1, summaries });
    }
    // Roomy Buy Box and sales plans (Amazon states them on the first answer) keep the run short.
    for (const operation of ["getItemOffersBatch", "getOrderMetrics"]) {
      await fakeControl(SPAPI_FAKE, "usage-plan", { refreshToken: brand.refreshToken, operation, ratePerSecond: 5, burst: 5 });
    }

    // Real time: the two connections read at once, and a virtual clock cannot order concurrent waits.
    await runSlicesToEnd(bindings, utcDay(Date.now()), { clock: realClock });

    const tokens = await accessTokensOf(brand.refreshToken, agencyGrant);
    const inventory = (await fakeCalls(SPAPI_FAKE, { kind: "inventory" })).filter((call) => tokens.has(call.accessToken));
    // Every page answered: four per grant (a page Amazon throttled, under a loaded machine's jitter, was asked again).
    const answered = inventory.filter((call) => call.status === 200);
    expect(answered).toHaveLength(8);
    expect(inventory.every((call) => call.status === 200 || call.status === 429)).toBe(true);
    const { results } = await env.DB.prepare(
      "SELECT c.workspace_id AS workspace, s.fulfillable_units AS units FROM seller_snapshots s JOIN seller_connections c ON c.id = s.connection_id WHERE s.asin = ? AND c.selling_partner_id = ? ORDER BY c.workspace_id = ?",
    )
      .bind(tracked, brand.sellingPartnerId, agencyWorkspace)
      .all();
    expect(results).toEqual([
      { workspace: brandWorkspace, units: 7 },
      { workspace: agencyWorkspace, units: 7 },
    ]);
  });

  it("a page Amazon throttles is asked for again after the bucket's pause: the night's units are still read", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const seller = await connectSeller(new TestBrowser(bindings), { marketplace: "US" });
    // Amazon allows this seller no burst (its plan, not the model's): the second page at once is refused.
    await fakeControl(SPAPI_FAKE, "usage-plan", { refreshToken: seller.refreshToken, operation: "getInventorySummaries", ratePerSecond: 2, burst: 1 });
    const user = await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(seller.sellingPartnerId).first<{ id: string }>();
    const asins = asinRange("BTHR", 3);
    await insertWatchlist(user!.id, asins.map((asin) => ({ marketplace: "US", asin })));
    await fakeControl(SPAPI_FAKE, "inventory", { refreshToken: seller.refreshToken, marketplaceId: US_ID, pageSize: 1, summaries: asins.map((asin, i) => ({ asin, sellerSku: `S${i}`, fulfillableQuantity: 5 })) });

    await runSlicesToEnd(bindings, DAY, { clock: virtualClock(START, spApiTimeOf(seller.refreshToken)) });

    const tokens = await accessTokensOf(seller.refreshToken);
    const statuses = (await fakeCalls(SPAPI_FAKE, { kind: "inventory" })).filter((call) => tokens.has(call.accessToken)).map((call) => call.status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    const { results } = await env.DB.prepare("SELECT asin, fulfillable_units AS units FROM seller_snapshots WHERE workspace_id = ? AND day = ? ORDER BY asin").bind(user!.id, DAY).all();
    expect(results).toEqual(asins.map((asin) => ({ asin, units: 5 })));
  });
});

describe("inventory pages within an invocation's Amazon calls", () => {
  it("count against SNAPSHOT_MAX_CALLS_PER_INVOCATION, and reads take turns, so an invocation exceeds it by INVENTORY_READS_AT_ONCE reads at most", { timeout: 30_000 }, async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const PAGES = 8;
    const sellers: { refreshToken: string; userId: string; tracked: string }[] = [];
    for (let i = 0; i < 2 * INVENTORY_READS_AT_ONCE; i++) {
      const seller = await connectSeller(new TestBrowser(bindings), {});
      const user = await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(seller.sellingPartnerId).first<{ id: string }>();
      const asins = asinRange(`BCP${i}`, PAGES);
      await insertWatchlist(user!.id, [{ marketplace: "US", asin: asins[0]! }]);
      // Eight one-SKU pages each, and plans roomy enough that no call waits on Amazon's quota.
      await fakeControl(SPAPI_FAKE, "inventory", { refreshToken: seller.refreshToken, marketplaceId: US_ID, pageSize: 1, summaries: asins.map((asin, n) => ({ asin, sellerSku: `S${n}`, fulfillableQuantity: n + 1 })) });
      for (const operation of ["getInventorySummaries", "getItemOffersBatch", "getOrderMetrics"]) {
        await fakeControl(SPAPI_FAKE, "usage-plan", { refreshToken: seller.refreshToken, operation, ratePerSecond: 100, burst: 100 });
      }
      sellers.push({ ...seller, userId: user!.id, tracked: asins[0]! });
    }
    const amazonCalls = async () => {
      const tokens = await accessTokensOf(...sellers.map((seller) => seller.refreshToken));
      return (await fakeCalls(SPAPI_FAKE, {})).filter((call) => call.kind !== "lwa" && tokens.has(call.accessToken)).length;
    };

    const MAX_CALLS = 4;
    const clock = virtualClock(START, spApiTimeOf(...sellers.map((seller) => seller.refreshToken)));
    const notes = memoryNotes();
    const perSlice: number[] = [];
    for (let slice = 0; slice < 60; slice++) {
      const before = await amazonCalls();
      const result = await runNightlySlice(buildServices(bindings), DAY, { notes, clock, maxCalls: MAX_CALLS });
      perSlice.push((await amazonCalls()) - before);
      if (result.status === "done") break;
      await clock.sleep(Math.max(0, result.resumeAt - clock.now()));
    }
    // Never every seller's eight pages in one invocation: at most the bound and the reads under way when it was crossed.
    expect(Math.max(...perSlice), JSON.stringify(perSlice)).toBeLessThanOrEqual(MAX_CALLS + INVENTORY_READS_AT_ONCE * PAGES);
    // And every seller's stock was read in full all the same.
    for (const seller of sellers) {
      const row = await env.DB.prepare("SELECT fulfillable_units FROM seller_snapshots WHERE workspace_id = ? AND asin = ? AND day = ?").bind(seller.userId, seller.tracked, DAY).first();
      expect(row).toEqual({ fulfillable_units: 1 });
    }
  });
});
