import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json } from "../seller/fake-api";
import { dashboard, dashboardRow } from "./dashboard-fixture";

describe("the tracked-ASIN table's price cell", () => {
  it("labels a lowest-offer price (no Buy Box winner) as such, and leaves a Buy Box price unlabelled", async () => {
    const rows = [
      dashboardRow({ asin: "B0LOWEST01", rank: 100, price: { amount: 12.5, currency: "USD" }, priceSource: "lowest_offer" }),
      dashboardRow({ asin: "B0BUYBOX01", rank: 200, price: { amount: 9.99, currency: "USD" } }),
    ];
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(dashboard(rows)) });
    renderRoutes("/seller-central");
    const table = await screen.findByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    const rowOf = (asin: string) => within(table).getByRole("link", { name: asin }).closest("tr")!;
    expect(rowOf("B0LOWEST01").textContent).toContain("Lowest offer (no Buy Box winner)");
    expect(rowOf("B0LOWEST01").textContent).toMatch(/\$12\.50/);
    expect(rowOf("B0BUYBOX01").textContent).toMatch(/\$9\.99/);
    expect(rowOf("B0BUYBOX01").textContent).not.toContain("Lowest offer");
  });
});
