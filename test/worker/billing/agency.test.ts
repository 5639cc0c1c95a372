import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { setAgencyQuantity, syncAgencyQuantity } from "../../../worker/billing/agency-quantity";
import { planFromBilling } from "../../../worker/billing/entitlements";
import { chooseSubscription, paidPlanOf } from "../../../worker/billing/subscription-choice";
import { findUserBilling, storeBillingState } from "../../../worker/billing/subscription-store";
import type { RedirectResponse, SubscriptionResponse } from "../../../worker/contract/billing";
import {
  AGENCY_PLAN, agencyQuantity, canAddConnection, canAddMember, ENTERPRISE_PLAN, FREE_PLAN, monthlyPriceUsd, PLANS, PRO_PLAN,
} from "../../../worker/contract/plans";
import { StripeBilling } from "../../../worker/upstreams/stripe/client";
import { NoSuchStripeObjectError, type SubscriptionFacts } from "../../../worker/upstreams/stripe/billing";
import { itemIdOf } from "../../fakes/stripe-calls";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import {
  completeCheckout, deliver, PRICE_PRO, sessionIdOf, setSubscription, STRIPE_FAKE, STRIPE_KEY, stripeCalls, stripeEnv, stripeEvent,
} from "../support/stripe";
import { insertConnection } from "../support/seller-connections";

const PRICE_AGENCY = "price_agency_test";
const bindings = stripeEnv({ STRIPE_PRICE_AGENCY: PRICE_AGENCY });
const billing = new StripeBilling({ secretKey: STRIPE_KEY, api: { protocol: "https", host: STRIPE_FAKE } });

describe("plan limits (pure)", () => {
  it("every plan has member and seller-connection limits; Agency has more members and tracked ASINs than Pro", () => {
    for (const plan of PLANS) {
      expect(plan).toHaveProperty("memberLimit");
      expect(plan).toHaveProperty("sellerConnectionLimit");
    }
    expect(AGENCY_PLAN.memberLimit!).toBeGreaterThan(PRO_PLAN.memberLimit!);
    expect(AGENCY_PLAN.watchlistLimit!).toBeGreaterThan(PRO_PLAN.watchlistLimit!);
    expect(AGENCY_PLAN.sellerConnectionLimit!).toBeGreaterThan(PRO_PLAN.sellerConnectionLimit!);
    expect(PLANS.map((plan) => plan.id)).toEqual(["free", "pro", "agency", "enterprise"]);
  });

  it("canAddMember and canAddConnection stop at the limit; Enterprise has none", () => {
    expect(canAddMember(FREE_PLAN, 0)).toBe(true);
    expect(canAddMember(FREE_PLAN, 1)).toBe(false);
    expect(canAddMember(PRO_PLAN, 2)).toBe(true);
    expect(canAddMember(PRO_PLAN, 3)).toBe(false);
    expect(canAddMember(AGENCY_PLAN, 24)).toBe(true);
    expect(canAddMember(AGENCY_PLAN, 25)).toBe(false);
    expect(canAddMember(ENTERPRISE_PLAN, 10_000)).toBe(true);
    expect(canAddConnection(PRO_PLAN, 0)).toBe(true);
    expect(canAddConnection(PRO_PLAN, 1)).toBe(false);
    expect(canAddConnection(AGENCY_PLAN, 49)).toBe(true);
    expect(canAddConnection(AGENCY_PLAN, 50)).toBe(false);
    expect(canAddConnection(ENTERPRISE_PLAN, 500)).toBe(true);
  });

  it("the Agency quantity is the connections, never below 1; the monthly price follows it", () => {
    expect([0, 1, 2, 20].map(agencyQuantity)).toEqual([1, 1, 2, 20]);
    expect(monthlyPriceUsd(AGENCY_PLAN, 0)).toBe(39);
    expect(monthlyPriceUsd(AGENCY_PLAN, 20)).toBe(780);
    expect(monthlyPriceUsd(PRO_PLAN, 20)).toBe(49);
    expect(monthlyPriceUsd(ENTERPRISE_PLAN, 3)).toBeNull();
  });

  it("a paid subscription to Agency's price is Agency; unpaid is Free; Enterprise still wins", () => {
    const facts = (priceId: string, status = "active", created = 1): SubscriptionFacts => ({
      id: `sub_${priceId}_${created}`, customerId: "cus_1", status, priceId, currentPeriodEnd: null, cancelAtPeriodEnd: false, userId: null, created,
    });
    const choice = chooseSubscription([facts("price_other"), facts(PRICE_AGENCY)], PRICE_PRO, PRICE_AGENCY);
    expect(choice.subscription?.priceId).toBe(PRICE_AGENCY);
    expect(paidPlanOf(choice.subscription, PRICE_AGENCY)).toBe("agency");
    expect(paidPlanOf(facts(PRICE_PRO), PRICE_AGENCY)).toBe("pro");
    // Pro then Agency paid: one product line, the older one is kept and the newer one is a duplicate.
    const both = chooseSubscription([facts(PRICE_AGENCY, "active", 2), facts(PRICE_PRO, "active", 1)], PRICE_PRO, PRICE_AGENCY);
    expect(both.subscription?.priceId).toBe(PRICE_PRO);
    expect(both.duplicates.map((sub) => sub.priceId)).toEqual([PRICE_AGENCY]);
    expect(planFromBilling("active", null, "agency")).toBe(AGENCY_PLAN);
    expect(planFromBilling("canceled", null, "agency")).toBe(FREE_PLAN);
    expect(planFromBilling("active", { apiRequestsPerHour: null }, "agency")).toBe(ENTERPRISE_PLAN);
  });
});

