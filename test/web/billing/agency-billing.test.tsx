import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../helpers";
import { PLANS_BODY, subscription } from "./billing-fixtures";
import { demoUser, fakeApi, json, SIGNED_OUT } from "../seller/fake-api";
import { navigateAway } from "../../../web/src/lib/navigate-away";

vi.mock("../../../web/src/lib/navigate-away", () => ({ navigateAway: vi.fn() }));

const FREE = subscription();

describe("the Agency plan on /billing and /pricing", () => {
  it("/pricing shows Agency's price per seller account", async () => {
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT), "GET /api/billing/plans": json(PLANS_BODY) });
    renderRoutes("/pricing");
    const card = await screen.findByRole("listitem", { name: "Agency" });
    expect(card.textContent).toContain("$39");
    expect(card.textContent).toContain("/ seller account / month");
    expect(within(card).getByRole("link", { name: "Start Agency" }).getAttribute("href")).toBe("/billing");
  });

  it("Upgrade to Agency starts a Checkout for the agency plan", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(FREE),
      "POST /api/billing/create-checkout": json({ mock: false, url: "https://checkout.stripe.com/c/pay/cs_test_agency" }),
    });
    const { user } = renderRoutes("/billing");
    await user.click(await screen.findByRole("button", { name: "Upgrade to Agency" }));
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_test_agency"));
    expect(api.requests("POST /api/billing/create-checkout")[0]?.body).toEqual({ planId: "agency" });
  });

  it("an Agency subscriber sees the accounts billed and the next invoice estimate", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json({
        ...FREE, plan_id: "agency", plan_name: "Agency", status: "active", stripe_customer_id: "cus_1", current_period_end: "2026-12-24T00:00:00.000Z",
        quantity: 3, price_per_connection_usd: 39, next_invoice_estimate_usd: 117,
      }),
    });
    renderRoutes("/billing");
    expect((await screen.findByTestId("agency-quantity")).textContent).toBe("3 × $39 / month");
    expect(screen.getByTestId("agency-estimate").textContent).toContain("$117");
    expect(within(screen.getByRole("listitem", { name: "Agency" })).getByRole<HTMLButtonElement>("button", { name: "Current Plan" }).disabled).toBe(true);
  });
});
