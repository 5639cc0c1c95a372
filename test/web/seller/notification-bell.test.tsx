import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../helpers";
import { demoUser, fakeApi, json, offline, sequence, SIGNED_OUT } from "./fake-api";

// The site header, not a page's own <header> (the marketing pages have one).
const header = () => within(document.querySelector<HTMLElement>(".site-header")!);
const nav = () => within(screen.getByRole("navigation", { name: "Main" }));
const bell = () => header().getByRole("link", { name: /^Notifications/ });

describe("header: Alerts link and notifications badge", () => {
  it("shows neither to a signed-out visitor, and asks for no count", async () => {
    const api = fakeApi({ "GET /api/user/status": json(SIGNED_OUT) });
    renderRoutes("/");

    await waitFor(() => expect(api.requests("GET /api/user/status")).toHaveLength(1));
    expect(header().queryByRole("link", { name: /Notifications/ })).toBeNull();
    expect(nav().queryByRole("link", { name: "Alerts" })).toBeNull();
    expect(api.requests("GET /api/notifications/unread-count")).toEqual([]);
  });

  it("gives a signed-in user an Alerts link and a bell named with the unread count", async () => {
    fakeApi({ "GET /api/user/status": json(demoUser()), "GET /api/notifications/unread-count": json({ unread: 3 }) });
    renderRoutes("/");

    expect((await nav().findByRole("link", { name: "Alerts" })).getAttribute("href")).toBe("/alerts");
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications, 3 unread"));
    expect(bell().getAttribute("href")).toBe("/notifications");
    expect(bell().querySelector(".notification-bell__badge")?.textContent).toBe("3");
  });

  it("shows no badge with nothing unread, and 99+ past 99", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/notifications/unread-count": sequence(json({ unread: 0 }), json({ unread: 120 })),
    });
    const { router } = renderRoutes("/");

    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications"));
    expect(bell().querySelector(".notification-bell__badge")).toBeNull();

    await router.navigate("/about");
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications, 120 unread"));
    expect(bell().querySelector(".notification-bell__badge")?.textContent).toBe("99+");
  });

  it("asks again on every navigation", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/notifications/unread-count": sequence(json({ unread: 1 }), json({ unread: 4 })),
    });
    const { router } = renderRoutes("/");
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications, 1 unread"));

    await router.navigate("/pricing");

    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications, 4 unread"));
    expect(api.requests("GET /api/notifications/unread-count")).toHaveLength(2);
  });

  it("logs a failed count and shows the bell without a badge", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeApi({ "GET /api/user/status": json(demoUser()), "GET /api/notifications/unread-count": offline() });
    renderRoutes("/");

    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining("unread notification count"), expect.any(TypeError)));
    expect(bell().getAttribute("aria-label")).toBe("Notifications");
  });
});
