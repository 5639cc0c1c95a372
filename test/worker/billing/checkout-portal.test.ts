import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { storeBillingState } from "../../../worker/billing/subscription-store";
import type { RedirectResponse, SubscriptionResponse } from "../../../worker/contract/billing";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { PRICE_PRO, stripeCalls, stripeEnv } from "../support/stripe";
import { STRIPE_NO_PORTAL_KEY } from "../../fakes/stripe-calls";

describe("POST /api/billing/create-checkout against Stripe", () => {
  it("creates a customer once and a subscription-mode Checkout Session for the Pro price", async () => {
    const browser = await freeBrowserWith(stripeEnv());
    const userId = userIdOf(browser);

    const res = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json<RedirectResponse>();
    expect(body.mock).toBe(false);
    expect(body.url).toMatch(/^https:\/\/stripe-fake\.test\/checkout\/cs_test_/);

    const [customerCall] = (await stripeCalls({ path: "/v1/customers" })).filter((call) => call.fields["metadata[user_id]"] === userId);
    expect(customerCall?.authorized).toBe(true);
    expect(customerCall?.idempotencyKey).toBe(`ranklayer-customer-${userId}`);
    const subscription = await (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>();
    expect(subscription.stripe_customer_id).toMatch(/^cus_fake/);
    expect(subscription.plan_name).toBe("Free");

    const sessions = await stripeCalls({ path: "/v1/checkout/sessions", method: "POST", customer: subscription.stripe_customer_id! });
    expect(sessions).toHaveLength(1);
    // Named after the customer's newest session (none yet): two clicks racing here get one session.
    expect(sessions[0]!.idempotencyKey).toBe(`ranklayer-checkout-${subscription.stripe_customer_id}-after-none`);
    expect(sessions[0]!.fields).toEqual({
      mode: "subscription",
      customer: subscription.stripe_customer_id,
      client_reference_id: userId,
      "line_items[0][price]": PRICE_PRO,
      "line_items[0][quantity]": "1",
      // What the session sells, read back before an open session is handed out again.
      "metadata[price_id]": PRICE_PRO,
      "metadata[quantity]": "1",
      "subscription_data[metadata][user_id]": userId,
      // SITE_URL's origin (the public site when unset), never the request's Host; /billing reconciles from the session id.
      success_url: "https://ranklayer.com/billing?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://ranklayer.com/billing?checkout=canceled",
    });

    // A second attempt reuses the customer, and the session still open for the same purchase.
    const again = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    expect(await again.json<RedirectResponse>()).toEqual({ mock: false, url: body.url });
    expect((await stripeCalls({ path: "/v1/customers" })).filter((call) => call.fields["metadata[user_id]"] === userId)).toHaveLength(1);
    expect(await stripeCalls({ path: "/v1/checkout/sessions", method: "POST", customer: subscription.stripe_customer_id! })).toHaveLength(1);
  });

  it("answers 409 to a user already on Pro", async () => {
    const browser = await freeBrowserWith(stripeEnv());
    const customerId = `cus_${crypto.randomUUID()}`;
    const subscription = {
      id: `sub_${crypto.randomUUID()}`, customerId, status: "active", priceId: PRICE_PRO,
      currentPeriodEnd: null, cancelAtPeriodEnd: false, userId: null,
    } as const;
    await storeBillingState(env.DB, userIdOf(browser), customerId, { subscription, cancelAt: null, paymentActionUrl: null }, Date.now(), 1);
    const res = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    expect(res.status).toBe(409);
    expect((await res.json<{ detail: string }>()).detail).toContain("already on Pro");
  });

  it("needs a session and the XSRF token, and only sells Pro", async () => {
    const anonymous = new TestBrowser(stripeEnv());
    expect((await anonymous.json("/api/billing/create-checkout", "POST", { planId: "pro" })).status).toBe(401);
    const browser = await freeBrowserWith(stripeEnv());
    expect((await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" }, { omitXsrfHeader: true })).status).toBe(403);
    const enterprise = await browser.json("/api/billing/create-checkout", "POST", { planId: "enterprise" });
    expect(enterprise.status).toBe(422);
  });

  it("a demo account never reaches real Checkout, and with Stripe configured never reaches Pro (403)", async () => {
    const browser = new TestBrowser(stripeEnv());
    await browser.signInDemo();
    const res = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    expect(res.status).toBe(403);
    expect((await res.json<{ detail: string }>()).detail).toMatch(/demo account cannot subscribe.*Amazon seller account/);
    // Nothing reached Stripe for this account: no customer, so no Checkout Session either. (Other
    // files share the fake Stripe at the same time, so a global count of sessions would race.)
    const userId = userIdOf(browser);
    expect((await stripeCalls({ path: "/v1/customers" })).filter((call) => call.fields["metadata[user_id]"] === userId)).toHaveLength(0);
    const subscription = await (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>();
    expect(subscription).toMatchObject({ plan_name: "Free", status: null, demo: false, mock: false, stripe_customer_id: null });
  });
});

describe("GET /api/billing/portal", () => {
  it("answers 404 with a detail when the user has no Stripe customer", async () => {
    const browser = await freeBrowserWith(stripeEnv());
    const res = await browser.request("/api/billing/portal");
    expect(res.status).toBe(404);
    expect((await res.json<{ detail: string }>()).detail).toContain("/billing");
  });

  it("opens a Customer Portal session for the user's customer, returning to /billing", async () => {
    const browser = await freeBrowserWith(stripeEnv());
    await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    const { stripe_customer_id: customer } = await (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>();
    const res = await browser.request("/api/billing/portal");
    expect(res.status).toBe(200);
    expect((await res.json<RedirectResponse>()).url).toMatch(/^https:\/\/stripe-fake\.test\/portal\/bps_/);
    const calls = await stripeCalls({ path: "/v1/billing_portal/sessions", customer: customer! });
    expect(calls.map((call) => call.fields)).toEqual([{ customer, return_url: "https://ranklayer.com/billing" }]);
  });
});

describe("GET /api/billing/portal before the portal is set up in Stripe", () => {
  it("answers 503 not_configured with a detail, not a 500, and changes nothing", async () => {
    // An account whose Customer Portal settings were never saved (docs/billing.md, step 5).
    const browser = await freeBrowserWith(stripeEnv({ STRIPE_SECRET_KEY: STRIPE_NO_PORTAL_KEY }));
    expect((await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" })).status).toBe(200);
    const before = await (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>();
    const res = await browser.request("/api/billing/portal");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "not_configured", detail: expect.stringMatching(/portal/i) });
    expect(await (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>()).toEqual(before);
  });
});

describe("billing mock mode (no STRIPE_SECRET_KEY)", () => {
  it("answers {mock: true, url: null}; a demo account goes to demo Pro and back to Free", async () => {
    const browser = new TestBrowser(demoEnv());
    await browser.signInDemo();
    const read = async () => (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>();
    expect(await read()).toMatchObject({ plan_name: "Free", status: null, mock: true, demo: false });

    expect(await (await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" })).json()).toEqual({ mock: true, url: null });
    expect(await read()).toMatchObject({ plan_name: "Pro", status: "active", mock: true, demo: true });
    expect(await (await browser.request("/api/billing/portal")).json()).toEqual({ mock: true, url: null });

    const back = await browser.json("/api/billing/demo/cancel", "POST", {});
    expect(back.status).toBe(200);
    expect(await read()).toMatchObject({ plan_name: "Free", status: "canceled", demo: true });
  });

  it("a signed-out visitor reads the Free plan", async () => {
    const res = await new TestBrowser(demoEnv()).request("/api/billing/subscription");
    expect(await res.json()).toEqual({
      plan_id: "free", plan_name: "Free", status: null, current_period_end: null, cancel_at_period_end: false,
      stripe_customer_id: null, mock: true, demo: false,
    });
  });
});
