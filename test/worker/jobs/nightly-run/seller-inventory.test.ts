import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { buildServices } from "../../../../worker/services";
import { runNightlySlice } from "../../../../worker/jobs/nightly-run/start";
import { connectSeller, fakeCalls, fakeControl, LWA_FAKE, registerLwaClient, sellerEnv, SPAPI_FAKE, spApiTimeOf, TestBrowser } from "../../support/seller-browser";
import { asinRange, insertWatchlist, memoryNotes, resetHistoryTables, virtualClock } from "./support";

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

    const tokens = new Set((await fakeCalls(LWA_FAKE, {})).filter((call) => call.refreshToken === seller.refreshToken).map((call) => call.accessToken));
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
});
