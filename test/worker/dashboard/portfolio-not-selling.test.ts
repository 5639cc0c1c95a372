import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PortfolioResponse } from "../../../worker/contract/dashboard";
import { NOT_FETCHED_NOTE } from "../../../worker/dashboard/portfolio";
import { freeBrowser, proBrowser, userIdOf } from "../history/accounts";
import { insertWatchlist } from "../jobs/nightly-run/support";
import { connectSeller, fakeControl, registerLwaClient, sellerEnv, SPAPI_FAKE, TestBrowser } from "../support/seller-browser";

const US = "ATVPDKIKX0DER";

beforeEach(() => {
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

/**
 * Revenue is read only where a connected seller sells: a portfolio of ASINs tracked in another
 * marketplace (a competitor watch list) never gets sales figures, so its "—" must not promise the
 * nightly run will fetch them.
 */
describe("the portfolio's revenue in a marketplace no connected seller sells in", () => {
  it("says no seller account sells there, instead of 'not fetched yet'", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const refreshToken = `Atzr|refresh-${crypto.randomUUID()}`;
    await fakeControl(SPAPI_FAKE, "participations", { refreshToken, marketplaceIds: [US] });
    const { browser, callback, sellingPartnerId } = await connectSeller(new TestBrowser(bindings), { refreshToken });
    expect(callback.status).toBe(302);
    const user = await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(sellingPartnerId).first<{ id: string }>();
    // Tracked straight in D1: the Free plan's marketplace limit is not what this test is about.
    await insertWatchlist(user!.id, [{ asin: "B0NOTSELL1", marketplace: "CA" }, { asin: "B0NOTSELL2", marketplace: "US" }]);

    const res = await browser.request("/api/portfolio?marketplace=CA");
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json<PortfolioResponse>();
    const note = "Your seller account does not sell in Canada (CA), so sales figures cannot be read there. Amazon lists your marketplaces as: US.";
    expect(body.kpis).toMatchObject({ totalRevenue: null, revenueNote: note });
    expect(body.brandRows.length).toBeGreaterThan(0);
    expect(body.brandRows.map((row) => row.revenueNote)).toEqual(body.brandRows.map(() => note));

    // Where the seller sells, the figures are simply not fetched yet.
    const us = await (await browser.request("/api/portfolio?marketplace=US")).json<PortfolioResponse>();
    expect(us.kpis.revenueNote).toBe(NOT_FETCHED_NOTE);
  });

  it("says no seller account is connected when none is", async () => {
    const browser = await freeBrowser();
    await insertWatchlist(userIdOf(browser), [{ asin: "B0NOTSELL3", marketplace: "US" }]);
    const body = await (await browser.request("/api/portfolio")).json<PortfolioResponse>();
    expect(body.kpis).toMatchObject({
      totalRevenue: null,
      revenueNote: "No seller account is connected: sales figures come from a connected account (Settings → Connection Status).",
    });
  });

  it("the demo's mock seller sells in every seller marketplace and no other: JP says so, US is not fetched yet", async () => {
    const browser = await proBrowser();
    await insertWatchlist(userIdOf(browser), [{ asin: "B0NOTSELL4", marketplace: "JP" }, { asin: "B0NOTSELL5", marketplace: "US" }]);
    const jp = await (await browser.request("/api/portfolio?marketplace=JP")).json<PortfolioResponse>();
    expect(jp.kpis.revenueNote).toMatch(/^Your seller account does not sell in Japan \(JP\), so sales figures cannot be read there\./);
    const us = await (await browser.request("/api/portfolio?marketplace=US")).json<PortfolioResponse>();
    expect(us.kpis.revenueNote).toBe(NOT_FETCHED_NOTE);
  });
});
