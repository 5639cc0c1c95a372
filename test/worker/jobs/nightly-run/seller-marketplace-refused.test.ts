import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { Bindings } from "../../../../worker/env";
import { accessTokensOf, connectSeller, fakeCalls, fakeControl, LWA_FAKE, registerLwaClient, sellerEnv, SPAPI_FAKE, spApiTimeOf, TestBrowser } from "../../support/seller-browser";
import { insertWatchlist, memoryNotes, resetRunState, runSlicesToEnd, virtualClock } from "./support";

/**
 * A connection whose marketplaces were never read is walked in every marketplace of its region;
 * Amazon answers 403 Unauthorized in one the seller does not sell in (the fake does, as Amazon).
 */
const DAY = "2026-11-22";
const START = Date.UTC(2026, 10, 22, 2, 0);
const US_ID = "ATVPDKIKX0DER";
// The getItemOffersBatch example's seller of B00CGZQU42.
const EXAMPLE_SELLER = "A2SNBFWOFW4SWG";

beforeEach(resetRunState);

/** A US-only seller whose connection's marketplace list was never read (null), tracking one CA and one US ASIN. */
async function usOnlySellerWithUnknownMarketplaces(bindings: Bindings, sellingPartnerId?: string) {
  await registerLwaClient(bindings);
  const seller = await connectSeller(new TestBrowser(bindings), { sellingPartnerId });
  const { id, workspace_id: workspaceId } = (await env.DB.prepare("SELECT id, workspace_id FROM seller_connections WHERE selling_partner_id = ?").bind(seller.sellingPartnerId).first<{ id: string; workspace_id: string }>())!;
  await env.DB.prepare("UPDATE seller_connections SET marketplaces = NULL WHERE id = ?").bind(id).run();
  await fakeControl(SPAPI_FAKE, "participations", { refreshToken: seller.refreshToken, marketplaceIds: [US_ID] });
  await insertWatchlist(workspaceId, [
    { marketplace: "CA", asin: "B00505DW2I" },
    { marketplace: "US", asin: "B00CGZQU42" },
  ]);
  return { ...seller, connectionId: id, workspaceId };
}

const buyBoxRows = (connectionId: string) =>
  env.DB.prepare("SELECT marketplace, asin, buy_box_seller_id FROM seller_snapshots WHERE connection_id = ? AND day = ? ORDER BY marketplace").bind(connectionId, DAY).all();
const attention = (connectionId: string) => env.DB.prepare("SELECT code FROM upstream_attention WHERE scope = 'seller' AND key = ?").bind(connectionId).all();

describe("nightly seller phase, a marketplace the seller does not sell in", () => {
  it("skips only that marketplace: the seller's own marketplace gets its Buy Box, no reconnect mark, and the marketplaces are remembered", async () => {
    const bindings = sellerEnv();
    const seller = await usOnlySellerWithUnknownMarketplaces(bindings, EXAMPLE_SELLER);
    const notes = memoryNotes();

    // The fake's usage plans keep the run's time.
    await runSlicesToEnd(bindings, DAY, { clock: virtualClock(START, spApiTimeOf(seller.refreshToken)), notes });

    expect((await buyBoxRows(seller.connectionId)).results).toEqual([{ marketplace: "US", asin: "B00CGZQU42", buy_box_seller_id: EXAMPLE_SELLER }]);
    expect(notes.values.get(`${DAY}:sellersSkipped`)).toBeUndefined();
    expect((await attention(seller.connectionId)).results).toEqual([]);
    // Read from Amazon and kept: the next night asks only where the seller sells.
    const { marketplaces } = (await env.DB.prepare("SELECT marketplaces FROM seller_connections WHERE id = ?").bind(seller.connectionId).first<{ marketplaces: string | null }>())!;
    expect(JSON.parse(marketplaces ?? "null")).toEqual(["US"]);
    // The revenue pass reads the US ASIN's sales, never "not granted" for a marketplace it does not sell in.
    const revenue = await env.DB.prepare("SELECT DISTINCT marketplace, status FROM seller_revenue WHERE connection_id = ?").bind(seller.connectionId).all();
    expect(revenue.results).toEqual([{ marketplace: "US", status: "ok" }]);

    const tokens = await accessTokensOf(seller.refreshToken);
    const offers = (await fakeCalls(SPAPI_FAKE, { kind: "offers" })).filter((call) => tokens.has(call.accessToken));
    expect(offers.map((call) => call.status)).toEqual([403, 200]);
  });

  it("a grant Amazon no longer accepts still skips the whole seller and marks it for reconnecting", async () => {
    const bindings = sellerEnv();
    const seller = await usOnlySellerWithUnknownMarketplaces(bindings);
    await fakeControl(LWA_FAKE, "revoke", { refreshToken: seller.refreshToken });
    const notes = memoryNotes();

    await runSlicesToEnd(bindings, DAY, { clock: virtualClock(START), notes });

    expect((await buyBoxRows(seller.connectionId)).results).toEqual([]);
    expect(notes.values.get(`${DAY}:sellersSkipped`)).toBe(1);
    expect((await attention(seller.connectionId)).results).toEqual([{ code: "HTTP 403" }]);
  });
});
