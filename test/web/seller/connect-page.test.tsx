import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../helpers";
import { connectedUser, demoUser, fakeApi, json, offline, pending, SIGNED_OUT } from "./fake-api";

const AUTH_URL = "https://sellercentral.amazon.com/apps/authorize/consent?application_id=amzn1.sp.solution.app&state=abc";
const NOT_CONFIGURED = { authUrl: null, demoAvailable: true };

describe("/connect", () => {
  it("shows a disabled Loading... button while the sign-in URL loads", async () => {
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT), "GET /api/auth/url": pending() });
    renderRoutes("/connect");

    const button = await screen.findByRole("button", { name: "Loading..." });
    expect(button).toHaveProperty("disabled", true);
    expect(screen.queryByRole("link", { name: "Sign in with Amazon" })).toBeNull();
  });

  it("links to the Seller Central consent URL when SP-API is configured", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "GET /api/auth/url": json({ authUrl: AUTH_URL, demoAvailable: false }),
    });
    renderRoutes("/connect");

    const link = await screen.findByRole("link", { name: "Sign in with Amazon" });
    expect(link.getAttribute("href")).toBe(AUTH_URL);
    expect(api.requests("GET /api/auth/url")[0]?.url.searchParams.get("marketplace")).toBe("US");
    expect(screen.queryByRole("button", { name: "Continue with Demo" })).toBeNull();
  });

  it("asks for the sign-in URL of the region where the seller sells", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "GET /api/auth/url": ({ url }) =>
        Response.json({ authUrl: `https://sellercentral.example/${url.searchParams.get("marketplace")}`, demoAvailable: false }),
    });
    const { user } = renderRoutes("/connect");
    await screen.findByRole("link", { name: "Sign in with Amazon" });

    await user.selectOptions(screen.getByLabelText("Where you sell"), "DE");

    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Sign in with Amazon" }).getAttribute("href")).toBe("https://sellercentral.example/DE"),
    );
    expect(api.requests("GET /api/auth/url").map(({ url }) => url.searchParams.get("marketplace"))).toEqual(["US", "DE"]);
  });

  it("offers the demo beside Amazon sign-in when the server allows both", async () => {
    fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "GET /api/auth/url": json({ authUrl: AUTH_URL, demoAvailable: true }),
    });
    renderRoutes("/connect");

    expect(await screen.findByRole("link", { name: "Sign in with Amazon" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue with Demo" })).toBeTruthy();
  });

  it("explains mock mode and offers the demo when SP-API is not configured", async () => {
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT), "GET /api/auth/url": json(NOT_CONFIGURED) });
    renderRoutes("/connect");

    expect(await screen.findByRole("button", { name: "Continue with Demo" })).toBeTruthy();
    expect(screen.getByText(/SP-API is not configured on this server, so RankLayer runs in mock mode/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Sign in with Amazon" })).toBeNull();
  });

  it("logs a failed sign-in URL request and falls back to the demo", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT), "GET /api/auth/url": offline() });
    renderRoutes("/connect");

    expect(await screen.findByRole("button", { name: "Continue with Demo" })).toBeTruthy();
    expect(screen.getByText(/runs in mock mode/)).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("sign-in URL"), expect.any(TypeError));
  });

  it.each([
    ["the first time, to onboarding", false, "/onboarding"],
    ["once onboarded, to Seller Central", true, "/seller-central"],
  ])("signs in with Continue with Demo and goes, %s", async (_case, onboarded, destination) => {
    const api = fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "GET /api/auth/url": json(NOT_CONFIGURED),
      "POST /api/auth/demo": json(demoUser({ onboarded })),
    });
    const { router, user } = renderRoutes("/connect");

    await user.click(await screen.findByRole("button", { name: "Continue with Demo" }));

    await waitFor(() => expect(router.location.pathname).toBe(destination));
    expect(api.requests("POST /api/auth/demo")[0]?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
    // The header knows at once, without asking the server again.
    expect(within(screen.getByRole("navigation", { name: "Main" })).getByRole("button", { name: "Sign out" })).toBeTruthy();
    expect(api.requests("GET /api/user/status")).toHaveLength(1);
  });

  it.each([
    ["a same-origin path it came with", "/extension/connect?extension=abcdefghijklmnopabcdefghijklmnop", "/extension/connect", "?extension=abcdefghijklmnopabcdefghijklmnop"],
    ["not another site's address", "//evil.example/steal", "/seller-central", ""],
  ])("after Continue with Demo, goes back to %s", async (_case, next, pathname, search) => {
    fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "GET /api/auth/url": json(NOT_CONFIGURED),
      "POST /api/auth/demo": json(demoUser({ onboarded: true })),
    });
    const { router, user } = renderRoutes(`/connect?next=${encodeURIComponent(next)}`);

    await user.click(await screen.findByRole("button", { name: "Continue with Demo" }));

    await waitFor(() => expect(router.location.pathname).toBe(pathname));
    expect(router.location.search).toBe(search);
  });

  it("offers a signed-in visitor the way back to the page that sent them", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/auth/url": json(NOT_CONFIGURED) });
    renderRoutes(`/connect?next=${encodeURIComponent("/extension/connect?extension=abc")}`);

    expect((await screen.findByRole("link", { name: "Continue where you were" })).getAttribute("href")).toBe("/extension/connect?extension=abc");
    expect(screen.queryByRole("link", { name: "Go to Seller Central" })).toBeNull();
  });

  it("shows Starting demo... while the demo sign-in runs", async () => {
    fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "GET /api/auth/url": json(NOT_CONFIGURED),
      "POST /api/auth/demo": pending(),
    });
    const { user } = renderRoutes("/connect");

    await user.click(await screen.findByRole("button", { name: "Continue with Demo" }));

    expect(screen.getByRole("button", { name: "Starting demo..." })).toHaveProperty("disabled", true);
  });

  it.each([
    ["the server's detail", json({ detail: "Demo sign-in is turned off on this server. Sign in with Amazon instead." }, 403), "Demo sign-in is turned off on this server. Sign in with Amazon instead."],
    ["a fallback when the network fails", offline(), "Could not start the demo. Please try again."],
  ])("shows %s when the demo sign-in fails, and lets the visitor retry", async (_case, answer, message) => {
    fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "GET /api/auth/url": json(NOT_CONFIGURED),
      "POST /api/auth/demo": answer,
    });
    const { router, user } = renderRoutes("/connect");

    await user.click(await screen.findByRole("button", { name: "Continue with Demo" }));

    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(router.location.pathname).toBe("/connect");
    expect(screen.getByRole("button", { name: "Continue with Demo" })).toHaveProperty("disabled", false);
  });

  it("tells a connected seller they are signed in, with a link to Seller Central", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/auth/url": json({ authUrl: AUTH_URL, demoAvailable: true }) });
    renderRoutes("/connect");

    expect(await screen.findByText("You're already signed in with a connected seller account.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Seller Central" }).getAttribute("href")).toBe("/seller-central");
    expect(screen.queryByRole("link", { name: "Sign in with Amazon" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Continue with Demo" })).toBeNull();
  });

  it("tells the demo account it is signed in, and still offers a real connection", async () => {
    fakeApi({ "GET /api/user/status": json(demoUser()), "GET /api/auth/url": json({ authUrl: AUTH_URL, demoAvailable: true }) });
    renderRoutes("/connect");

    expect(await screen.findByText(/You're already signed in to the demo account/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Seller Central" }).getAttribute("href")).toBe("/seller-central");
    expect(screen.getByRole("link", { name: "Sign in with Amazon" }).getAttribute("href")).toBe(AUTH_URL);
    expect(screen.queryByRole("button", { name: "Continue with Demo" })).toBeNull();
  });
});
