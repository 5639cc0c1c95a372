import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, noContent } from "./fake-api";
import { renderSettings } from "./settings-render";
import { euConnection, US_CONNECTION } from "./connection-fixtures";

const US = US_CONNECTION;
const EU = euConnection("Acme EU", { needsAttention: "Amazon refused this seller: reconnect it." });

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
