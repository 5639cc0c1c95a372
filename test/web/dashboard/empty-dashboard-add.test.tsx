import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json, sequence } from "../seller/fake-api";
import { dashboard, dashboardRow } from "./dashboard-fixture";

/** The first ASIN added from the empty dashboard shows up in the dashboard at once, not after a page reload. */
describe("the empty dashboard's watchlist form", () => {
  it("reloads the dashboard after an ASIN is added", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/dashboard": sequence(json(dashboard([])), json(dashboard([dashboardRow({ asin: "B0DASH0001" })]))),
      "GET /api/watchlist": json({ items: [] }),
      "POST /api/watchlist": json({ asin: "B0DASH0001", marketplace: "US" }, 201),
    });
    const { user } = renderRoutes("/seller-central");
    await screen.findByRole("heading", { name: "No tracked ASINs yet" });

    const form = within(screen.getByRole("form", { name: "Add to watchlist" }));
    await user.type(form.getByRole("textbox", { name: "ASIN" }), "B0DASH0001");
    await user.click(form.getByRole("button", { name: "Add to watchlist" }));

    const table = await screen.findByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    expect(within(table).getByRole("link", { name: "B0DASH0001" })).toBeTruthy();
    expect(api.requests("GET /api/dashboard")).toHaveLength(2);
  });
});
