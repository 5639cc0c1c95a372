import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PortfolioResponse } from "@contract/dashboard";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json } from "../seller/fake-api";

const RANKS = { kind: "live" as const, label: "Amazon Creators API", asOf: "2026-11-24T02:00:05.000Z" };

function portfolio(overrides: Partial<PortfolioResponse> = {}): PortfolioResponse {
  return {
    marketplace: "US",
    marketplaces: ["US", "DE"],
    range: "7d",
    brands: ["Acme", "Voltix"],
    categories: ["Electronics", "Toys"],
    kpis: {
      totalRevenue: null,
      revenueNote: "Sales data not granted: reconnect your seller account and allow the Sales role.",
      revenueSource: { kind: null, label: "No snapshot yet", asOf: null },
      revenueMissingDays: 0,
      averageRank: 4200,
      topPerformers: 1,
      needsAttention: 1,
      rankSource: RANKS,
    },
    brandRows: [
      { brand: "Acme", products: 2, averageRank: 2000, rankChangePercent: -15, revenue: { amount: 150.5, currency: "USD" }, revenueNote: null, status: "top-performer", source: RANKS },
      { brand: "Voltix", products: 1, averageRank: 90000, rankChangePercent: 30, revenue: null, revenueNote: "Sales data not granted: reconnect your seller account and allow the Sales role.", status: "needs-attention", source: RANKS },
    ],
    heatmap: [{ category: "Toys", products: 2, rankChangePercent: -15, band: "high", direction: "improving" }],
    demo: false,
    ...overrides,
  };
}

describe("/portfolio", () => {
  it("points a demo account without tracked ASINs to the sample products, and only a demo account", async () => {
    const empty = { marketplaces: [], brands: [], categories: [], brandRows: [], heatmap: [] };
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(portfolio({ ...empty, demo: true })) });
    renderRoutes("/portfolio");
    expect(await screen.findByText(/the portfolio builds from their snapshots\. Seller Central also offers the demo's sample products, with 90 days of history\./)).toBeTruthy();
    cleanup();

    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(portfolio(empty)) });
    renderRoutes("/portfolio");
    await screen.findByText(/the portfolio builds from their snapshots\./);
    expect(screen.queryByText(/sample products/)).toBeNull();
  });

  it("shows the cards, the brand table with status and links, revenue as — with its reason, and the heatmap", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(portfolio()) });
    renderRoutes("/portfolio");
    const brands = await screen.findByRole("table");
    const total = screen.getByRole("heading", { name: "Total revenue", level: 3 }).closest(".kpi") as HTMLElement;
    expect(total.textContent).toContain("—");
    expect(total.textContent).toContain("Sales data not granted");
    expect(within(brands).getByRole("link", { name: "Acme" }).getAttribute("href")).toBe("/dashboard?brand=Acme");
    expect(within(brands).getByText("$150.50")).toBeTruthy();
    expect(within(brands).getByText("Needs attention")).toBeTruthy();
    expect(within(brands).getByText("Top performer")).toBeTruthy();
    expect(screen.getByText(/High velocity, improving/)).toBeTruthy();
    // The heatmap's changes come from the same ranks as the cards: it names their source and time too.
    const heatmap = screen.getByRole("heading", { name: "Categories by rank velocity" }).closest("section") as HTMLElement;
    expect(heatmap.querySelector(".kpi__source")?.textContent).toBe("Amazon Amazon Creators API · as of 2026-11-24 02:00 UTC");
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });

  it("puts the KPI cards' headings under a level-2 heading, so no heading level is skipped", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(portfolio()) });
    renderRoutes("/portfolio");
    await screen.findByRole("table");
    const levels = screen.getAllByRole("heading").map((heading) => Number(heading.tagName.slice(1)));
    levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0), `heading ${index + 1} of ${levels.join(",")}`).toBeLessThanOrEqual(1));
    expect(screen.getByRole("heading", { name: "Key figures", level: 2 })).toBeTruthy();
  });

  it("the revenue card counts the days Amazon has not answered, apart from the partial sum (never as zero)", async () => {
    const partial = portfolio({
      kpis: { ...portfolio().kpis, totalRevenue: { amount: 80.25, currency: "USD" }, revenueNote: null, revenueSource: RANKS, revenueMissingDays: 2 },
    });
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(partial) });
    renderRoutes("/portfolio");
    await screen.findByRole("table");
    const total = screen.getByRole("heading", { name: "Total revenue", level: 3 }).closest(".kpi") as HTMLElement;
    expect(within(total).getByText("$80.25")).toBeTruthy();
    expect(within(total).getByText(/^2 days missing: Amazon has not answered them yet/).textContent).toContain("not counted as zero");
  });

  it("the revenue card says nothing about missing days when every day is in", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(portfolio({ kpis: { ...portfolio().kpis, revenueMissingDays: 0 } })) });
    renderRoutes("/portfolio");
    await screen.findByRole("table");
    const total = screen.getByRole("heading", { name: "Total revenue", level: 3 }).closest(".kpi") as HTMLElement;
    expect(total.textContent).not.toMatch(/missing/);
  });

  it("sends the filters, and Clear filters puts every one back to its default", async () => {
    const api = fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/portfolio": json(portfolio()) });
    const { user } = renderRoutes("/portfolio");
    await screen.findByRole("table");
    await user.selectOptions(screen.getByLabelText("Brand"), "Voltix");
    await user.selectOptions(screen.getByLabelText("Date range"), "30d");
    await waitFor(() => expect(Object.fromEntries(api.requests("GET /api/portfolio").at(-1)!.url.searchParams)).toEqual({ brand: "Voltix", range: "30d" }));
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(Object.fromEntries(api.requests("GET /api/portfolio").at(-1)!.url.searchParams)).toEqual({ range: "7d" }));
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });
});
