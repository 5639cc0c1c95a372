import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../helpers";
import { connectedUser, demoUser, fakeApi, json, noContent, offline, sequence, SIGNED_OUT } from "./fake-api";

const nav = () => screen.getByRole("navigation", { name: "Main" });

describe("header session state", () => {
  it("shows no account items while signed out, and keeps the seven nav links", async () => {
    const api = fakeApi({ "GET /api/user/status": json(SIGNED_OUT) });
    renderRoutes("/");

    await waitFor(() => expect(api.requests("GET /api/user/status")).toHaveLength(1));
    expect(within(nav()).getAllByRole("link")).toHaveLength(7);
    expect(within(nav()).queryByRole("button", { name: "Sign out" })).toBeNull();
  });

  it("logs a failed status request and treats the visitor as signed out", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeApi({ "GET /api/user/status": offline() });
    renderRoutes("/");

    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining("user status"), expect.any(TypeError)));
    expect(within(nav()).queryByRole("link", { name: "Seller Central" })).toBeNull();
  });

  it.each([
    ["a connected seller", connectedUser()],
    ["the demo account", demoUser()],
  ])("shows Seller Central and Sign out for %s", async (_who, user) => {
    fakeApi({ "GET /api/user/status": json(user) });
    renderRoutes("/");

    const link = await within(nav()).findByRole("link", { name: "Seller Central" });
    expect(link.getAttribute("href")).toBe("/seller-central");
    expect(within(nav()).getByRole("button", { name: "Sign out" })).toBeTruthy();
  });

  it("signs out with POST /api/auth/logout, refreshes the status and returns home", async () => {
    const api = fakeApi({
      "GET /api/user/status": sequence(json(demoUser()), json(SIGNED_OUT)),
      "POST /api/auth/logout": noContent(),
    });
    const { router, user } = renderRoutes("/about");

    await user.click(await within(nav()).findByRole("button", { name: "Sign out" }));

    await waitFor(() => expect(router.location.pathname).toBe("/"));
    const [logout] = api.requests("POST /api/auth/logout");
    expect(logout?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
    expect(api.requests("GET /api/user/status")).toHaveLength(2);
    expect(within(nav()).queryByRole("button", { name: "Sign out" })).toBeNull();
  });

  it("says so when signing out fails, and stays signed in", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    fakeApi({
      "GET /api/user/status": json(demoUser()),
      "POST /api/auth/logout": json({ detail: "XSRF token missing or invalid" }, 403),
    });
    const { router, user } = renderRoutes("/about");

    await user.click(await within(nav()).findByRole("button", { name: "Sign out" }));

    expect((await within(nav()).findByRole("alert")).textContent).toBe("Sign out failed. Please try again.");
    expect(router.location.pathname).toBe("/about");
    expect(within(nav()).getByRole("button", { name: "Sign out" })).toHaveProperty("disabled", false);
  });
});
