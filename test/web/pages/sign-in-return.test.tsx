import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SignedIn } from "@contract/sign-in";
import { renderRoutes } from "../helpers";
import { PLANS_BODY, subscription } from "../billing/billing-fixtures";
import { demoUser, fakeApi, json, SIGNED_OUT } from "../seller/fake-api";

const NOT_CONFIGURED = { authUrl: null, demoAvailable: true };
const SENT = "We sent a sign-in link and a 6-digit code to that address.";
const signedIn: SignedIn = {
  purpose: "sign_in",
  created: false,
  email: "ada@example.com",
  status: { authenticated: true, connected: false, marketplace: "US", brandName: null, demo: false, onboarded: true },
};

/** A signed-out visitor who follows a link straight to a signed-in screen comes back to it after signing in. */
describe("signing in from a deep link", () => {
  it.each([
    ["/alerts", "/alerts"],
    ["/settings?tab=api", "/settings?tab=api"],
    ["/notifications", "/notifications"],
    ["/portfolio", "/portfolio"],
    ["/seller-central", "/seller-central"],
  ])("the prompt on %s leads to /connect with the way back", async (path, back) => {
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT) });
    renderRoutes(path);

    const link = await screen.findByRole("link", { name: "Connect Seller Central" });
    expect(link.getAttribute("href")).toBe(`/connect?next=${encodeURIComponent(back)}`);
  });

  it("Continue with Demo from that prompt lands back on the page", async () => {
    fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "GET /api/auth/url": json(NOT_CONFIGURED),
      "POST /api/auth/demo": json(demoUser({ onboarded: true })),
      "GET /api/alerts": json({ alerts: [], active: 0, activeLimit: 5, next_cursor: null }),
      "GET /api/watchlist": json({ items: [] }),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
    });
    const { router, user } = renderRoutes("/alerts");
    await user.click(await screen.findByRole("link", { name: "Connect Seller Central" }));
    await user.click(await screen.findByRole("button", { name: "Continue with Demo" }));

    await waitFor(() => expect(router.location.pathname).toBe("/alerts"));
  });

  it("signing in by email from /connect?next=… returns there too", async () => {
    fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "GET /api/auth/url": json(NOT_CONFIGURED),
      "POST /api/signin/email": json({ detail: SENT }, 202),
      "POST /api/signin/email/code": json(signedIn),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
    });
    const { router, user } = renderRoutes(`/connect?next=${encodeURIComponent("/alerts?connection=c1")}`);

    await user.click(await within(screen.getByRole("main")).findByRole("link", { name: "Sign in with your email" }));
    await user.type(await screen.findByLabelText("Email address"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    await user.type(await screen.findByLabelText("6-digit code"), "123456");
    await user.click(screen.getByRole("button", { name: "Sign in with code" }));

    await waitFor(() => expect(`${router.location.pathname}${router.location.search}`).toBe("/alerts?connection=c1"));
  });

  it("Sign in with Amazon asks for a consent URL that comes back to the page (the callback redirects there)", async () => {
    const api = fakeApi({ "GET /api/user/status": json(SIGNED_OUT), "GET /api/auth/url": json({ authUrl: "https://sellercentral.amazon.com/apps/authorize/consent?state=s", demoAvailable: false }) });
    renderRoutes(`/connect?next=${encodeURIComponent("/alerts?connection=c1")}`);

    await screen.findByRole("link", { name: /Sign in with Amazon/ });
    const [asked] = api.requests("GET /api/auth/url");
    expect(asked!.url.searchParams.get("next")).toBe("/alerts?connection=c1");
  });

  it("the emailed link, opened in another tab, returns to the page too", async () => {
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT), "POST /api/signin/email": json({ detail: SENT }, 202) });
    const { user } = renderRoutes(`/signin?next=${encodeURIComponent("/team")}`);
    await user.type(await screen.findByLabelText("Email address"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    await screen.findByLabelText("6-digit code");

    // What the link's tab reads when it finishes signing in (lib/next-path.ts).
    expect(localStorage.getItem("ranklayer:after-sign-in")).toBe("/team");
  });

  it("never keeps another site's address as the way back", async () => {
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT), "POST /api/signin/email": json({ detail: SENT }, 202) });
    const { user } = renderRoutes(`/signin?next=${encodeURIComponent("//evil.example/steal")}`);
    await user.type(await screen.findByLabelText("Email address"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    await screen.findByLabelText("6-digit code");

    expect(localStorage.getItem("ranklayer:after-sign-in")).toBeNull();
  });

  it("Sign in to upgrade on /billing comes back to /billing", async () => {
    fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(subscription()),
    });
    renderRoutes("/billing");

    const link = await screen.findByRole("link", { name: "Sign in to upgrade" });
    expect(link.getAttribute("href")).toBe(`/connect?next=${encodeURIComponent("/billing")}`);
  });
});
