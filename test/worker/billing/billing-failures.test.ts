import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { saveCustomer } from "../../../worker/billing/subscription-store";
import { stripeEvents } from "../../../worker/db/schema";
import type { RedirectResponse, SubscriptionResponse } from "../../../worker/contract/billing";
import { runRetention } from "../../../worker/jobs/retention/retention";
import { buildServices } from "../../../worker/services";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import type { TestBrowser } from "../support/seller-browser";
import { deliver, deliverRaw, failNext, holdIdempotencyKey, PRICE_PRO, setSubscription, signatureFor, stripeCalls, stripeEnv, stripeEvent, untilRunning } from "../support/stripe";
import { FAKE_ARCHIVED_PRICES, STRIPE_OUTAGE_KEY, STRIPE_RATE_LIMITED_KEY, subscriptionObject } from "../../fakes/stripe-calls";

const bindings = stripeEnv();
const planOf = async (browser: TestBrowser) => (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>();

/** An invoice of one of the customer's subscriptions, with its hosted page (where 3-D Secure is confirmed). */
const invoiceOf = (customer: string, subscription: string, id: string) => ({
  id, object: "invoice", customer, hosted_invoice_url: `https://invoice.stripe.test/i/${id}`, parent: { subscription_details: { subscription } },
});

async function customerBrowser() {
  const browser = await freeBrowserWith(bindings);
  await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
  return { browser, userId: userIdOf(browser), customer: (await planOf(browser)).stripe_customer_id! };
}

describe("a Stripe 500 saved under an Idempotency-Key", () => {
  /** Clicks Upgrade until Checkout answers a URL (at most `clicks` times); the statuses seen. */
  async function clickUntilCheckout(browser: TestBrowser, clicks: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < clicks; i += 1) {
      const res = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
      statuses.push(res.status);
      if (res.status === 200) {
        expect((await res.json<RedirectResponse>()).url).toMatch(/^https:\/\//);
        break;
      }
      expect(res.status).toBe(503);
    }
    return statuses;
  }

  it.each(["POST /v1/customers", "POST /v1/checkout/sessions"])("on %s does not wedge Checkout: Stripe replays it, so the next attempt uses a new key", async (route) => {
    const browser = await freeBrowserWith(bindings);
    await failNext(route);
    // The first click may answer 503 (Stripe's 500); the next must not meet the same saved 500 again.
    const statuses = await clickUntilCheckout(browser, 2);
    expect(statuses.at(-1)).toBe(200);
    expect((await planOf(browser)).stripe_customer_id).toMatch(/^cus_/);
  });
});

describe("billing never answers 5xx for Stripe's failures", () => {
  it("Stripe unreachable: Checkout and the Portal answer 503 with Retry-After and a detail", async () => {
    const outage = stripeEnv({ STRIPE_SECRET_KEY: STRIPE_OUTAGE_KEY });
    const browser = await freeBrowserWith(outage);
    const checkout = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    expect(checkout.status).toBe(503);
    expect(Number(checkout.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await checkout.json()).toMatchObject({ code: "upstream_unavailable", detail: expect.stringMatching(/Stripe cannot be reached/) });

    await saveCustomer(env.DB, userIdOf(browser), `cus_outage_${crypto.randomUUID().slice(0, 8)}`);
    const portal = await browser.request("/api/billing/portal");
    expect(portal.status).toBe(503);
    expect(portal.headers.get("Retry-After")).not.toBeNull();
  });

  it("a price Stripe does not know (the other mode's, or deleted): Checkout answers 503 naming the setting, not a 500", async () => {
    // A test-mode price left in STRIPE_PRICE_PRO after the switch to live keys: Stripe answers "No such price".
    const browser = await freeBrowserWith(stripeEnv({ STRIPE_PRICE_PRO: "price_from_the_other_mode" }));
    const checkout = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    expect(checkout.status).toBe(503);
    expect(await checkout.json()).toMatchObject({ code: "not_configured", detail: expect.stringContaining("STRIPE_PRICE_PRO") });
    const agency = await freeBrowserWith(stripeEnv({ STRIPE_PRICE_AGENCY: "price_agency_deleted" }));
    const refused = await agency.json("/api/billing/create-checkout", "POST", { planId: "agency" });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: "not_configured", detail: expect.stringContaining("STRIPE_PRICE_AGENCY") });
    // Pro, whose price Stripe knows, is still sold on that deployment.
    expect((await agency.json("/api/billing/create-checkout", "POST", { planId: "pro" })).status).toBe(200);
  });

  it("an archived price (the old one, after a new price was made): Checkout answers 503 naming the setting, not a 500", async () => {
    const browser = await freeBrowserWith(stripeEnv({ STRIPE_PRICE_PRO: FAKE_ARCHIVED_PRICES[0] }));
    const checkout = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    expect(checkout.status).toBe(503);
    expect(await checkout.json()).toMatchObject({ code: "not_configured", detail: expect.stringContaining("STRIPE_PRICE_PRO") });
  });

  it("two checkouts at once while Stripe still creates the first's customer: the second, refused 409 even after the library's retry, is a 503", async () => {
    const browser = await freeBrowserWith(bindings);
    const customerKey = `ranklayer-customer-${userIdOf(browser)}`;
    await holdIdempotencyKey(customerKey, 3000);
    const first = browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    await untilRunning(customerKey);
    const second = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    expect((await first).status).toBe(200);
    expect(second.status).toBe(503);
    expect(second.headers.get("Retry-After")).not.toBeNull();
    expect(await second.json()).toMatchObject({ code: "upstream_unavailable" });
  });

  it.each([
    ["unreachable", STRIPE_OUTAGE_KEY],
    ["rate-limiting the account (429)", STRIPE_RATE_LIMITED_KEY],
  ])("Stripe %s during a webhook: 503 with Retry-After, and the event is handled on Stripe's retry", async (_, failingKey) => {
    const { browser, userId, customer } = await customerBrowser();
    const id = `sub_${crypto.randomUUID().slice(0, 12)}`;
    await setSubscription({ id, customer, status: "active", priceId: PRICE_PRO, userId });
    const event = stripeEvent("customer.subscription.created", subscriptionObject({ id, customer, status: "active" }));
    const failed = await deliver(stripeEnv({ STRIPE_SECRET_KEY: failingKey }), event);
    expect(failed.status).toBe(503);
    expect(failed.headers.get("Retry-After")).not.toBeNull();
    expect(await deliver(bindings, event).then((res) => res.json())).toMatchObject({ outcome: "applied" });
    expect((await planOf(browser)).plan_name).toBe("Pro");
  });

  it("Stripe rate-limiting the account (429, no Retry-After): Checkout answers 503 with its own Retry-After after one call", async () => {
    const browser = await freeBrowserWith(stripeEnv({ STRIPE_SECRET_KEY: STRIPE_RATE_LIMITED_KEY }));
    const checkout = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    expect(checkout.status).toBe(503);
    expect(Number(checkout.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await checkout.json()).toMatchObject({ code: "upstream_unavailable", detail: expect.stringMatching(/Nothing was charged/) });
    // Not retried into the limit: one refused call, and no customer stored for the user.
    const refused = await stripeCalls({ path: "/v1/customers", method: "POST" });
    expect(refused.filter((call) => call.idempotencyKey === `ranklayer-customer-${userIdOf(browser)}`).map((call) => call.status)).toEqual([429]);
    expect((await planOf(browser)).stripe_customer_id).toBeNull();
  });

  it("a correctly signed body that is not an event: 400, nothing stored, nothing read from Stripe", async () => {
    const subscription = `sub_malformed_${crypto.randomUUID().slice(0, 8)}`;
    const bodies = [
      // No `created`: not an event, though it names a subscription.
      JSON.stringify({ id: "evt_broken", object: "event", type: "customer.subscription.updated", data: { object: { id: subscription, object: "subscription" } } }),
      JSON.stringify({ id: "evt_broken2", type: "customer.subscription.updated", created: 1, data: null }),
      "[]",
    ];
    for (const body of bodies) {
      const res = await deliverRaw(bindings, body, await signatureFor(body));
      expect(res.status, body).toBe(400);
      expect((await res.json<{ detail: string }>()).detail).toMatch(/not a Stripe event|Webhook refused/);
    }
    expect(await drizzle(env.DB).select().from(stripeEvents).where(eq(stripeEvents.id, "evt_broken"))).toHaveLength(0);
    expect(await stripeCalls({ subscription })).toHaveLength(0);
  });

  it("Checkout answers 503 without STRIPE_WEBHOOK_SECRET: nobody pays for a plan that could never be applied", async () => {
    const browser = await freeBrowserWith(stripeEnv({ STRIPE_WEBHOOK_SECRET: "" }));
    const res = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "not_configured", detail: expect.stringContaining("STRIPE_WEBHOOK_SECRET") });
  });

  it("return URLs come from SITE_URL, not the request's Host", async () => {
    const site = stripeEnv({ SITE_URL: "https://app.example.test/some/page" });
    const browser = await freeBrowserWith(site);
    const res = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    // The request came to http://localhost: its Host is not where Stripe sends the customer back.
    expect((await res.json<RedirectResponse>()).url).toMatch(/checkout/);
    const customer = (await (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>()).stripe_customer_id!;
    const [session] = await stripeCalls({ path: "/v1/checkout/sessions", method: "POST", customer });
    expect(session!.fields.success_url).toBe("https://app.example.test/billing?session_id={CHECKOUT_SESSION_ID}");
    expect(session!.fields.cancel_url).toBe("https://app.example.test/billing?checkout=canceled");
  });
});

