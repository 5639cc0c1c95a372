import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../helpers";
import { PLANS_BODY, subscription } from "./billing-fixtures";
import { demoUser, fakeApi, json, SIGNED_OUT } from "../seller/fake-api";
import { navigateAway } from "../../../web/src/lib/navigate-away";
import { addStylesheets } from "../stylesheets";

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

  it("on Pro, Upgrade to Agency is disabled, looks it, and says to cancel Pro first", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json({ ...FREE, plan_id: "pro", plan_name: "Pro", status: "active", stripe_customer_id: "cus_1" }),
    });
    renderRoutes("/billing");
    const agency = await screen.findByRole<HTMLButtonElement>("button", { name: "Upgrade to Agency" });
    addStylesheets("base.css", "pricing.css");

    expect(agency.disabled).toBe(true);
    expect(getComputedStyle(agency).cursor).toBe("not-allowed");
    const muted = getComputedStyle(document.documentElement).getPropertyValue("--color-surface-muted").trim();
    expect(getComputedStyle(agency).backgroundColor).toBe(muted);
    const why = document.getElementById(agency.getAttribute("aria-describedby") ?? "");
    expect(why?.textContent).toBe("To move to Agency, cancel Pro first with Manage Subscription; choose Agency here once it has ended.");
    expect(screen.getByRole("button", { name: "Manage Subscription" })).toBeTruthy();
  });

  it("on Enterprise, Pro and Agency say the plan is set by agreement", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json({ ...FREE, plan_id: "enterprise", plan_name: "Enterprise" }),
    });
    renderRoutes("/billing");
    for (const name of ["Upgrade", "Upgrade to Agency"]) {
      const button = await screen.findByRole<HTMLButtonElement>("button", { name });
      expect(button.disabled).toBe(true);
      expect(document.getElementById(button.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Your Enterprise plan is set by agreement: contact sales to change it.");
    }
  });

  it("on Free, Upgrade to Agency is enabled with no note", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(FREE),
    });
    renderRoutes("/billing");
    const agency = await screen.findByRole<HTMLButtonElement>("button", { name: "Upgrade to Agency" });
    addStylesheets("base.css", "pricing.css");

    expect(agency.disabled).toBe(false);
    expect(getComputedStyle(agency).cursor).toBe("pointer");
    expect(agency.getAttribute("aria-describedby")).toBeNull();
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
