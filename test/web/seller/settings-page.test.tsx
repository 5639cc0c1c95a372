import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_SETTINGS } from "@contract/account";
import { nextTabIndex } from "../../../web/src/pages/settings/Tabs";
import { renderRoutes } from "../helpers";
import { connectedUser, demoUser, fakeApi, json, noContent, offline, pending, sequence, settingsResponse, SIGNED_OUT } from "./fake-api";
import { openTab, panel, renderSettings, tab } from "./settings-render";

const DEMO_CONNECTION = {
  connected: false,
  demo: true,
  sellingPartnerId: null,
  region: null,
  grantedAt: null,
  renewalDueAt: null,
};

const toggle = (name: string) => within(panel()).getByRole<HTMLInputElement>("switch", { name: new RegExp(`^${name}`) });
const frequency = (name: string) => within(panel()).getByRole<HTMLInputElement>("radio", { name: new RegExp(`^${name}`) });
const fact = (term: string) => within(panel()).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("/settings", () => {
  it("prompts a signed-out visitor to connect", async () => {
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT) });
    renderRoutes("/settings");

    expect((await screen.findByRole("link", { name: "Connect Seller Central" })).getAttribute("href")).toBe("/connect?next=%2Fsettings");
    expect(screen.queryByRole("tablist")).toBeNull();
  });

  describe("tabs", () => {
    it("has the six tabs, the first selected and the only one in the Tab order", async () => {
      await renderSettings();

      const tabs = screen.getAllByRole("tab");
      expect(tabs.map((t) => t.textContent)).toEqual(["Connection Status", "Notifications", "Data Refresh", "API Access", "Branding", "Account"]);
      expect(tabs.map((t) => t.getAttribute("aria-selected"))).toEqual(["true", "false", "false", "false", "false", "false"]);
      expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]);
      expect(panel().getAttribute("aria-labelledby")).toBe(tabs[0]?.id);
      expect(tabs[0]?.getAttribute("aria-controls")).toBe(panel().id);
    });

    it("moves between tabs with the arrow keys, Home and End", async () => {
      const { user } = await renderSettings();
      tab("Connection Status").focus();

      await user.keyboard("{ArrowRight}");
      expect(document.activeElement).toBe(tab("Notifications"));
      expect(tab("Notifications").getAttribute("aria-selected")).toBe("true");
      expect(within(panel()).getByRole("heading", { name: "Notifications" })).toBeTruthy();

      await user.keyboard("{End}");
      expect(document.activeElement).toBe(tab("Account"));
      await user.keyboard("{ArrowRight}");
      expect(document.activeElement).toBe(tab("Connection Status"));
      await user.keyboard("{ArrowLeft}");
      expect(document.activeElement).toBe(tab("Account"));
      await user.keyboard("{Home}");
      expect(document.activeElement).toBe(tab("Connection Status"));
      expect(tab("Connection Status").tabIndex).toBe(0);
      expect(tab("Account").tabIndex).toBe(-1);
    });

    it.each([
      ["ArrowRight", 1, 2],
      ["ArrowDown", 4, 0],
      ["ArrowLeft", 0, 4],
      ["ArrowUp", 3, 2],
      ["Home", 3, 0],
      ["End", 1, 4],
      ["Enter", 1, null],
    ])("nextTabIndex: %s from %i of five goes to %s", (key, from, to) => {
      expect(nextTabIndex(key, from, 5)).toBe(to);
    });
  });

  describe("Connection Status", () => {
    it("shows the real connection: seller id, region, granted date and renewal due", async () => {
      await renderSettings();
      await within(panel()).findByText("Connected");

      expect(fact("Seller ID")).toBe("A1B2C3D4E5F6G7");
      expect(fact("Region")).toBe("Europe");
      expect(fact("Granted")).toBe("2026-01-15 10:30 UTC");
      expect(fact("Renewal due")).toBe("2027-01-15 10:30 UTC");
    });

    it("says loading while the settings load", async () => {
      await renderSettings({ "GET /api/settings": pending() });
      expect(within(panel()).getByRole("status").textContent).toBe("Loading your settings...");
    });

    it("asks before disconnecting, and Cancel keeps the connection", async () => {
      const { api, user } = await renderSettings({ "DELETE /api/connection": noContent() });

      await user.click(await within(panel()).findByRole("button", { name: "Disconnect" }));
      expect(within(panel()).getByRole("group", { name: "Confirm disconnect" })).toBeTruthy();
      await user.click(within(panel()).getByRole("button", { name: "Cancel" }));

      expect(within(panel()).getByRole("button", { name: "Disconnect" })).toBeTruthy();
      expect(api.requests("DELETE /api/connection")).toEqual([]);
    });

    it("disconnects with DELETE /api/connection, then shows the new state everywhere", async () => {
      const disconnected = settingsResponse({ connection: { ...DEMO_CONNECTION, demo: false } });
      const { api, user } = await renderSettings({
        "GET /api/user/status": sequence(json(connectedUser()), json(connectedUser({ connected: false }))),
        "GET /api/settings": sequence(json(settingsResponse()), json(disconnected)),
        "GET /api/connections": json({ connections: [] }),
        "DELETE /api/connection": noContent(),
      });

      await user.click(await within(panel()).findByRole("button", { name: "Disconnect" }));
      await user.click(within(panel()).getByRole("button", { name: "Yes, disconnect" }));

      expect(await within(panel()).findByText(/disconnected and its stored authorization erased/)).toBeTruthy();
      await within(panel()).findByText("Not connected");
      expect(within(panel()).getByRole("link", { name: "Connect Seller Central" }).getAttribute("href")).toBe("/connect");
      expect(api.requests("DELETE /api/connection")[0]?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
      expect(api.requests("GET /api/user/status")).toHaveLength(2);
    });

    it("shows why a disconnect failed and keeps the connection", async () => {
      const { user } = await renderSettings({ "DELETE /api/connection": json({ detail: "Sign in again to continue." }, 401) });

      await user.click(await within(panel()).findByRole("button", { name: "Disconnect" }));
      await user.click(within(panel()).getByRole("button", { name: "Yes, disconnect" }));

      expect((await within(panel()).findByRole("alert")).textContent).toBe("Sign in again to continue.");
      expect(fact("Seller ID")).toBe("A1B2C3D4E5F6G7");
    });

    it("shows the demo account as not connected, with a link to /connect", async () => {
      await renderSettings({
        "GET /api/user/status": json(demoUser()),
        "GET /api/settings": json(settingsResponse({ connection: DEMO_CONNECTION })),
      });

      expect(await within(panel()).findByText("Demo account")).toBeTruthy();
      expect(within(panel()).getByText(/data comes from a mock seller API/)).toBeTruthy();
      expect(within(panel()).getByRole("link", { name: "Connect Seller Central" }).getAttribute("href")).toBe("/connect");
      expect(within(panel()).queryByRole("button", { name: "Disconnect" })).toBeNull();
    });

    it("shows a load failure with Try again, which loads once more", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { user } = await renderSettings({ "GET /api/settings": sequence(offline(), json(settingsResponse())) });

      expect((await within(panel()).findByRole("alert")).textContent).toContain("Failed to load your settings. Please try again.");
      await user.click(within(panel()).getByRole("button", { name: "Try again" }));

      expect(await within(panel()).findByText("A1B2C3D4E5F6G7")).toBeTruthy();
    });
  });

  describe("Notifications", () => {
    it("shows the saved toggles", async () => {
      const saved = settingsResponse({
        notifications: { emailAlerts: false, inAppAlerts: true, weeklyReport: true, rankDrops: false, buyBoxLoss: true },
      });
      const { user } = await renderSettings({ "GET /api/settings": json(saved) });
      await openTab(user, "Notifications");

      expect(["Email alerts", "In-app alerts", "Weekly report", "Rank drops", "Buy Box loss"].map((name) => toggle(name).checked)).toEqual([
        false,
        true,
        true,
        false,
        true,
      ]);
    });

    it("saves both groups in full with PUT /api/settings and says Settings saved.", async () => {
      const { api, user } = await renderSettings({
        "PUT /api/settings": ({ body }) => Response.json({ ...(body as object), connection: settingsResponse().connection }),
      });
      await openTab(user, "Notifications");

      await user.click(toggle("Weekly report"));
      await user.click(toggle("Email alerts"));
      await user.click(within(panel()).getByRole("button", { name: "Save settings" }));

      expect((await within(panel()).findByText("Settings saved.")).getAttribute("role")).toBe("status");
      expect(api.requests("PUT /api/settings").map(({ body }) => body)).toEqual([
        {
          notifications: { ...DEFAULT_SETTINGS.notifications, weeklyReport: true, emailAlerts: false },
          dataRefresh: DEFAULT_SETTINGS.dataRefresh,
        },
      ]);
      expect(api.requests("PUT /api/settings")[0]?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
    });

    it("reads Saving... while saving", async () => {
      const { user } = await renderSettings({ "PUT /api/settings": pending() });
      await openTab(user, "Notifications");

      await user.click(within(panel()).getByRole("button", { name: "Save settings" }));

      expect(within(panel()).getByRole("button", { name: "Saving..." })).toHaveProperty("disabled", true);
    });

    it.each([
      ["the server's detail", json({ detail: [{ loc: ["body"], msg: "Frequency must be one of hourly, six_hours, daily, manual", type: "invalid" }] }, 422), "Frequency must be one of hourly, six_hours, daily, manual"],
      ["a fallback after a network failure", offline(), "Failed to save settings. Please try again."],
    ])("shows %s when saving fails, keeping the edits", async (_case, answer, message) => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { user } = await renderSettings({ "PUT /api/settings": answer });
      await openTab(user, "Notifications");

      await user.click(toggle("Rank drops"));
      await user.click(within(panel()).getByRole("button", { name: "Save settings" }));

      expect((await within(panel()).findByRole("alert")).textContent).toBe(message);
      expect(toggle("Rank drops").checked).toBe(false);
      expect(within(panel()).getByRole("button", { name: "Save settings" })).toHaveProperty("disabled", false);
    });
  });

  describe("Data Refresh", () => {
    it("offers the four frequencies with their plans, daily by default, and four marketplaces", async () => {
      const { user } = await renderSettings();
      await openTab(user, "Data Refresh");

      const options = within(panel()).getAllByRole("radio").map((radio) => radio.closest("label")?.textContent);
      expect(options).toEqual([
        "HourlyPro/Agency",
        "Every 6 hoursPro/Agency",
        "Daily at 2 AM UTCAll plans (default)",
        "Manual onlyAll plans",
      ]);
      expect(frequency("Daily at 2 AM UTC").checked).toBe(true);
      const marketplace = within(panel()).getByLabelText<HTMLSelectElement>("Marketplace");
      expect(Array.from(marketplace.options, (option) => option.value)).toEqual(["US", "CA", "UK", "DE"]);
      expect(marketplace.value).toBe("US");
    });

    it("keeps unsaved edits across tabs and saves them together", async () => {
      const { api, user } = await renderSettings({
        "PUT /api/settings": ({ body }) => Response.json({ ...(body as object), connection: settingsResponse().connection }),
      });
      await openTab(user, "Notifications");
      await user.click(toggle("Buy Box loss"));

      await openTab(user, "Data Refresh");
      await user.click(frequency("Every 6 hours"));
      await user.selectOptions(within(panel()).getByLabelText("Marketplace"), "CA");
      await user.click(within(panel()).getByRole("button", { name: "Save settings" }));

      await within(panel()).findByText("Settings saved.");
      expect(api.requests("PUT /api/settings")[0]?.body).toEqual({
        notifications: { ...DEFAULT_SETTINGS.notifications, buyBoxLoss: false },
        dataRefresh: { frequency: "six_hours", marketplace: "CA" },
      });
    });

    it("keeps a toggle changed while a save was on its way, unsaved, instead of the saved values", async () => {
      let answer: (response: Response) => void = () => undefined;
      const { user } = await renderSettings({ "PUT /api/settings": () => new Promise<Response>((resolve) => (answer = resolve)) });
      await openTab(user, "Notifications");
      const before = toggle("Rank drops").checked;

      await user.click(toggle("Weekly report"));
      await user.click(within(panel()).getByRole("button", { name: "Save settings" }));
      const sent = { notifications: { ...DEFAULT_SETTINGS.notifications, weeklyReport: !DEFAULT_SETTINGS.notifications.weeklyReport }, dataRefresh: DEFAULT_SETTINGS.dataRefresh };
      await user.click(toggle("Rank drops"));
      answer(Response.json({ ...sent, connection: settingsResponse().connection }));

      await within(panel()).findByRole("button", { name: "Save settings" });
      expect(toggle("Rank drops").checked).toBe(!before);
      expect(toggle("Weekly report").checked).toBe(sent.notifications.weeklyReport);
      expect(within(panel()).queryByText("Settings saved.")).toBeNull();
    });

    it("clears Settings saved. once something changes again", async () => {
      const { user } = await renderSettings({
        "PUT /api/settings": ({ body }) => Response.json({ ...(body as object), connection: settingsResponse().connection }),
      });
      await openTab(user, "Data Refresh");
      await user.click(within(panel()).getByRole("button", { name: "Save settings" }));
      await within(panel()).findByText("Settings saved.");

      await user.click(frequency("Manual only"));

      expect(within(panel()).queryByText("Settings saved.")).toBeNull();
    });
  });

  describe("Account", () => {
    it("shows the signed-in seller and preferences", async () => {
      const { user } = await renderSettings();
      await within(panel()).findByText("A1B2C3D4E5F6G7");
      await openTab(user, "Account");

      expect(fact("Signed in as")).toBe("A1B2C3D4E5F6G7");
      expect(fact("Default marketplace")).toBe("United Kingdom (UK)");
      expect(fact("Brand")).toBe("Acme Outdoors");
      expect(within(panel()).getByRole("link", { name: "Change marketplace or brand" }).getAttribute("href")).toBe("/onboarding");
    });

    it("names the demo account as such", async () => {
      const { user } = await renderSettings({
        "GET /api/user/status": json(demoUser()),
        "GET /api/settings": json(settingsResponse({ connection: DEMO_CONNECTION })),
      });
      await openTab(user, "Account");

      expect(fact("Signed in as")).toBe("Demo account");
    });

    it("signs out and returns home", async () => {
      const { api, router, user } = await renderSettings({
        "GET /api/user/status": sequence(json(demoUser()), json(SIGNED_OUT)),
        "POST /api/auth/logout": noContent(),
      });
      await openTab(user, "Account");

      await user.click(within(panel()).getByRole("button", { name: "Sign out" }));

      await waitFor(() => expect(router.location.pathname).toBe("/"));
      expect(api.requests("POST /api/auth/logout")).toHaveLength(1);
    });
  });
});
