import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SubscriptionResponse } from "@contract/billing";
import { json } from "../seller/fake-api";
import { openTab, panel, renderSettings } from "../seller/settings-render";

const pastDuePro: SubscriptionResponse = {
  plan_id: "pro", plan_name: "Pro", status: "past_due", current_period_end: null, cancel_at_period_end: false,
  stripe_customer_id: "cus_1", mock: false, demo: false,
};

describe("Settings → Account", () => {
  it("shows the plan with a link to /billing, and the payment-failed banner while past_due", async () => {
    const { user } = await renderSettings({ "GET /api/billing/subscription": json(pastDuePro) });
    await openTab(user, "Account");
    const plan = await within(panel()).findByText("Pro", { exact: false, selector: "dd" });
    expect(within(plan).getByRole("link", { name: "Manage billing" }).getAttribute("href")).toBe("/billing");
    expect(screen.getByRole("alert").textContent).toContain("Payment failed: update your card to keep Pro.");
  });
});