describe("what /billing shows", () => {
  it("invoice.payment_action_required: the hosted invoice link to confirm the payment, gone once an invoice is paid", async () => {
    const { browser, userId, customer } = await customerBrowser();
    const id = `sub_${crypto.randomUUID().slice(0, 12)}`;
    await setSubscription({ id, customer, status: "past_due", priceId: PRICE_PRO, userId });
    const invoice = { id: "in_3ds", object: "invoice", customer, hosted_invoice_url: "https://invoice.stripe.test/i/in_3ds", parent: { subscription_details: { subscription: id } } };
    await deliver(bindings, stripeEvent("invoice.payment_action_required", invoice));
    expect(await planOf(browser)).toMatchObject({ plan_name: "Pro", status: "past_due", payment_action_url: "https://invoice.stripe.test/i/in_3ds" });

    await setSubscription({ id, customer, status: "active" });
    await deliver(bindings, stripeEvent("invoice.paid", { ...invoice, hosted_invoice_url: null }));
    expect(await planOf(browser)).not.toHaveProperty("payment_action_url");
  });

  it("invoice.payment_action_required delivered after the newer subscription.updated still shows its link", async () => {
    const { browser, userId, customer } = await customerBrowser();
    const id = `sub_${crypto.randomUUID().slice(0, 12)}`;
    await setSubscription({ id, customer, status: "past_due", priceId: PRICE_PRO, userId });
    // A renewal needs 3-D Secure: Stripe makes the invoice's event, then a second later the subscription's (past_due); they arrive the other way round.
    const now = Math.floor(Date.now() / 1000);
    await deliver(bindings, stripeEvent("customer.subscription.updated", subscriptionObject({ id, customer, status: "past_due" }), now + 1));
    const late = await deliver(bindings, stripeEvent("invoice.payment_action_required", invoiceOf(customer, id, "in_3ds_late"), now));
    expect(late.status).toBe(200);
    expect(await planOf(browser)).toMatchObject({ status: "past_due", payment_action_url: "https://invoice.stripe.test/i/in_3ds_late" });

    // Paid since: the late link is not shown, and a later event's state is not undone.
    await setSubscription({ id, customer, status: "active" });
    await deliver(bindings, stripeEvent("invoice.paid", invoiceOf(customer, id, "in_3ds_late"), now + 2));
    await deliver(bindings, stripeEvent("invoice.payment_action_required", invoiceOf(customer, id, "in_3ds_late"), now));
    expect(await planOf(browser)).toMatchObject({ status: "active" });
    expect(await planOf(browser)).not.toHaveProperty("payment_action_url");
  });

  it("another product's invoice waiting on 3-D Secure never shows on a paid-up Pro account", async () => {
    const { browser, userId, customer } = await customerBrowser();
    const pro = `sub_${crypto.randomUUID().slice(0, 12)}`;
    const other = `sub_other_${crypto.randomUUID().slice(0, 8)}`;
    await setSubscription({ id: pro, customer, status: "active", priceId: PRICE_PRO, userId });
    await setSubscription({ id: other, customer, status: "incomplete", priceId: "price_some_other_product", userId });
    await deliver(bindings, stripeEvent("invoice.payment_action_required", invoiceOf(customer, other, "in_other")));
    expect(await planOf(browser)).toMatchObject({ plan_name: "Pro", status: "active" });
    expect(await planOf(browser)).not.toHaveProperty("payment_action_url");

    // Nor does Pro's own invoice once its payment went through (the event came late): nothing to confirm.
    await deliver(bindings, stripeEvent("invoice.payment_action_required", invoiceOf(customer, pro, "in_pro_late")));
    expect(await planOf(browser)).not.toHaveProperty("payment_action_url");
  });

  it("Pro waiting on 3-D Secure keeps its own link whatever another product's invoices do", async () => {
    const { browser, userId, customer } = await customerBrowser();
    const pro = `sub_${crypto.randomUUID().slice(0, 12)}`;
    const other = `sub_other_${crypto.randomUUID().slice(0, 8)}`;
    await setSubscription({ id: pro, customer, status: "past_due", priceId: PRICE_PRO, userId });
    await setSubscription({ id: other, customer, status: "past_due", priceId: "price_some_other_product", userId });
    await deliver(bindings, stripeEvent("invoice.payment_action_required", invoiceOf(customer, pro, "in_pro")));
    const own = "https://invoice.stripe.test/i/in_pro";
    expect(await planOf(browser)).toMatchObject({ status: "past_due", payment_action_url: own });

    await deliver(bindings, stripeEvent("invoice.payment_action_required", invoiceOf(customer, other, "in_other")));
    expect(await planOf(browser)).toMatchObject({ payment_action_url: own });
    await deliver(bindings, stripeEvent("invoice.paid", invoiceOf(customer, other, "in_other")));
    expect(await planOf(browser)).toMatchObject({ payment_action_url: own });
  });

  it.each([
    ["cancel_at", { cancelAt: 1_900_000_000 }, new Date(1_900_000_000_000).toISOString()],
    ["cancel_at_period_end", { cancelAtPeriodEnd: true, periodEnd: 1_890_000_000 }, new Date(1_890_000_000_000).toISOString()],
  ])("set to cancel (%s): ends_at says when it ends", async (_name, fields, endsAt) => {
    const { browser, userId, customer } = await customerBrowser();
    const id = `sub_${crypto.randomUUID().slice(0, 12)}`;
    await setSubscription({ id, customer, status: "active", priceId: PRICE_PRO, userId, ...fields });
    await deliver(bindings, stripeEvent("customer.subscription.updated", subscriptionObject({ id, customer, status: "active" })));
    expect(await planOf(browser)).toMatchObject({ plan_name: "Pro", ends_at: endsAt });
  });
});

describe("retention", () => {
  it("deletes Stripe event ids older than 90 days, keeps newer ones", async () => {
    const old = new Date(Date.now() - 91 * 86_400_000).toISOString();
    await env.DB.prepare("INSERT INTO stripe_events (id, type, created, received_at, completed_at) VALUES ('evt_old_r', 't', 1, ?, ?), ('evt_new_r', 't', 1, ?, ?)")
      .bind(old, old, new Date().toISOString(), new Date().toISOString()).run();
    const summary = await runRetention(buildServices(env), Date.now(), 5_000, { history: false });
    expect(summary.stripeEventsDeleted).toBeGreaterThanOrEqual(1);
    const ids = (await drizzle(env.DB).select({ id: stripeEvents.id }).from(stripeEvents)).map((row) => row.id);
    expect(ids).toContain("evt_new_r");
    expect(ids).not.toContain("evt_old_r");
  });
});