/** A signed-in account on a paid Agency subscription the fake holds, stored as a webhook would. */
async function agencyAccount(quantity = 1) {
  const browser = await freeBrowserWith(bindings);
  const workspaceId = userIdOf(browser);
  const customer = await billing.createCustomer(workspaceId);
  const id = `sub_agency_${crypto.randomUUID().slice(0, 12)}`;
  await setSubscription({ id, customer, status: "active", priceId: PRICE_AGENCY, quantity, userId: workspaceId });
  const facts = await billing.retrieveSubscription(id);
  await storeBillingState(env.DB, workspaceId, customer, { subscription: facts, paidPlan: "agency", cancelAt: null, paymentActionUrl: null }, Date.now(), 1);
  return { browser, workspaceId, customer, id };
}

const updatesOf = async (id: string) => (await stripeCalls({ subscription: id, method: "POST" })).filter((call) => call.status === 200);

describe("Agency checkout", () => {
  it("buys STRIPE_PRICE_AGENCY with the workspace's connections as the quantity (at least 1)", async () => {
    const browser = await freeBrowserWith(bindings);
    const res = await browser.json("/api/billing/create-checkout", "POST", { planId: "agency" });
    expect(res.status, await res.clone().text()).toBe(200);
    const sessionId = sessionIdOf((await res.json<RedirectResponse>()).url);
    const [call] = (await stripeCalls({ path: "/v1/checkout/sessions", method: "POST" })).filter((c) => c.fields.client_reference_id === userIdOf(browser));
    expect(call?.fields["line_items[0][price]"]).toBe(PRICE_AGENCY);
    expect(call?.fields["line_items[0][quantity]"]).toBe("1");

    const paid = await completeCheckout(sessionId);
    for (const event of paid.events) expect((await deliver(bindings, { ...event, id: `${event.id}_a` })).status).toBe(200);
    const body = await (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>();
    expect(body).toMatchObject({ plan_id: "agency", plan_name: "Agency", quantity: 1, price_per_connection_usd: 39, next_invoice_estimate_usd: 39 });
  });

  it("set to end at the period's end, Agency shows no next invoice: Stripe will not send one", async () => {
    const browser = await freeBrowserWith(bindings);
    const res = await browser.json("/api/billing/create-checkout", "POST", { planId: "agency" });
    const paid = await completeCheckout(sessionIdOf((await res.json<RedirectResponse>()).url!));
    for (const event of paid.events) expect((await deliver(bindings, event)).status).toBe(200);
    const subscription = paid.subscription as { id: string; customer: string };
    await setSubscription({ id: subscription.id, customer: subscription.customer, status: "active", priceId: PRICE_AGENCY, cancelAtPeriodEnd: true });
    expect((await deliver(bindings, stripeEvent("customer.subscription.updated", { id: subscription.id, object: "subscription", customer: subscription.customer }))).status).toBe(200);
    const body = await (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>();
    expect(body).toMatchObject({ plan_id: "agency", cancel_at_period_end: true, quantity: 1, price_per_connection_usd: 39 });
    expect(body.ends_at).toBe(body.current_period_end);
    expect(body).not.toHaveProperty("next_invoice_estimate_usd");

    // Resumed (the portal's Renew): the next invoice is back.
    await setSubscription({ id: subscription.id, customer: subscription.customer, status: "active", priceId: PRICE_AGENCY, cancelAtPeriodEnd: false });
    expect((await deliver(bindings, stripeEvent("customer.subscription.updated", { id: subscription.id, object: "subscription", customer: subscription.customer }))).status).toBe(200);
    expect(await (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>()).toMatchObject({ next_invoice_estimate_usd: 39 });
  });

  it("refuses Agency with 503 and a detail when STRIPE_PRICE_AGENCY is not set, and any other plan with 422", async () => {
    const browser = await freeBrowserWith(stripeEnv());
    const res = await browser.json("/api/billing/create-checkout", "POST", { planId: "agency" });
    expect(res.status).toBe(503);
    expect((await res.json<{ detail: string }>()).detail).toContain("STRIPE_PRICE_AGENCY");
    expect((await browser.json("/api/billing/create-checkout", "POST", { planId: "enterprise" })).status).toBe(422);
  });
});

describe("syncAgencyQuantity", () => {
  it("sets the quantity to the connections, prorated, and never below 1", async () => {
    const { workspaceId, id } = await agencyAccount(1);
    expect(await setAgencyQuantity(env.DB, billing, workspaceId, async () => 3)).toEqual({ kind: "updated", from: 1, quantity: 3 });
    expect(await setAgencyQuantity(env.DB, billing, workspaceId, async () => 2)).toEqual({ kind: "updated", from: 3, quantity: 2 });
    expect(await setAgencyQuantity(env.DB, billing, workspaceId, async () => 0)).toEqual({ kind: "updated", from: 2, quantity: 1 });
    expect(await setAgencyQuantity(env.DB, billing, workspaceId, async () => 0)).toEqual({ kind: "unchanged", quantity: 1 });

    const updates = await updatesOf(id);
    expect(updates.map((call) => call.fields["items[0][quantity]"])).toEqual(["3", "2", "1"]);
    for (const call of updates) {
      expect(call.fields["items[0][id]"]).toBe(itemIdOf(id));
      expect(call.fields.proration_behavior).toBe("create_prorations");
    }
    expect((await billing.retrieveSubscription(id)).quantity).toBe(1);
    expect((await findUserBilling(env.DB, workspaceId)).subscription?.quantity).toBe(1);
  });

  it("counts the workspace's connected seller accounts", async () => {
    const { workspaceId, id } = await agencyAccount(4);
    expect(await syncAgencyQuantity(env.DB, billing, workspaceId)).toEqual({ kind: "updated", from: 4, quantity: 1 });
    await insertConnection({ id: crypto.randomUUID(), workspaceId, sellingPartnerId: "A1SELLER", region: "na", name: "Acme NA", status: { grantedAt: new Date().toISOString() } });
    expect(await syncAgencyQuantity(env.DB, billing, workspaceId)).toEqual({ kind: "unchanged", quantity: 1 });
    expect(await updatesOf(id)).toHaveLength(1);
  });

  it("does nothing on Free, Pro or a canceled Agency subscription", async () => {
    const free = await freeBrowserWith(bindings);
    expect(await syncAgencyQuantity(env.DB, billing, userIdOf(free))).toEqual({ kind: "not-agency" });
    const { workspaceId, customer, id } = await agencyAccount(2);
    await setSubscription({ id, customer, status: "canceled" });
    await storeBillingState(env.DB, workspaceId, customer, { subscription: await billing.retrieveSubscription(id), paidPlan: "agency", cancelAt: null, paymentActionUrl: null }, Date.now(), 2);
    expect(await setAgencyQuantity(env.DB, billing, workspaceId, async () => 5)).toEqual({ kind: "not-agency" });
    expect(await updatesOf(id)).toHaveLength(0);
  });
});

describe("the fake refuses a quantity update the way Stripe does", () => {
  const post = (id: string, fields: Record<string, string>) =>
    fetch(`https://${STRIPE_FAKE}/v1/subscriptions/${id}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${STRIPE_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("an item of another subscription, a quantity of 0 or a fraction, an unknown proration_behavior", async () => {
    const { id } = await agencyAccount(1);
    const other = await agencyAccount(1);
    const ok = { "items[0][id]": itemIdOf(id), "items[0][quantity]": "2", proration_behavior: "create_prorations" };
    expect((await post(id, { ...ok, "items[0][id]": itemIdOf(other.id) })).status).toBe(400);
    expect((await post(id, { ...ok, "items[0][quantity]": "0" })).status).toBe(400);
    expect((await post(id, { ...ok, "items[0][quantity]": "1.5" })).status).toBe(400);
    expect((await post(id, { ...ok, proration_behavior: "sometimes" })).status).toBe(400);
    expect((await post("sub_nope", ok)).status).toBe(404);
    expect((await billing.retrieveSubscription(id)).quantity).toBe(1);
    expect((await post(id, ok)).status).toBe(200);
    expect((await billing.retrieveSubscription(id)).quantity).toBe(2);
  });

  it("the client's error for an item Stripe does not know is NoSuchStripeObjectError", async () => {
    const { id } = await agencyAccount(1);
    await expect(billing.updateQuantity({ subscriptionId: id, itemId: "si_other", quantity: 2 })).rejects.toBeInstanceOf(NoSuchStripeObjectError);
  });
});

describe("webhooks keep the stored quantity right", () => {
  it("events late, out of order and twice store Stripe's current quantity", async () => {
    const { workspaceId, customer, id } = await agencyAccount(1);
    const now = Math.floor(Date.now() / 1000);
    const object = (quantity: number) => ({ id, object: "subscription", customer, status: "active", items: { data: [{ quantity }] } });
    // Stripe now holds 3; the event of the change to 2 arrives after the one of the change to 3, then again.
    await setSubscription({ id, customer, status: "active", priceId: PRICE_AGENCY, quantity: 3 });
    const newer = stripeEvent("customer.subscription.updated", object(3), now + 20);
    const older = stripeEvent("customer.subscription.updated", object(2), now + 10);
    for (const event of [newer, older, older, newer]) expect((await deliver(bindings, event)).status).toBe(200);
    const row = (await findUserBilling(env.DB, workspaceId)).subscription;
    expect(row).toMatchObject({ quantity: 3, paidPlan: "agency", subscriptionItemId: itemIdOf(id) });
  });
});

describe("the nightly billing sweep", () => {
  it("sets right an Agency quantity that missed a connection change", async () => {
    const { runBillingSweep } = await import("../../../worker/jobs/billing-sweep/billing-sweep");
    const { workspaceId, id } = await agencyAccount(3);
    // The copy is two days old: the sweep takes it.
    await env.DB.prepare("UPDATE billing_subscriptions SET synced_at = '2020-01-01T00:00:00.000Z' WHERE workspace_id = ?").bind(workspaceId).run();
    const summary = await runBillingSweep(env.DB, billing, { secretKey: STRIPE_KEY, priceIdPro: PRICE_PRO, priceIdAgency: PRICE_AGENCY }, Date.now());
    expect(summary?.failed).toBe(0);
    expect((await billing.retrieveSubscription(id)).quantity).toBe(1);
    expect((await findUserBilling(env.DB, workspaceId)).subscription).toMatchObject({ quantity: 1, paidPlan: "agency" });
  });
});

describe("mock mode", () => {
  it("a demo account that chooses Agency gets a labelled demo Agency with one pretend seller account", async () => {
    const { demoEnv, TestBrowser } = await import("../support/seller-browser");
    const browser = new TestBrowser(demoEnv());
    await browser.signInDemo();
    expect((await browser.json("/api/billing/create-checkout", "POST", { planId: "agency" })).status).toBe(200);
    const body = await (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>();
    expect(body).toMatchObject({ plan_id: "agency", demo: true, mock: true, quantity: 1, next_invoice_estimate_usd: 39 });

    // A second seller account: the demo's figures follow its connections, as a paid Agency's quantity does.
    const { insertConnection } = await import("../support/seller-connections");
    const workspaceId = (await (await browser.request("/api/workspaces")).json<{ current: { id: string } }>()).current.id;
    await insertConnection({ id: `${workspaceId}-eu`, workspaceId, sellingPartnerId: "DEMO-EU-CLIENT", region: "eu", name: "Sample client EU", status: "demo" });
    const two = await (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>();
    expect(two).toMatchObject({ quantity: 2, next_invoice_estimate_usd: 78 });
  });
});
