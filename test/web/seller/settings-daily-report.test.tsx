import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "@contract/account";
import { json, settingsResponse } from "./fake-api";
import { openTab, panel, renderSettings } from "./settings-render";

const toggle = (name: string) => within(panel()).getByRole<HTMLInputElement>("switch", { name: new RegExp(`^${name}`) });

describe("/settings → Notifications: the daily report", () => {
  it("has its own switch beside the weekly one, off when the server does not name it, and is saved with the rest", async () => {
    const { api, user } = await renderSettings({
      "PUT /api/settings": ({ body }) => Response.json({ ...(body as object), connection: settingsResponse().connection }),
    });
    await openTab(user, "Notifications");
    expect(toggle("Daily report").checked).toBe(false);
    expect(toggle("Daily report").closest("label")?.textContent).toContain("with a CSV");

    await user.click(toggle("Daily report"));
    await user.click(within(panel()).getByRole("button", { name: "Save settings" }));
    await within(panel()).findByText("Settings saved.");
    expect(api.requests("PUT /api/settings")[0]?.body).toEqual({
      notifications: { ...DEFAULT_SETTINGS.notifications, dailyReport: true },
      dataRefresh: DEFAULT_SETTINGS.dataRefresh,
    });
  });

  it("shows a saved daily report as on", async () => {
    const saved = settingsResponse({ notifications: { ...DEFAULT_SETTINGS.notifications, dailyReport: true } });
    const { user } = await renderSettings({ "GET /api/settings": json(saved) });
    await openTab(user, "Notifications");
    expect(toggle("Daily report").checked).toBe(true);
    expect(toggle("Weekly report").checked).toBe(false);
  });
});
