import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PortfolioResponse } from "@contract/dashboard";
import { staleFilters } from "../../../web/src/pages/portfolio/Portfolio";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json, pending } from "../seller/fake-api";
import { dashboard, dashboardRow } from "./dashboard-fixture";

const card = (title: string) => screen.getByRole("heading", { name: title, level: 3 }).closest(".kpi") as HTMLElement;
const RANKS = { kind: "live" as const, label: "Amazon Creators API", asOf: "2026-11-24T02:00:05.000Z" };

function portfolio(overrides: Partial<PortfolioResponse> = {}): PortfolioResponse {
  return {
    marketplace: "US",
    marketplaces: ["US", "CA"],
    range: "7d",
    brands: ["Acme", "Luma"],
    categories: ["Toys"],
    kpis: { totalRevenue: null, revenueNote: null, revenueSource: { kind: null, label: "No snapshot yet", asOf: null }, revenueMissingDays: 0, averageRank: 4200, topPerformers: 0, needsAttention: 0, rankSource: RANKS },
    brandRows: [{ brand: "Acme", products: 1, averageRank: 4200, rankChangePercent: null, revenue: null, revenueNote: null, status: "steady", source: RANKS }],
    heatmap: [],
    demo: false,
    ...overrides,
  };
}

describe("the dashboard on a new account's first day", () => {
  it("Biggest 7-day mover names the snapshots that exist, not 'No snapshot yet'", async () => {
    const first = dashboard([dashboardRow({ rankChange7d: null, sparkline: [{ day: "2026-11-24", rank: 1200 }] })]);
    first.kpis.biggestMover = null;
    first.kpis.biggestMoverSource = { kind: null, label: "No snapshot yet", asOf: null };
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(first) });
    renderRoutes("/seller-central");
    await screen.findByRole("heading", { name: "Your tracked ASINs" });
    const mover = card("Biggest 7-day mover");
    expect(mover.textContent).not.toContain("No snapshot yet");
    expect(mover.textContent).toContain("needs two days of snapshots");
    expect(mover.textContent).toContain("Amazon Creators API · as of 2026-11-24 02:00 UTC");
  });

  it("after a week with no rank change, Biggest 7-day mover says none moved (not that snapshots are missing)", async () => {
    const flat = dashboard([dashboardRow({ rankChange7d: 0, velocity: { rankChangePercent: 0, slopePerDay: 0, best: 1200, worst: 1200 } })]);
    flat.kpis.biggestMover = null;
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(flat) });
    renderRoutes("/seller-central");
    await screen.findByRole("heading", { name: "Your tracked ASINs" });
    expect(card("Biggest 7-day mover").textContent).toContain("No rank moved in the last 7 days");
  });

  it("draws one day's rank as a dot named with its date", async () => {
    fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/dashboard": json(dashboard([dashboardRow({ sparkline: [{ day: "2026-11-24", rank: 1200 }] })])),
    });
    renderRoutes("/seller-central");
    const table = await screen.findByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    const chart = within(table).getByRole("img");
    expect(chart.getAttribute("aria-label")).toBe("Rank on 2026-11-24: #1,200 (one snapshot so far)");
    expect(chart.querySelectorAll("circle")).toHaveLength(1);
  });
});

describe("/portfolio filters", () => {
  it("drops a brand the chosen marketplace does not have from the URL, and lists each marketplace once", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/portfolio": ({ url }) =>
        Response.json(url.searchParams.get("marketplace") === "CA" ? portfolio({ marketplace: "CA", brands: ["Acme"], brandRows: [] }) : portfolio()),
    });
    const { router, user } = renderRoutes("/portfolio");
    await screen.findByRole("table");
    const marketplace = screen.getByLabelText<HTMLSelectElement>("Marketplace");
    expect([...marketplace.options].map((option) => option.textContent)).toEqual(["US", "CA"]);
    expect(marketplace.value).toBe("US");

    await user.selectOptions(screen.getByLabelText("Brand"), "Luma");
    await waitFor(() => expect(router.location.search).toBe("?brand=Luma"), { timeout: 3000 });
    await user.selectOptions(marketplace, "CA");
    await waitFor(() => expect(router.location.search).toBe("?marketplace=CA"), { timeout: 3000 });
    await waitFor(() => expect(Object.fromEntries(api.requests("GET /api/portfolio").at(-1)!.url.searchParams)).toEqual({ marketplace: "CA", range: "7d" }));
    expect(screen.getByLabelText<HTMLSelectElement>("Brand").value).toBe("");
  });

  it("keeps every select's options while a changed filter's answer loads", async () => {
    fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/portfolio": (request) => (request.url.searchParams.get("brand") === "Luma" ? pending()(request) : Response.json(portfolio())),
    });
    const { router, user } = renderRoutes("/portfolio");
    await screen.findByRole("table");

    await user.selectOptions(screen.getByLabelText("Brand"), "Luma");
    await waitFor(() => expect(router.location.search).toBe("?brand=Luma"));

    expect(screen.getByRole("status").textContent).toBe("Loading your portfolio...");
    const options = (label: string) => [...screen.getByLabelText<HTMLSelectElement>(label).options].map((option) => option.value);
    expect(options("Marketplace")).toEqual(["US", "CA"]);
    expect(options("Brand")).toEqual(["", "Acme", "Luma"]);
    expect(screen.getByLabelText<HTMLSelectElement>("Brand").value).toBe("Luma");
  });

  it("staleFilters names only the values the answer has no option for", () => {
    expect(staleFilters({ brands: ["Acme"], categories: ["Toys"] }, { brand: "Luma", category: "Toys" })).toEqual(["brand"]);
    expect(staleFilters({ brands: ["Acme"], categories: ["Toys"] }, { brand: "", category: "Pets" })).toEqual(["category"]);
    expect(staleFilters({ brands: ["Acme"], categories: ["Toys"] }, { brand: "Acme", category: "" })).toEqual([]);
  });
});
