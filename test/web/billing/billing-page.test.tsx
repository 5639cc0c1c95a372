import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../helpers";
import { PLANS_BODY, subscription } from "./billing-fixtures";
import { demoUser, fakeApi, json, pending, sequence, SIGNED_OUT } from "../seller/fake-api";
import { navigateAway } from "../../../web/src/lib/navigate-away";

vi.mock("../../../web/src/lib/navigate-away", () => ({ navigateAway: vi.fn() }));


const card = (name: string) => screen.getByRole("listitem", { name });

afterEach(() => vi.unstubAllGlobals());

describe("/billing", () => {
  it("shows a loading state, then the three plans with Free Forever, Upgrade and Contact sales, and the footer", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": sequence(pending()),
    });
    renderRoutes("/billing");
    expect(await screen.findByText("Loading billing...")).toBeTruthy();
  });

  it("on Free: the current plan is disabled Current Plan, Pro says Upgrade, Enterprise Contact sales", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(subscription()),
    });
    renderRoutes("/billing");
    await screen.findByRole("list", { name: "Plans" });
    const free = within(card("Free")).getByRole<HTMLButtonElement>("button", { name: "Current Plan" });
    expect(free.disabled).toBe(true);
    expect(within(card("Pro")).getByRole<HTMLButtonElement>("button", { name: "Upgrade" }).disabled).toBe(false);
    expect(within(card("Enterprise")).getByRole("link", { name: "Contact sales" }).getAttribute("href")).toBe("/contact");
    expect(screen.queryByRole("button", { name: "Manage Subscription" })).toBeNull();
    expect(screen.getByText(/processed securely by Stripe.*Cancel anytime.*No hidden fees/)).toBeTruthy();
  });

  it("Upgrade sends the browser to the Checkout URL the server returned", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(subscription()),
      "POST /api/billing/create-checkout": json({ mock: false, url: "https://checkout.stripe.com/c/pay/cs_test_1" }),
    });
    const { user } = renderRoutes("/billing");
    await user.click(await screen.findByRole("button", { name: "Upgrade" }));
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_test_1"));
    expect(api.requests("POST /api/billing/create-checkout")[0]?.body).toEqual({ planId: "pro" });
  });

  it("in mock mode shows the mock message; a demo on Pro sees Manage Subscription and can go back to Free", async () => {
    const demoPro = subscription({ plan_id: "pro", plan_name: "Pro", status: "active", mock: true, demo: true, current_period_end: "2026-12-24T00:00:00.000Z" });
    const api = fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": sequence(json(subscription({ mock: true })), json(demoPro), json(subscription({ mock: true, status: "canceled", demo: true }))),
      "POST /api/billing/create-checkout": json({ mock: true, url: null }),
      "GET /api/billing/portal": json({ mock: true, url: null }),
      "POST /api/billing/demo/cancel": json(subscription({ mock: true, status: "canceled", demo: true })),
    });
    const { user } = renderRoutes("/billing");
    await user.click(await screen.findByRole("button", { name: "Upgrade" }));
    expect(await screen.findByText("Mock mode: Stripe not configured. In production, you would be redirected to checkout.")).toBeTruthy();
    await waitFor(() => expect(within(card("Pro")).getByRole<HTMLButtonElement>("button", { name: "Current Plan" }).disabled).toBe(true));
    expect(within(card("Free")).getByRole<HTMLButtonElement>("button", { name: "Free Forever" }).disabled).toBe(true);
    expect(screen.getByTestId("current-plan-name").textContent).toContain("Demo");
    expect(screen.getByText("December 24, 2026")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Manage Subscription" }));
    expect(await screen.findByText("Mock mode: Stripe not configured")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Switch back to Free (demo)" }));
    await waitFor(() => expect(api.requests("POST /api/billing/demo/cancel")).toHaveLength(1));
    await waitFor(() => expect(within(card("Pro")).getByRole("button", { name: "Upgrade" })).toBeTruthy());
  });

  it("in mock mode tells an account that is not the demo that its plan stays Free, and how to try the paid plans", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: false })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(subscription({ mock: true, demo: false })),
      "POST /api/billing/create-checkout": json({ mock: true, url: null }),
    });
    const { user } = renderRoutes("/billing");
    await user.click(await screen.findByRole("button", { name: "Upgrade" }));
    expect(
      await screen.findByText(
        "Mock mode: Stripe not configured. In production, you would be redirected to checkout. Your plan stays Free: without Stripe nothing can be bought here, and only the demo account (Continue with Demo on /connect) can try the paid plans.",
      ),
    ).toBeTruthy();
  });

  it("past_due shows the payment-failed banner, and Manage Subscription opens the portal URL", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(subscription({ plan_id: "pro", plan_name: "Pro", status: "past_due", stripe_customer_id: "cus_1" })),
      "GET /api/billing/portal": json({ mock: false, url: "https://billing.stripe.com/p/session/1" }),
    });
    const { user } = renderRoutes("/billing");
    expect((await screen.findByRole("alert")).textContent).toContain("Payment failed: update your card to keep Pro.");
    await user.click(screen.getByRole("button", { name: "Manage Subscription" }));
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith("https://billing.stripe.com/p/session/1"));
  });

  it("an Agency customer's failed or waiting payment names Agency, not Pro, once on the page", async () => {
    const agency = { plan_id: "agency" as const, plan_name: "Agency", stripe_customer_id: "cus_1", quantity: 3, price_per_connection_usd: 39, next_invoice_estimate_usd: 117 };
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": sequence(
        json(subscription({ ...agency, status: "past_due" })),
        json(subscription({ ...agency, status: "past_due", payment_action_url: "https://invoice.stripe.com/i/2" })),
      ),
    });
    renderRoutes("/billing");
    expect((await screen.findByRole("alert")).textContent).toBe("Payment failed: update your card to keep Agency. Manage Subscription");
    cleanup();
    renderRoutes("/billing");
    const alerts = await screen.findAllByRole("alert");
    expect(alerts.map((alert) => alert.textContent)).toEqual(["Confirm your payment: your bank asks you to approve it to keep Agency. Confirm your payment"]);
    expect(screen.getAllByRole("link", { name: "Confirm your payment" })).toHaveLength(1);
  });

  it("a signed-out visitor is asked to sign in to upgrade", async () => {
    fakeApi({
      "GET /api/user/status": json(SIGNED_OUT),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(subscription()),
    });
    renderRoutes("/billing");
    expect((await screen.findByRole("link", { name: "Sign in to upgrade" })).getAttribute("href")).toBe("/connect?next=%2Fbilling");
  });

  it("a failed checkout says so", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(subscription()),
      "POST /api/billing/create-checkout": json({ detail: "boom" }, 503),
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderRoutes("/billing");
    await user.click(await screen.findByRole("button", { name: "Upgrade" }));
    expect(await screen.findByText("Failed to start checkout. Please try again.")).toBeTruthy();
  });
});
