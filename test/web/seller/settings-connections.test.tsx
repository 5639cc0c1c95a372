import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { connectedUser, demoUser, json, noContent, offline, pending, sequence, settingsResponse } from "./fake-api";
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

  it("after a downgrade says the workspace is past its plan's seller accounts and what to do, keeping every account listed", async () => {
    const beyondPlan = "Your Free plan connects up to 1 seller account, and 2 are connected from an earlier plan. None was removed, and none can be added: disconnect 1 to be within the plan, or move to the Agency plan (up to 50 seller accounts) at /billing.";
    await renderSettings({ "GET /api/connections": json({ connections: [US, euConnection("Acme EU")], beyondPlan }) });
    await screen.findByText("Acme EU", { selector: "strong" });
    expect(screen.getByText(beyondPlan)).toBeTruthy();
    expect(item("Acme US")).toBeTruthy();
  });

  it("offers Try again when the list did not load, and lists the accounts on it", async () => {
    await renderSettings({ "GET /api/connections": sequence(json({ detail: "Too many requests: try again in 30 seconds." }, 429), json({ connections: [US] })) });
    const failed = await screen.findByText(/Too many requests: try again in 30 seconds\./);
    within(failed).getByRole("button", { name: "Try again" }).click();
    expect(await screen.findByText("Acme US", { selector: "strong" })).toBeTruthy();
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

  // A refused change used to close its form whatever the answer, losing the typed name, with the reason at the section's top.
  it.each([
    ["the API's 422", json({ detail: [{ loc: ["json", "name"], msg: "Name must be one line of text, without control characters", type: "invalid_format" }], code: "validation_failed" }, 422), "Name must be one line of text, without control characters"],
    ["a network failure", offline(), "That did not work. Please try again."],
  ])("a refused rename (%s) stays open with the typed name and the reason in the item", async (_case, answer, reason) => {
    const { api, user } = await renderSettings({
      "GET /api/connections": json({ connections: [US, EU] }),
      "PATCH /api/connections/c-eu": answer,
    });
    await screen.findByText("Acme EU", { selector: "strong" });
    await user.click(screen.getByRole("button", { name: "Rename Acme EU" }));
    const name = within(item("Acme EU")).getByLabelText("Name") as HTMLInputElement;
    await user.clear(name);
    await user.type(name, "Acme Europe");
    await user.click(screen.getByRole("button", { name: "Save name" }));

    const alert = await within(item("Acme EU")).findByRole("alert");
    expect(alert.textContent).toBe(reason);
    const field = within(item("Acme EU")).getByLabelText("Name") as HTMLInputElement;
    expect(field.value).toBe("Acme Europe");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toBe(alert.id);
    expect((screen.getByRole("button", { name: "Save name" }) as HTMLButtonElement).disabled).toBe(false);
    expect(api.requests("PATCH /api/connections/c-eu")).toHaveLength(1);

    await user.click(within(item("Acme EU")).getByRole("button", { name: "Cancel" }));
    expect(within(item("Acme EU")).queryByRole("alert")).toBeNull();
  });

  it("a refused disconnect keeps its confirmation open, with the reason in the item", async () => {
    const detail = "Amazon could not be reached; nothing was deleted. Try again in a minute.";
    const { user } = await renderSettings({
      "GET /api/connections": json({ connections: [US, EU] }),
      "DELETE /api/connections/c-eu": json({ detail, code: "upstream_unavailable" }, 503),
    });
    await screen.findByText("Acme EU", { selector: "strong" });
    await user.click(screen.getByRole("button", { name: "Disconnect Acme EU" }));
    await user.click(within(screen.getByRole("group", { name: "Confirm disconnect of Acme EU" })).getByRole("button", { name: "Yes, disconnect" }));

    expect((await within(item("Acme EU")).findByRole("alert")).textContent).toBe(detail);
    expect(screen.getByRole("group", { name: "Confirm disconnect of Acme EU" })).toBeTruthy();
  });

  it("asks for one consent link however often Connect seller account is pressed while it is on its way", async () => {
    const { api, user } = await renderSettings({
      "GET /api/connections": json({ connections: [US] }),
      "POST /api/connections/start": pending(),
    });
    await screen.findByText("Acme US", { selector: "strong" });
    const button = screen.getByRole("button", { name: /Connect seller account|Connecting/ }) as HTMLButtonElement;
    await user.click(button);
    await user.click(button);

    expect(button.disabled).toBe(true);
    expect(api.requests("POST /api/connections/start")).toHaveLength(1);
  });

  it("shows a refused start by the Connect button, and the button works again", async () => {
    const detail = "Connecting seller accounts needs SP-API, which is not configured on this server.";
    const { api, user } = await renderSettings({
      "GET /api/connections": json({ connections: [US] }),
      "POST /api/connections/start": json({ detail, code: "not_configured" }, 503),
    });
    await screen.findByText("Acme US", { selector: "strong" });
    await user.click(screen.getByRole("button", { name: "Connect seller account" }));

    const form = screen.getByRole("button", { name: "Connect seller account" }).closest("form") as HTMLElement;
    expect((await within(form).findByRole("alert")).textContent).toBe(detail);
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect((screen.getByRole("button", { name: "Connect seller account" }) as HTMLButtonElement).disabled).toBe(false);
    expect(api.requests("POST /api/connections/start")).toHaveLength(1);
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
