import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { cardFeatures } from "../../../web/src/components/PlanPriceAndFeatures";
import { statusText } from "../../../web/src/pages/billing/billing-format";
import { renderRoutes } from "../helpers";
import { PLANS_BODY, subscription } from "./billing-fixtures";
import { demoUser, fakeApi, json, sequence } from "../seller/fake-api";


const PRO = subscription({ plan_id: "pro", plan_name: "Pro", status: "active", stripe_customer_id: "cus_1", current_period_end: "2026-12-24T00:00:00.000Z" });

describe("/billing when something fails", () => {
  it("a plan that could not be read shows an error and Try again, never Free or Upgrade; Try again loads it", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": sequence(json({ detail: "boom" }, 503), json(PRO)),
    });
    const { user } = renderRoutes("/billing");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("couldn't read your current plan");
    expect(screen.queryByRole("button", { name: "Upgrade" })).toBeNull();
    expect(screen.queryByTestId("current-plan-name")).toBeNull();
    expect(screen.queryByRole("list", { name: "Plans" })).toBeNull();

    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect((await screen.findByTestId("current-plan-name")).textContent).toBe("Pro");
    expect(within(screen.getByRole("listitem", { name: "Pro" })).getByRole("button", { name: "Current Plan" })).toBeTruthy();
  });

  it("plans that could not be loaded offer Try again, which shows them with their Upgrade buttons", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": sequence(json({ detail: "boom" }, 503), json(PLANS_BODY)),
      "GET /api/billing/subscription": json(subscription()),
    });
    const { user } = renderRoutes("/billing");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We couldn't load the plans");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(within(await screen.findByRole("listitem", { name: "Pro" })).getByRole("button", { name: "Upgrade" })).toBeTruthy();
  });

  it("a failed portal call says so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(PRO),
      "GET /api/billing/portal": json({ detail: "boom" }, 502),
    });
    const { user } = renderRoutes("/billing");
    await user.click(await screen.findByRole("button", { name: "Manage Subscription" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to open the billing portal. Please try again.");
  });

  it("the mock checkout's message goes once the plan is managed again", async () => {
    const demoPro = subscription({ plan_id: "pro", plan_name: "Pro", status: "active", mock: true, demo: true });
    fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": sequence(json(subscription({ mock: true })), json(demoPro)),
      "POST /api/billing/create-checkout": json({ mock: true, url: null }),
      "GET /api/billing/portal": json({ mock: true, url: null }),
    });
    const { user } = renderRoutes("/billing");
    await user.click(await screen.findByRole("button", { name: "Upgrade" }));
    const checkout = /you would be redirected to checkout/;
    expect(await screen.findByText(checkout)).toBeTruthy();
    await user.click(await screen.findByRole("button", { name: "Manage Subscription" }));
    await waitFor(() => expect(screen.queryByText(checkout)).toBeNull());
  });

  it("shows the status in words", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser({ demo: false, connected: true })),
      "GET /api/billing/plans": json(PLANS_BODY),
      "GET /api/billing/subscription": json(subscription({ status: "canceled" })),
    });
    renderRoutes("/billing");
    const panel = await screen.findByRole("region", { name: "Current plan" });
    const status = within(panel).getByText("Status").nextElementSibling;
    expect(status?.textContent).toBe("No paid subscription (the last one was canceled)");
  });
});

describe("statusText", () => {
  it.each([
    [{ plan_id: "pro", status: "active" }, true, "Active"],
    [{ plan_id: "pro", status: "past_due" }, true, "Payment failed, retrying"],
    [{ plan_id: "pro", status: "trialing" }, true, "Trial"],
    [{ plan_id: "free", status: null }, true, "No paid subscription"],
    // Pro or Agency: the answer does not say which plan ended, so neither is named.
    [{ plan_id: "free", status: "canceled" }, true, "No paid subscription (the last one was canceled)"],
    [{ plan_id: "pro", status: "some_new_state" }, true, "Some new state"],
    [{ plan_id: "free", status: null }, false, "Signed out"],
  ])("%o (signed in: %s) reads %s", (subscription, signedIn, text) => {
    expect(statusText(subscription, signedIn)).toBe(text);
  });
});

describe("the Enterprise card", () => {
  it("says Custom and Contact sales once each: in its price and its button, not again in its list", () => {
    const enterprise = PLANS_BODY.plans.find((plan) => plan.id === "enterprise")!;
    expect(enterprise.features).toContain("Contact sales");
    expect(cardFeatures(enterprise)).not.toContain("Contact sales");
    expect(cardFeatures(enterprise)).not.toContain("Custom pricing");
    expect(cardFeatures(enterprise)).toContain("Everything in Pro");
    const pro = PLANS_BODY.plans.find((plan) => plan.id === "pro")!;
    expect(cardFeatures(pro)).toEqual(pro.features);
  });
});

describe("Settings → Account when the plan cannot be read", () => {
  it("says so with Try again instead of guessing, and Try again shows the plan", async () => {
    const { openTab, panel, renderSettings } = await import("../seller/settings-render");
    const { user } = await renderSettings({ "GET /api/billing/subscription": sequence(json({ detail: "boom" }, 503), json(PRO)) });
    await openTab(user, "Account");
    const plan = () => within(panel()).getByText("Plan", { selector: "dt" }).nextElementSibling as HTMLElement;
    await waitFor(() => expect(plan().textContent).toContain("Could not be read."));
    expect(plan().textContent).not.toContain("Free");
    await user.click(within(plan()).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(plan().textContent).toContain("Pro"));
  });
});
