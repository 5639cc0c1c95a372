import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PortfolioResponse } from "@contract/dashboard";
import { renderRoutes } from "../helpers";
import { euConnection, US_CONNECTION } from "../seller/connection-fixtures";
import { connectedUser, fakeApi, json } from "../seller/fake-api";

const NONE = { kind: null, label: "No snapshot yet", asOf: null };
const CONNECTIONS = { connections: [US_CONNECTION, euConnection("Acme EU")] };

function portfolio(overrides: Partial<PortfolioResponse> = {}): PortfolioResponse {
  return {
    marketplace: "US",
    marketplaces: ["DE", "US"],
    range: "7d",
    brands: [],
    categories: [],
    kpis: { totalRevenue: null, revenueNote: null, revenueSource: NONE, averageRank: null, topPerformers: 0, needsAttention: 0, rankSource: NONE } as PortfolioResponse["kpis"],
    brandRows: [],
    heatmap: [],
    connection: null,
    clients: {
      revenueByCurrency: [
        { amount: 20, currency: "EUR" },
        { amount: 10.5, currency: "USD" },
      ],
      averageRank: 4200,
      topPerformers: 1,
      needsAttention: 1,
      rows: [
        { connectionId: "c-us", name: "Acme US", region: "na", products: 1, averageRank: 2000, rankChangePercent: -3, revenue: [{ amount: 10.5, currency: "USD" }], status: "top-performer" },
        { connectionId: "c-eu", name: "Acme EU", region: "eu", products: 1, averageRank: 80000, rankChangePercent: 25, revenue: [{ amount: 20, currency: "EUR" }], status: "needs-attention" },
      ],
    },
    demo: false,
    ...overrides,
  };
}

describe("/portfolio across seller accounts", () => {
  it("shows revenue per currency (never one converted total) and a row per client linking to its drill-down", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(portfolio()), "GET /api/connections": json(CONNECTIONS) });
    renderRoutes("/portfolio");
    const clients = await screen.findByRole("table", { name: "Seller accounts in this portfolio" });
    const revenue = screen.getByRole("heading", { name: "Revenue by currency", level: 3 }).closest(".kpi") as HTMLElement;
    expect(revenue.textContent).toContain("€20.00");
    expect(revenue.textContent).toContain("$10.50");
    expect(within(clients).getByRole("link", { name: "Acme EU" }).getAttribute("href")).toBe("/portfolio?connection=c-eu");
    expect(within(clients).getByText("Needs attention")).toBeTruthy();
    expect(within(clients).getByText("Top performer")).toBeTruthy();
  });

  it("the client picker sends ?connection= to the portfolio", async () => {
    const api = fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(portfolio()), "GET /api/connections": json(CONNECTIONS) });
    const { user } = renderRoutes("/portfolio");
    await screen.findByRole("table", { name: "Seller accounts in this portfolio" });
    await user.selectOptions(await screen.findByLabelText("Client"), "Acme EU");
    await waitFor(() => expect(api.requests("GET /api/portfolio").at(-1)!.url.searchParams.get("connection")).toBe("c-eu"));
  });
});
