import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json } from "../seller/fake-api";
import { dashboard, dashboardRow } from "./dashboard-fixture";

const NONE = { kind: null, label: "No snapshot yet", asOf: null };
const card = (title: string) => screen.getByRole("heading", { name: title, level: 3 }).closest(".kpi") as HTMLElement;

/** A tracked ASIN the nightly run has not reached yet: no title, figures or sources. */
const unsnapped = () =>
  dashboardRow({ asin: "B07XJXXXXX", marketplace: "UK", title: null, rank: null, rankChange7d: null, velocity: { rankChangePercent: null, slopePerDay: null, best: null, worst: null }, price: null, buyBox: "unknown", fulfillableUnits: null, sparkline: [], rankSource: NONE, sellerSource: NONE });

describe("the dashboard's rows and cards without data", () => {
  it("Low stock reads — (not 0) when no ASIN in scope has stock data", async () => {
    const empty = dashboard([unsnapped()]);
    empty.kpis = { ...empty.kpis, averageRank: { value: null, source: NONE }, buyBox: { held: 0, of: 0, source: NONE }, lowStock: { value: null, source: NONE } };
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(empty) });
    renderRoutes("/dashboard");
    await screen.findByRole("heading", { name: "Your tracked ASINs" });
    expect(within(card("Low stock")).queryByText("0")).toBeNull();
    expect(card("Low stock").querySelector(".kpi__value")!.textContent).toBe("—");
  });

  it("Low stock still counts 0 when ASINs have stock data and none is low", async () => {
    const stocked = dashboard();
    stocked.kpis.lowStock = { ...stocked.kpis.lowStock, value: 0 };
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(stocked) });
    renderRoutes("/dashboard");
    await screen.findByRole("heading", { name: "Your tracked ASINs" });
    expect(card("Low stock").querySelector(".kpi__value")!.textContent).toBe("0");
  });

  it("an ASIN with no snapshot yet says so and when the first comes, not that the snapshot has no title", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(dashboard([unsnapped(), dashboardRow({ title: null })])) });
    renderRoutes("/dashboard");
    const table = await screen.findByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    const row = within(table).getByRole("link", { name: "B07XJXXXXX" }).closest("tr") as HTMLElement;
    expect(row.textContent).toContain("No snapshot yet");
    expect(row.textContent).toContain("next nightly run");
    expect(row.textContent).toContain("Refresh now");
    // A snapshot that exists but carries no title still says that.
    const titled = within(table).getByRole("link", { name: "B0DASH0001" }).closest("tr") as HTMLElement;
    expect(titled.textContent).toContain("No title in the snapshot");
  });
});
