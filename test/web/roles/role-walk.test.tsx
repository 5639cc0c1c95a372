import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BrandingResponse } from "@contract/branding";
import type { WorkspaceRole } from "@contract/workspaces";
import { historyResponse, lookupResult, renderRoutes } from "../helpers";
import { alertList, alertView, notificationList, notificationView } from "../pages/alert-fixtures";
import { connectedUser, fakeApi, json } from "../seller/fake-api";
import { openTab, panel, renderSettings } from "../seller/settings-render";
import { euConnection, US_CONNECTION } from "../seller/connection-fixtures";
import { acmeWorkspaces } from "../team/workspace-fixtures";

/**
 * The screens walked as each role (issue 28 point 9): a button whose action the role may not do is
 * absent, going by the permission list the server sends with the workspaces (worker/workspaces/roles.ts).
 */
const US = US_CONNECTION;
const EU = euConnection("Acme EU");

async function renderAlertsAs(role: WorkspaceRole) {
  fakeApi({
    "GET /api/user/status": json(connectedUser()),
    "GET /api/workspaces": json(acmeWorkspaces(role)),
    "GET /api/notifications/unread-count": json({ unread: 0 }),
    "GET /api/alerts": json(alertList([alertView()])),
    "GET /api/watchlist": json({ items: [{ asin: "B0WATCH001", marketplace: "US", addedAt: "2026-11-20T00:00:00.000Z", paused: false }] }),
  });
  renderRoutes("/alerts");
  await screen.findByRole("heading", { level: 1, name: "Alerts" });
  await screen.findByText("B0WATCH001");
  expect((await screen.findAllByText(/B08N5WRWNW/)).length).toBeGreaterThan(0);
}

/** Present for a role that may, absent for one that may not: waits for the role's list to arrive first. */
async function expectButton(name: string | RegExp, present: boolean, scope: () => HTMLElement = () => document.body) {
  if (present) expect(await within(scope()).findByRole("button", { name })).toBeTruthy();
  else expect(within(scope()).queryByRole("button", { name })).toBeNull();
}

/** Waits until a button that shows before the role is known has gone. */
async function expectGone(name: string) {
  await waitFor(() => expect(screen.queryByRole("button", { name })).toBeNull());
}

describe("/alerts by role", () => {
  it("a viewer sees alerts and the watchlist but no New Alert, Pause, Edit, Delete, Add, Remove or export", async () => {
    await renderAlertsAs("viewer");
    // The buttons go once the workspaces list says "viewer".
    await expectGone("New Alert");
    for (const name of ["Pause", "Edit", "Delete", "Add to watchlist", "Remove B0WATCH001 (US)", /CSV/]) await expectButton(name, false);
    expect(screen.queryByRole("form", { name: "Add to watchlist" })).toBeNull();
  });

  it("an analyst creates and changes alerts, edits the watchlist and exports", async () => {
    await renderAlertsAs("analyst");
    for (const name of ["New Alert", "Pause", "Edit", "Delete", "Add to watchlist", "Remove B0WATCH001 (US)", /CSV/]) await expectButton(name, true);
  });
});

async function settingsAs(role: WorkspaceRole, canEditBranding: boolean) {
  const branding: BrandingResponse = { display_name: "Acme Agency", accent_color: null, logo: null, can_edit: canEditBranding };
  return renderSettings({
    "GET /api/workspaces": json(acmeWorkspaces(role)),
    "GET /api/connections": json({ connections: [US, EU] }),
    "GET /api/branding": json(branding),
    "GET /api/branding/recipients": json({ recipients: [{ email: "client@example.com", confirmed: true }] }),
  });
}

describe("/notifications by role", () => {
  async function renderNotificationsAs(role: WorkspaceRole) {
    fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/workspaces": json(acmeWorkspaces(role)),
      "GET /api/notifications/unread-count": json({ unread: 1 }),
      "GET /api/notifications": json({ ...notificationList([notificationView({ readAt: null })]), next_cursor: null }),
    });
    renderRoutes("/notifications");
    await screen.findByText("Unread");
  }

  it("a viewer reads them, but marks none read (Mark as read needs track)", async () => {
    await renderNotificationsAs("viewer");
    await expectGone("Mark as read");
    await expectButton("Mark all as read", false);
  });

  it("an analyst marks one or all read", async () => {
    await renderNotificationsAs("analyst");
    for (const name of ["Mark as read", "Mark all as read"]) await expectButton(name, true);
  });
});

