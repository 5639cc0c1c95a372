import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PortfolioResponse } from "@contract/dashboard";
import { renderRoutes } from "../helpers";
import { euConnection, US_CONNECTION } from "../seller/connection-fixtures";
import { connectedUser, fakeApi, json } from "../seller/fake-api";

const NONE = { kind: null, label: "No snapshot yet", asOf: null } as const;
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
      revenueSource: NONE,
      rankSource: NONE,
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

  it("labels the demo's clients block as mock, under the Demo data banner", async () => {
    // The demo's figures come from its mock sources, and the answer says so over every marketplace.
    const mock = (label: string) => ({ kind: "mock" as const, label, asOf: "2026-11-28T02:00:00.000Z" });
    const clients = { ...portfolio().clients!, revenueSource: mock("Mock revenue (demo)"), rankSource: mock("Mock data (not live)") };
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(portfolio({ demo: true, clients })), "GET /api/connections": json(CONNECTIONS) });
    renderRoutes("/portfolio");
    const block = (await screen.findByRole("heading", { name: "All clients" })).closest("section") as HTMLElement;
    for (const title of ["Revenue by currency", "Average rank, every marketplace", "Clients"]) {
      const figure = within(block).getByRole("heading", { name: title, level: 3 }).closest(".kpi") as HTMLElement;
      expect(within(figure).getByText("Mock", { selector: ".badge" })).toBeTruthy();
    }
    const banner = screen.getByText("Demo data.").closest("p") as HTMLElement;
    expect(banner.compareDocumentPosition(block) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows each figure's source and as-of time when the answer carries them", async () => {
    const asOf = "2026-11-28T18:10:00.000Z";
    const clients = { ...portfolio().clients!, revenueSource: { kind: "spapi" as const, label: "Amazon SP-API (Sales)", asOf }, rankSource: { kind: "live" as const, label: "Amazon Creators API", asOf } };
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(portfolio({ clients })), "GET /api/connections": json(CONNECTIONS) });
    renderRoutes("/portfolio");
    const revenue = (await screen.findByRole("heading", { name: "Revenue by currency", level: 3 })).closest(".kpi") as HTMLElement;
    expect(revenue.textContent).toContain("Amazon SP-API (Sales) · as of 2026-11-28 18:10 UTC");
    const rank = screen.getByRole("heading", { name: "Average rank, every marketplace", level: 3 }).closest(".kpi") as HTMLElement;
    expect(rank.textContent).toContain("Amazon Creators API · as of 2026-11-28 18:10 UTC");
    // The clients' statuses come from their ranks: the card says so, and as of when.
    const count = screen.getByRole("heading", { name: "Clients", level: 3 }).closest(".kpi") as HTMLElement;
    expect(count.textContent).toContain("by their ranks");
    expect(count.textContent).toContain("Amazon Creators API · as of 2026-11-28 18:10 UTC");
  });

  it("says the clients' statuses have no snapshot yet rather than showing them without a source", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(portfolio()), "GET /api/connections": json(CONNECTIONS) });
    renderRoutes("/portfolio");
    const count = (await screen.findByRole("heading", { name: "Clients", level: 3 })).closest(".kpi") as HTMLElement;
    expect(count.textContent).toContain("No snapshot yet");
  });

  it("a real account's clients block claims no source the answer does not give", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(portfolio()), "GET /api/connections": json(CONNECTIONS) });
    renderRoutes("/portfolio");
    const block = (await screen.findByRole("heading", { name: "All clients" })).closest("section") as HTMLElement;
    expect(within(block).queryByText("Mock", { selector: ".badge" })).toBeNull();
    expect(screen.queryByText("Demo data.")).toBeNull();
  });
});
