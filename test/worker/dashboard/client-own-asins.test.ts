import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { DashboardResponse, PortfolioResponse } from "../../../worker/contract/dashboard";
import { revenueRunDay } from "../../../worker/upstreams/spapi/sales-days";
import { insertWatchlist, resetHistoryTables, runSlicesToEnd, virtualClock } from "../jobs/nightly-run/support";
import { agencyWithClient } from "../support/agency-client";
import { fakeControl, SPAPI_FAKE, spApiTimeOf } from "../support/seller-browser";

/**
 * An agency's clients each sell their own ASINs, but every connection's nightly phases write a
 * row for every tracked ASIN of its marketplaces (units unknown, the Buy Box another's, zero
 * sales). A client's products, average rank and `?connection=` view are the ASINs its seller has
 * its own data on: stock, a Buy Box it holds, or sales.
 */
beforeEach(async () => {
  await resetHistoryTables();
  await env.DB.prepare("DELETE FROM seller_revenue").run();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

const freshAsin = (prefix: string) => `${prefix}${crypto.randomUUID().replace(/-/g, "").slice(0, 7).toUpperCase()}`;

describe("an agency's clients and the ASINs they sell", () => {
  it("each client's portfolio row and drill-down hold its own ASIN, not every tracked ASIN of the marketplace", { timeout: 60_000 }, async () => {
    const { bindings, agency, workspace, clientSeller: client, clientGrant, connectionOf } = await agencyWithClient();
    const idOf = (seller: string) => connectionOf(seller).id;

    // The agency's ASIN: its FBA stock, its Buy Box, its sales; the client's likewise. Neither sells the other's.
    const [ours, theirs] = [freshAsin("B0O"), freshAsin("B0T")];
    await insertWatchlist(workspace, [ours, theirs].map((asin) => ({ marketplace: "US", asin })));
    for (const [asin, seller, grant] of [[ours, agency.sellingPartnerId, agency.refreshToken], [theirs, client, clientGrant]] as const) {
      await fakeControl(SPAPI_FAKE, "buy-box", { asin, sellerId: seller });
      await fakeControl(SPAPI_FAKE, "inventory", { refreshToken: grant, marketplaceId: "ATVPDKIKX0DER", summaries: [{ asin, sellerSku: "SKU", fulfillableQuantity: 5 }] });
      await fakeControl(SPAPI_FAKE, "sales", { asin, sellingPartnerId: seller, amount: 10, units: 1 });
    }
    await runSlicesToEnd(bindings, revenueRunDay(Date.now()), { clock: virtualClock(Date.now(), spApiTimeOf(agency.refreshToken, clientGrant)) });

    const portfolio = await (await agency.browser.request("/api/portfolio")).json<PortfolioResponse>();
    const rows = new Map(portfolio.clients!.rows.map((row) => [row.connectionId, row]));
    expect(rows.get(idOf(agency.sellingPartnerId))?.products).toBe(1);
    expect(rows.get(idOf(client))?.products).toBe(1);

    for (const [seller, asin] of [[agency.sellingPartnerId, ours], [client, theirs]] as const) {
      const view = await (await agency.browser.request(`/api/dashboard?connection=${encodeURIComponent(idOf(seller))}`)).json<DashboardResponse>();
      expect(view.rows.map((row) => row.asin)).toEqual([asin]);
    }
  });
});
