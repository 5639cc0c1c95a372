import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SESSION_ENDED_EVENT } from "../../../web/src/api/http";
import { renderRoutes } from "../helpers";
import { addStylesheets } from "../stylesheets";
import { channelSettings, connectedUser, fakeApi, json, sequence, SIGNED_OUT } from "../seller/fake-api";
import { openTab, panel, renderSettings } from "../seller/settings-render";

const SIGN_IN_FIRST = "Sign in first: by email, with your Amazon seller account, or with the demo.";
const banner = () => screen.queryByText(/Your session has ended/)?.closest<HTMLElement>("[role=alert]") ?? null;

describe("a session that ends while the app is open", () => {
  it("keeps the page and what was typed, offers a sign-in in a new tab, and Continue checks again", async () => {
    const { user, api } = await renderSettings({
      "GET /api/user/status": sequence(json(connectedUser()), json(connectedUser())),
      "PUT /api/settings/channels": sequence(json({ detail: SIGN_IN_FIRST, code: "unauthenticated" }, 401), json(channelSettings({ alertEmail: "ops@example.com" }))),
    });
    await openTab(user, "Notifications");
    const email = await within(panel()).findByLabelText<HTMLInputElement>("Alert email address");
    await user.type(email, "ops@example.com");
    await user.click(within(panel()).getByRole("button", { name: "Save channels" }));

    await screen.findByText(/Your session has ended/);
    const link = within(banner()!).getByRole<HTMLAnchorElement>("link", { name: "Sign in again in a new tab" });
    expect(link.getAttribute("href")).toBe("/connect?next=%2Fsettings");
    expect(link.target).toBe("_blank");
    expect(email.value).toBe("ops@example.com");

    // Signed in again in the other tab: Continue finds the session, the banner goes, and the save works.
    await user.click(within(banner()!).getByRole("button", { name: "Continue" }));
    await act(async () => {});
    expect(banner()).toBeNull();
    expect(api.requests("GET /api/user/status")).toHaveLength(2);
    await user.click(within(panel()).getByRole("button", { name: "Save channels" }));
    expect(await within(panel()).findByText("Channels saved.")).toBeTruthy();
  });

  it("sits in a padded container, off the screen's edges on a phone, as page content does", async () => {
    addStylesheets("base.css", "layout.css");
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/notifications/unread-count": json({ unread: 0 }) });
    renderRoutes("/pricing");
    await screen.findByRole("heading", { level: 1 });

    act(() => void window.dispatchEvent(new Event(SESSION_ENDED_EVENT)));

    const frame = (await screen.findByText(/Your session has ended/)).closest("[role=alert]")!.parentElement!;
    expect(getComputedStyle(frame).getPropertyValue("padding-inline")).toBe("1rem");
  });

  it("shows nothing to a visitor who was never signed in", async () => {
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT) });
    renderRoutes("/pricing");
    await screen.findByRole("heading", { level: 1 });

    act(() => void window.dispatchEvent(new Event(SESSION_ENDED_EVENT)));

    expect(banner()).toBeNull();
  });
});
