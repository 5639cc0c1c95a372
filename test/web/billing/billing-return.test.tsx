import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEMO_STRIPE_MESSAGE, MOCK_DEMO_MESSAGE, type SubscriptionResponse } from "@contract/billing";
import { renderRoutes } from "../helpers";
import { PLANS_BODY, subscription } from "./billing-fixtures";
import { demoUser, fakeApi, json, sequence } from "../seller/fake-api";

vi.mock("../../../web/src/lib/navigate-away", () => ({ navigateAway: vi.fn() }));

const free = (overrides: Partial<SubscriptionResponse> = {}) => subscription({ stripe_customer_id: "cus_1", ...overrides });
const pro = (overrides: Partial<SubscriptionResponse> = {}) =>
  free({ plan_id: "pro", plan_name: "Pro", status: "active", current_period_end: "2026-12-24T00:00:00.000Z", ...overrides });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("/billing after Checkout and in each mode", () => {
  it("back from Checkout: sends the session id, and asks again until Stripe confirms Pro", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": sequence(json(free()), json(pro())),
    });
    renderRoutes("/billing?session_id=cs_test_abc");
    expect(await screen.findByText(/Your payment is being confirmed/)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("current-plan-name").textContent).toBe("Pro"), { timeout: 4_000 });
    expect(screen.queryByText(/being confirmed/)).toBeNull();
    const sent = api.requests("GET /api/billing/subscription").map((request) => request.url.searchParams.get("session_id"));
    expect(sent.slice(0, 2)).toEqual(["cs_test_abc", "cs_test_abc"]);
  });

  it("set to cancel says Ends on; a 3-D Secure payment says Confirm your payment with Stripe's link", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(pro({ status: "past_due", ends_at: "2027-01-05T00:00:00.000Z", payment_action_url: "https://invoice.stripe.com/i/1" })),
    });
    renderRoutes("/billing");
    expect(await screen.findByText("Ends on")).toBeTruthy();
    expect(screen.getByText("January 5, 2027")).toBeTruthy();
    expect(screen.queryByText("Renews on")).toBeNull();
    // Once: the banner above the plan says it, the plan's panel does not repeat it.
    const links = screen.getAllByRole("link", { name: "Confirm your payment" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["https://invoice.stripe.com/i/1"]);
    expect(screen.queryByText(/update your card/)).toBeNull();
  });

  it("says which mode: a demo account with Stripe configured stays Free; in mock mode demo Pro is sample data", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(free({ stripe_customer_id: null })),
    });
    renderRoutes("/billing");
    expect(await screen.findByText(DEMO_STRIPE_MESSAGE)).toBeTruthy();
  });

  it("mock mode, demo account", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(free({ stripe_customer_id: null, mock: true })),
    });
    renderRoutes("/billing");
    expect(await screen.findByText(MOCK_DEMO_MESSAGE)).toBeTruthy();
  });

  it("a refused Upgrade says why (a demo account while Stripe is configured)", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(free({ stripe_customer_id: null })),
      "POST /api/billing/create-checkout": json({ detail: "A demo account cannot subscribe: billing is real on this deployment.", code: "forbidden" }, 403),
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderRoutes("/billing");
    await user.click(await screen.findByRole("button", { name: "Upgrade" }));
    expect(await screen.findByText("A demo account cannot subscribe: billing is real on this deployment.")).toBeTruthy();
  });
});