describe("Settings by role", () => {
  for (const role of ["viewer", "analyst"] as const) {
    it(`${role === "analyst" ? "an" : "a"} ${role} sees the alert channels without Generate secret or Send test`, async () => {
      const { user } = await settingsAs(role, false);
      await openTab(user, "Notifications");
      expect((await within(panel()).findAllByText(/Only the owners and admins of Acme Agency change its settings/)).length).toBeGreaterThan(0);
      for (const name of ["Generate secret", "Send test"]) await expectButton(name, false, panel);
    }, 20_000);
  }

  it("an admin generates a webhook secret and sends a test", async () => {
    const { user } = await settingsAs("admin", true);
    await openTab(user, "Notifications");
    for (const name of ["Generate secret", "Send test"]) await expectButton(name, true, panel);
  }, 20_000);

  for (const role of ["viewer", "analyst"] as const) {
    it(`${role === "analyst" ? "an" : "a"} ${role} sees the seller accounts without Rename, Reconnect, Disconnect or Connect, no API Access, and branding read-only`, async () => {
      const { user } = await settingsAs(role, false);
      await screen.findByText("Acme EU", { selector: "strong" });
      await expectGone("Rename Acme EU");
      for (const name of ["Reconnect Acme US", "Disconnect Acme US", "Disconnect", "Connect seller account"]) await expectButton(name, false, panel);
      expect(screen.queryByRole("tab", { name: "API Access" })).toBeNull();

      await openTab(user, "Branding");
      expect(await within(panel()).findByText("client@example.com")).toBeTruthy();
      expect(within(panel()).getByRole<HTMLButtonElement>("button", { name: "Save branding" }).disabled).toBe(true);
      for (const name of ["Send confirmation", /^Remove/]) await expectButton(name, false, panel);
    }, 20_000);
  }

  it("an admin renames, reconnects, disconnects and connects, manages API keys and branding recipients", async () => {
    const { user } = await settingsAs("admin", true);
    for (const name of ["Rename Acme EU", "Reconnect Acme US", "Disconnect Acme US", "Disconnect", "Connect seller account"]) await expectButton(name, true, panel);
    expect(await screen.findByRole("tab", { name: "API Access" })).toBeTruthy();
    await openTab(user, "Branding");
    for (const name of ["Send confirmation", "Remove client@example.com"]) await expectButton(name, true, panel);
  }, 20_000);
});

describe("/results' Track this ASIN and exports by role", () => {
  async function renderResultsAs(role: WorkspaceRole) {
    const api = fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/workspaces": json(acmeWorkspaces(role)),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/v1/lookup": json(lookupResult()),
      "GET /api/history": json(historyResponse()),
      "GET /api/watchlist": json({ items: [] }),
    });
    renderRoutes("/results?asin=B08N5WRWNW&marketplace=US");
    await screen.findByRole("heading", { name: "Product Details" });
    await waitFor(() => expect(api.requests("GET /api/workspaces").length).toBeGreaterThan(0));
    return within(await screen.findByRole("region", { name: "7-day rank trend" }));
  }

  it("a viewer is offered neither", async () => {
    const viewer = await renderResultsAs("viewer");
    await waitFor(() => expect(viewer.queryByRole("button", { name: "Track this ASIN" })).toBeNull());
    // Still absent once everything has loaded, not just before the button would render.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(viewer.queryByRole("button", { name: "Track this ASIN" })).toBeNull();
    expect(viewer.queryByRole("button", { name: /as CSV/ })).toBeNull();
  });

  it("an analyst is offered it and the exports", async () => {
    const analyst = await renderResultsAs("analyst");
    expect(await analyst.findByRole("button", { name: "Track this ASIN" })).toBeTruthy();
    expect(await analyst.findByRole("button", { name: /as CSV/ })).toBeTruthy();
  });
});
