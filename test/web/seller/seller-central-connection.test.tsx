import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { dashboard } from "../dashboard/dashboard-fixture";
import { euConnection, US_CONNECTION } from "./connection-fixtures";
import { connectedUser, fakeApi, json } from "./fake-api";

const CONNECTIONS = { connections: [US_CONNECTION, euConnection("Acme EU")] };

describe("/seller-central's Seller account picker", () => {
  it("filters the dashboard by the chosen seller account, from the URL and from the picker", async () => {
    const api = fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(dashboard()), "GET /api/connections": json(CONNECTIONS) });
    const { user } = renderRoutes("/seller-central?connection=c-us");
    await screen.findByRole("heading", { name: "Your tracked ASINs" });
    expect(api.requests("GET /api/dashboard")[0]!.url.searchParams.get("connection")).toBe("c-us");

    await user.selectOptions(await screen.findByLabelText("Seller account"), "Acme EU");
    await waitFor(() => expect(api.requests("GET /api/dashboard").at(-1)!.url.searchParams.get("connection")).toBe("c-eu"));
  });

  it("sits above the dashboard it filters", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(dashboard()), "GET /api/connections": json(CONNECTIONS) });
    renderRoutes("/seller-central");
    const picker = await screen.findByLabelText("Seller account");
    const dashboardHeading = await screen.findByRole("heading", { name: "Your tracked ASINs" });
    expect(picker.compareDocumentPosition(dashboardHeading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
