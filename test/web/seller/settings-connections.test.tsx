import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { connectedUser, demoUser, json, noContent, pending, settingsResponse } from "./fake-api";
import { renderSettings } from "./settings-render";
import { euConnection, US_CONNECTION } from "./connection-fixtures";
import { acmeWorkspaces, PERSONAL_WORKSPACE } from "../team/workspace-fixtures";

const US = US_CONNECTION;
const EU = euConnection("Acme EU", { needsAttention: "Amazon refused this seller: reconnect it." });

/** GET /api/settings for a member whose own sign-in has no Amazon connection. */
const NOT_CONNECTED = settingsResponse({
  connection: { connected: false, demo: false, sellingPartnerId: null, region: null, grantedAt: null, renewalDueAt: null },
});

const item = (name: string) => screen.getByText(name, { selector: "strong" }).closest("li") as HTMLElement;

describe("Settings → Connection Status: the workspace's seller accounts", () => {
  it("lists each connection with its seller id, region, status and what needs attention", async () => {
    await renderSettings({ "GET /api/connections": json({ connections: [US, EU] }) });
    await screen.findByText("Acme EU", { selector: "strong" });
    expect(within(item("Acme US")).getByText("A1ACMEUS")).toBeTruthy();
    expect(within(item("Acme US")).getByText("North America")).toBeTruthy();
    expect(within(item("Acme EU")).getByText("Europe")).toBeTruthy();
    expect(within(item("Acme EU")).getByText(/Amazon refused this seller/)).toBeTruthy();
    expect(within(item("Acme US")).queryByText(/Needs attention/)).toBeNull();
  });

  it("does not tell an analyst that nothing is connected when the workspace has seller accounts", async () => {
    await renderSettings({
      "GET /api/user/status": json(connectedUser({ connected: false })),
      "GET /api/workspaces": json(acmeWorkspaces("analyst", [PERSONAL_WORKSPACE])),
      "GET /api/settings": json(NOT_CONNECTED),
      "GET /api/connections": json({ connections: [{ ...US, name: "Demo seller", status: "demo" }] }),
    });
    await screen.findByText("Demo seller", { selector: "strong" });

    const panel = screen.getByRole("tabpanel");
    expect(panel.textContent).toContain("Your own sign-in has no Amazon connection; this workspace's seller accounts are listed below.");
    expect(panel.textContent).not.toContain("No Amazon seller account is connected");
    expect(within(panel).queryByText("Not connected")).toBeNull();
  });

  it("says nothing is connected only once the workspace's list is known to be empty", async () => {
    await renderSettings({ "GET /api/settings": json(NOT_CONNECTED), "GET /api/connections": pending() });
    await screen.findByText("Loading seller accounts...");
    expect(screen.getByRole("tabpanel").textContent).toContain("Your own sign-in has no Amazon connection.");
    expect(screen.queryByText("Not connected")).toBeNull();
  });

  it("says Not connected when neither the sign-in nor the workspace has a seller account", async () => {
    await renderSettings({ "GET /api/settings": json(NOT_CONNECTED), "GET /api/connections": json({ connections: [] }) });
    await screen.findByText("No seller account is connected yet.");
    expect(screen.getByText("Not connected")).toBeTruthy();
    expect(screen.getByRole("tabpanel").textContent).toContain("No Amazon seller account is connected.");
  });

  const DEMO_SETTINGS = settingsResponse({ connection: { connected: false, demo: true, sellingPartnerId: "DEMO-1", region: "na", grantedAt: null, renewalDueAt: null } });
  const demoSeller = { ...US, name: "Demo seller", status: "demo" as const, sellingPartnerId: "DEMO-1" };

  it("offers the demo a sample client", async () => {
    await renderSettings({ "GET /api/user/status": json(demoUser()), "GET /api/settings": json(DEMO_SETTINGS), "GET /api/connections": json({ connections: [demoSeller] }) });
    expect(await screen.findByRole("button", { name: "Add a sample client" })).toBeTruthy();
  });

  it("offers no second sample client once the workspace has one (a click would add nothing)", async () => {
    await renderSettings({
      "GET /api/user/status": json(demoUser()),
      "GET /api/settings": json(DEMO_SETTINGS),
      "GET /api/connections": json({ connections: [demoSeller, euConnection("Sample client EU", { status: "demo", sellingPartnerId: "DEMO-CLIENT-w1" })] }),
    });
    await screen.findByText("Sample client EU", { selector: "strong" });
    expect(screen.queryByRole("button", { name: "Add a sample client" })).toBeNull();
  });

  it("renames, and disconnects only after a confirmation", async () => {
    const { api, user } = await renderSettings({
      "GET /api/connections": json({ connections: [US, EU] }),
      "PATCH /api/connections/c-eu": json({ ...EU, name: "Acme Europe" }),
      "DELETE /api/connections/c-eu": noContent(),
    });
    await screen.findByText("Acme EU", { selector: "strong" });
    await user.click(screen.getByRole("button", { name: "Rename Acme EU" }));
    const name = within(item("Acme EU")).getByLabelText("Name");
    await user.clear(name);
    await user.type(name, "Acme Europe");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    await waitFor(() => expect(api.requests("PATCH /api/connections/c-eu").map((request) => request.body)).toEqual([{ name: "Acme Europe" }]));

    await user.click(screen.getByRole("button", { name: "Disconnect Acme EU" }));
    expect(api.requests("DELETE /api/connections/c-eu")).toEqual([]);
    await user.click(within(screen.getByRole("group", { name: "Confirm disconnect of Acme EU" })).getByRole("button", { name: "Yes, disconnect" }));
    await waitFor(() => expect(api.requests("DELETE /api/connections/c-eu").length).toBe(1));
    expect(await screen.findByText(/Acme EU was disconnected/)).toBeTruthy();
  });

  it("starts connecting another seller account in the chosen marketplace's region", async () => {
    const { api, user } = await renderSettings({
      "GET /api/connections": json({ connections: [US] }),
      "POST /api/connections/start": json({ authUrl: "about:blank#consent" }),
    });
    await screen.findByText("Acme US", { selector: "strong" });
    await user.selectOptions(screen.getByLabelText("Connect another seller account in"), "DE");
    await user.click(screen.getByRole("button", { name: "Connect seller account" }));
    await waitFor(() => expect(api.requests("POST /api/connections/start").map((request) => request.body)).toEqual([{ marketplace: "DE" }]));
  });
});
