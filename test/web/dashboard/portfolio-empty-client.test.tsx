import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PortfolioResponse } from "@contract/dashboard";
import { renderRoutes } from "../helpers";
import { euConnection, US_CONNECTION } from "../seller/connection-fixtures";
import { connectedUser, fakeApi, json } from "../seller/fake-api";

const NONE = { kind: null, label: "No snapshot yet", asOf: null };
const CONNECTIONS = { connections: [US_CONNECTION, euConnection("Acme EU")] };

/** The drill-down into a client whose seller has no data on any tracked ASIN yet (the workspace tracks some). */
function emptyClient(overrides: Partial<PortfolioResponse> = {}): PortfolioResponse {
  return {
    marketplace: null,
    marketplaces: [],
    range: "7d",
    brands: [],
    categories: [],
    kpis: { totalRevenue: null, revenueNote: null, revenueSource: NONE, revenueMissingDays: 0, averageRank: null, topPerformers: 0, needsAttention: 0, rankSource: NONE },
    brandRows: [],
    heatmap: [],
    connection: "c-eu",
    clients: {
      revenueByCurrency: [],
      revenueSource: NONE,
      averageRank: null,
      rankSource: NONE,
      topPerformers: 0,
      needsAttention: 0,
      rows: [{ connectionId: "c-eu", name: "Acme EU", region: "eu", products: 0, averageRank: null, rankChangePercent: null, revenue: [], status: "steady" }],
    },
    demo: true,
    ...overrides,
  };
}

describe("/portfolio drilled into a client with no data", () => {
  it("says the client has no data yet (not that nothing is tracked) and offers all clients", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(emptyClient()), "GET /api/connections": json(CONNECTIONS) });
    const { router, user } = renderRoutes("/portfolio?connection=c-eu");
    const empty = await screen.findByText(/No tracked ASINs have data from Acme EU/);
    expect(screen.queryByText(/No tracked ASINs yet/)).toBeNull();
    expect(screen.queryByText(/sample products/)).toBeNull();
    await user.click(within(empty).getByRole("link", { name: "Show all clients" }));
    await waitFor(() => expect(router.location.search).toBe(""));
  });

  it("names the marketplace chosen in the select, never a lone 'Default'", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(emptyClient({ marketplace: "DE" })), "GET /api/connections": json(CONNECTIONS) });
    renderRoutes("/portfolio?connection=c-eu&marketplace=DE");
    await screen.findByText(/No tracked ASINs have data from Acme EU/);
    const select = screen.getByLabelText<HTMLSelectElement>("Marketplace");
    expect([...select.options].map((option) => option.textContent)).toEqual(["DE"]);
    expect(select.value).toBe("DE");
  });

  it("with no marketplace chosen and none with data, the select says so instead of 'Default'", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(emptyClient()), "GET /api/connections": json(CONNECTIONS) });
    renderRoutes("/portfolio?connection=c-eu");
    await screen.findByText(/No tracked ASINs have data from Acme EU/);
    const select = screen.getByLabelText<HTMLSelectElement>("Marketplace");
    expect([...select.options].map((option) => option.textContent)).toEqual(["None with data yet"]);
    expect(select.disabled).toBe(true);
  });
});
