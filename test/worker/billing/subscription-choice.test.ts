import { describe, expect, it } from "vitest";
import { chooseSubscription, endsAt, invoiceUrlOfChosen, paymentActionUrlAfter } from "../../../worker/billing/subscription-choice";
import type { SubscriptionFacts } from "../../../worker/upstreams/stripe/billing";

const PRO = "price_pro";
const sub = (id: string, status: string, created: number, priceId = PRO): SubscriptionFacts => ({
  id, customerId: "cus_1", status, priceId, currentPeriodEnd: null, cancelAtPeriodEnd: false, cancelAt: null, userId: null, created,
});

describe("chooseSubscription: the plan from all of the customer's subscriptions", () => {
  it("keeps the oldest paid Pro subscription; later paid ones are duplicates", () => {
    const choice = chooseSubscription([sub("b", "active", 20), sub("a", "active", 10), sub("c", "past_due", 30)], PRO);
    expect(choice.subscription?.id).toBe("a");
    expect(choice.duplicates.map((s) => s.id)).toEqual(["b", "c"]);
  });

  it("a paid one wins over whichever ended or started later", () => {
    expect(chooseSubscription([sub("old", "active", 1), sub("new", "canceled", 99)], PRO).subscription?.id).toBe("old");
    expect(chooseSubscription([sub("paid", "trialing", 1), sub("pending", "incomplete", 99)], PRO).subscription?.id).toBe("paid");
  });

  it("without a paid one: a pending first payment, then the newest ended one", () => {
    const pending = chooseSubscription([sub("x", "canceled", 5), sub("y", "incomplete", 1)], PRO);
    expect(pending.subscription?.id).toBe("y");
    expect(pending.incomplete.map((s) => s.id)).toEqual(["y"]);
    expect(chooseSubscription([sub("x", "canceled", 5), sub("z", "canceled", 9)], PRO).subscription?.id).toBe("z");
  });

  it("only the Pro price counts; no Pro price configured means nothing counts", () => {
    expect(chooseSubscription([sub("other", "active", 1, "price_other")], PRO)).toEqual({ subscription: null, duplicates: [], incomplete: [] });
    expect(chooseSubscription([sub("a", "active", 1)], undefined).subscription).toBeNull();
  });
});

describe("endsAt and the payment link", () => {
  it("Ends on: cancel_at, else the period end when cancel_at_period_end, else none", () => {
    expect(endsAt({ cancelAt: "2027-01-01T00:00:00.000Z", cancelAtPeriodEnd: false, currentPeriodEnd: "2026-12-01T00:00:00.000Z" })).toBe("2027-01-01T00:00:00.000Z");
    expect(endsAt({ cancelAt: null, cancelAtPeriodEnd: true, currentPeriodEnd: "2026-12-01T00:00:00.000Z" })).toBe("2026-12-01T00:00:00.000Z");
    expect(endsAt({ cancelAt: null, cancelAtPeriodEnd: false, currentPeriodEnd: "2026-12-01T00:00:00.000Z" })).toBeNull();
  });

  it("the 3-D Secure link is set by the plan's payment_action_required, cleared by its paid invoice or a settled status, kept otherwise", () => {
    expect(paymentActionUrlAfter("invoice.payment_action_required", "https://pay", "past_due")).toBe("https://pay");
    expect(paymentActionUrlAfter("invoice.payment_action_required", "https://pay", "incomplete")).toBe("https://pay");
    expect(paymentActionUrlAfter("invoice.paid", "https://pay", "past_due")).toBeNull();
    expect(paymentActionUrlAfter("customer.subscription.updated", null, "active")).toBeNull();
    expect(paymentActionUrlAfter("customer.subscription.updated", null, "past_due")).toBeUndefined();
  });

  it("a paid-up plan shows no link, even when an invoice asks for one (a late event)", () => {
    expect(paymentActionUrlAfter("invoice.payment_action_required", "https://pay", "active")).toBeNull();
    expect(paymentActionUrlAfter("invoice.payment_action_required", "https://pay", "trialing")).toBeNull();
    expect(paymentActionUrlAfter("invoice.payment_action_required", "https://pay", null)).toBeNull();
  });

  it("another subscription's invoice (no page passed) neither sets nor clears the plan's link", () => {
    expect(paymentActionUrlAfter("invoice.payment_action_required", null, "past_due")).toBeUndefined();
    expect(paymentActionUrlAfter("invoice.paid", null, "past_due")).toBeUndefined();
  });

  it("an invoice's page is passed on only when its subscription is the one the plan is chosen from", () => {
    const pro = sub("sub_pro", "past_due", 1);
    const other = sub("sub_other", "past_due", 2, "price_some_other_product");
    const duplicate = sub("sub_dup", "active", 3);
    const all = [pro, other, duplicate];
    const page = "https://invoice.stripe.test/i/in_1";
    expect(invoiceUrlOfChosen(all, { subscriptionId: "sub_pro", hostedInvoiceUrl: page }, PRO)).toBe(page);
    expect(invoiceUrlOfChosen(all, { subscriptionId: "sub_other", hostedInvoiceUrl: page }, PRO)).toBeNull();
    expect(invoiceUrlOfChosen(all, { subscriptionId: "sub_dup", hostedInvoiceUrl: page }, PRO)).toBeNull();
    expect(invoiceUrlOfChosen([other], { subscriptionId: "sub_other", hostedInvoiceUrl: page }, PRO)).toBeNull();
  });
});
