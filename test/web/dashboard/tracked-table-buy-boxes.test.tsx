import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json } from "../seller/fake-api";
import { dashboard, dashboardRow } from "./dashboard-fixture";

describe("the tracked-ASIN table's Buy Box cell", () => {
  it("shows each Buy Box with its holder when they differ, one holder when they agree, and a suppressed Buy Box apart from unknown", async () => {
    const rows = [
      dashboardRow({ asin: "B0NONPRIME", buyBox: "other", buyBoxes: { prime: "other", nonPrime: "you" } }),
      dashboardRow({ asin: "B0BOTHMINE", buyBox: "you", buyBoxes: { prime: "you", nonPrime: "you" } }),
      dashboardRow({ asin: "B0SUPPRESS", buyBox: "suppressed", buyBoxes: { prime: "suppressed", nonPrime: "suppressed" } }),
      dashboardRow({ asin: "B0UNKNOWN1", buyBox: "unknown", buyBoxes: { prime: "unknown", nonPrime: "unknown" } }),
    ];
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(dashboard(rows)) });
    renderRoutes("/seller-central");
    const table = await screen.findByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    const buyBoxColumn = within(table).getAllByRole("columnheader").findIndex((header) => header.textContent === "Buy Box");
    const cellOf = (asin: string) => within(table).getByRole("link", { name: asin }).closest("tr")!.querySelectorAll("td")[buyBoxColumn]!;
    expect(cellOf("B0NONPRIME").textContent).toBe("Prime: Another sellerNon-Prime: You");
    expect(cellOf("B0BOTHMINE").textContent).toBe("You");
    // Said in the cell, not only on hover (a phone never hovers).
    expect(cellOf("B0SUPPRESS").textContent).toBe("SuppressedOffers are listed, but Amazon shows no Buy Box winner.");
    expect(cellOf("B0SUPPRESS").getAttribute("title")).toBeNull();
    expect(cellOf("B0UNKNOWN1").textContent).toBe("—");
  });
});
