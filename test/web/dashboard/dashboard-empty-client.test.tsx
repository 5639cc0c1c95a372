import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { euConnection, US_CONNECTION } from "../seller/connection-fixtures";
import { connectedUser, fakeApi, json } from "../seller/fake-api";
import { dashboard, dashboardRow } from "./dashboard-fixture";

const CONNECTIONS = { connections: [US_CONNECTION, euConnection("Acme EU")] };
const WATCHLIST = { items: [{ asin: "B0DASH0001", marketplace: "US", addedAt: "2026-11-24T10:00:00.000Z", paused: false }] };

describe("/dashboard filtered to a client with no data", () => {
  it("says that client has none yet, without the workspace's onboarding or watchlist, and links back to all clients", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/dashboard": ({ url }) => Response.json(url.searchParams.get("connection") ? dashboard([]) : dashboard([dashboardRow()])),
      "GET /api/connections": json(CONNECTIONS),
      "GET /api/watchlist": json(WATCHLIST),
    });
    const { router, user } = renderRoutes("/dashboard?connection=c-eu");
    await screen.findByRole("heading", { name: "No tracked ASINs have data from Acme EU yet" });
    expect(screen.queryByRole("heading", { name: /You now track|No tracked ASINs yet/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Show the dashboard" })).toBeNull();
    expect(api.requests("GET /api/watchlist")).toEqual([]);
    // The name comes from the list the page asked for once, for its seller account picker.
    expect(screen.getByRole("combobox", { name: "Seller account" })).toBeTruthy();
    expect(api.requests("GET /api/connections")).toHaveLength(1);

    await user.click(screen.getByRole("link", { name: "Show all seller accounts" }));
    await waitFor(() => expect(router.location.search).not.toContain("connection"));
    await screen.findByRole("heading", { name: "Your tracked ASINs" });
    expect(api.requests("GET /api/dashboard").at(-1)!.url.searchParams.get("connection")).toBeNull();
  });
});
