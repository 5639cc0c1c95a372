import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { reconcileCustomer } from "../../../worker/billing/reconcile";
import { runBillingSweep } from "../../../worker/jobs/billing-sweep/billing-sweep";
import type { RedirectResponse, SubscriptionResponse } from "../../../worker/contract/billing";
import { buildServices } from "../../../worker/services";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import type { TestBrowser } from "../support/seller-browser";
import {
  completeCheckout,
  deleteCustomer,
  deliver,
  PRICE_PRO,
  sessionIdOf,
  setSubscription,
  STRIPE_FAKE,
  STRIPE_KEY,
  stripeCalls,
  stripeEnv,
  stripeEvent,
  type TestEvent,
} from "../support/stripe";
import { subscriptionObject } from "../../fakes/stripe-calls";

const bindings = stripeEnv();
const DAY_MS = 24 * 60 * 60 * 1000;

const planOf = async (browser: TestBrowser, query = "") =>
  (await browser.request(`/api/billing/subscription${query}`)).json<SubscriptionResponse>();

async function checkout(browser: TestBrowser): Promise<string> {
  const res = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
  expect(res.status, await res.clone().text()).toBe(200);
  return sessionIdOf((await res.json<RedirectResponse>()).url);
}

/** A session made straight in Stripe, as a second tab racing the first one would leave it. */
async function racingSession(customer: string, userId: string): Promise<string> {
  const body = new URLSearchParams({
    mode: "subscription", customer, client_reference_id: userId, "line_items[0][price]": PRICE_PRO, "line_items[0][quantity]": "1",
    "subscription_data[metadata][user_id]": userId, success_url: "https://ranklayer.com/billing", cancel_url: "https://ranklayer.com/billing",
  });
  const res = await fetch(`https://${STRIPE_FAKE}/v1/checkout/sessions`, { method: "POST", body, headers: { Authorization: `Bearer ${STRIPE_KEY}` } });
  return ((await res.json()) as { id: string }).id;
}

async function stripeStatus(id: string): Promise<string> {
  const res = await fetch(`https://${STRIPE_FAKE}/v1/subscriptions/${id}`, { headers: { Authorization: `Bearer ${STRIPE_KEY}` } });
  return ((await res.json()) as { status: string }).status;
}

const deliverAll = async (events: TestEvent[]) => Promise.all(events.map(async (event) => (await (await deliver(bindings, event)).json<{ outcome: string }>()).outcome));

describe("the plan re-derived from Stripe", () => {
  it("the webhook is late: /billing?session_id=… shows Pro from Stripe at once; late, reordered, duplicated events change nothing", async () => {
    const browser = await freeBrowserWith(bindings);
    const sessionId = await checkout(browser);
    const paid = await completeCheckout(sessionId);
    expect(paid.status).toBe(200);
    // Back on the success page before any event arrived.
    expect(await planOf(browser)).toMatchObject({ plan_name: "Free" });
    expect(await planOf(browser, `?session_id=${sessionId}`)).toMatchObject({ plan_name: "Pro", status: "active" });

    // Then the events, newest first, each twice.
    const events = [...paid.events].reverse();
    await deliverAll(events);
    // (Delivered again while the first deliveries still run, they would answer 409 in_progress: webhook.test.ts.)
    expect((await deliverAll(events)).every((outcome) => outcome === "duplicate")).toBe(true);
    expect(await planOf(browser)).toMatchObject({ plan_name: "Pro", status: "active" });
  });

  it("someone else's session id reconciles nothing", async () => {
    const payer = await freeBrowserWith(bindings);
    const sessionId = await checkout(payer);
    await completeCheckout(sessionId);
    const other = await freeBrowserWith(bindings);
    await checkout(other);
    expect(await planOf(other, `?session_id=${sessionId}`)).toMatchObject({ plan_name: "Free" });
    expect(await planOf(other, "?session_id=not-a-session")).toMatchObject({ plan_name: "Free" });
  });

  it("two tabs: the second Checkout hands out the first's session again, so only one payment can be made", async () => {
    const browser = await freeBrowserWith(bindings);
    const first = await checkout(browser);
    const second = await checkout(browser);
    expect(second).toBe(first);
    const paid = await completeCheckout(first);
    expect(paid.status).toBe(200);
    expect((await completeCheckout(second)).status).toBe(409);
    await deliverAll(paid.events);
    expect(await planOf(browser)).toMatchObject({ plan_name: "Pro" });
    // Already paying: no third Checkout is sold.
    const again = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    expect(again.status).toBe(409);
  });

  it("an abandoned incomplete subscription is cancelled before a new Checkout", async () => {
    const browser = await freeBrowserWith(bindings);
    const first = await checkout(browser);
    const incomplete = await completeCheckout(first, "incomplete");
    await checkout(browser);
    expect(await stripeCalls({ path: `/v1/subscriptions/${incomplete.subscription.id}`, method: "DELETE" })).toHaveLength(1);
  });

  it.each(["kept", "duplicate"])(
    "two paid sessions: one charge survives, and the plan stays right when the %s one is cancelled",
    async (cancelled) => {
      const browser = await freeBrowserWith(bindings);
      const userId = userIdOf(browser);
      const first = await checkout(browser);
      const { stripe_customer_id: customer } = await planOf(browser);
      const second = await racingSession(customer!, userId);
      const paidFirst = await completeCheckout(first);
      const paidSecond = await completeCheckout(second);
      expect(paidSecond.status).toBe(200);
      // Paid a little later than the first.
      await setSubscription({ id: paidSecond.subscription.id, customer: customer!, status: "active", created: Math.floor(Date.now() / 1000) + 5 });
      await deliverAll([...paidFirst.events, ...paidSecond.events]);

      // The later one is cancelled by RankLayer (by whichever handler got there first); the first one stays.
      expect(await stripeStatus(paidSecond.subscription.id)).toBe("canceled");
      expect(await stripeStatus(paidFirst.subscription.id)).toBe("active");
      expect(await stripeCalls({ method: "DELETE", path: `/v1/subscriptions/${paidFirst.subscription.id}` })).toHaveLength(0);
      expect(await planOf(browser)).toMatchObject({ plan_name: "Pro", status: "active" });

      // The customer cancels one in the Portal: Free only if nothing charges them any more.
      const id = cancelled === "kept" ? paidFirst.subscription.id : paidSecond.subscription.id;
      await setSubscription({ id, customer: customer!, status: "canceled" });
      await deliver(bindings, stripeEvent("customer.subscription.deleted", subscriptionObject({ id, customer: customer!, status: "canceled" })));
      expect((await planOf(browser)).plan_name).toBe(cancelled === "kept" ? "Free" : "Pro");
    },
  );

  it("a customer deleted in Stripe is recreated at the next Checkout", async () => {
    const browser = await freeBrowserWith(bindings);
    const userId = userIdOf(browser);
    await checkout(browser);
    const { stripe_customer_id: old } = await planOf(browser);
    await deleteCustomer(old!);
    const sessionId = await checkout(browser);
    expect(sessionId).toMatch(/^cs_test_/);
    const { stripe_customer_id: replacement } = await planOf(browser);
    expect(replacement).not.toBe(old);
    const created = (await stripeCalls({ path: "/v1/customers" })).filter((call) => call.fields["metadata[user_id]"] === userId);
    expect(created.map((call) => call.idempotencyKey)).toEqual([`ranklayer-customer-${userId}`, `ranklayer-customer-${userId}-replacing-${old}`]);
    // And the portal opens for it.
    expect((await browser.request("/api/billing/portal")).status).toBe(200);
    // A late event about the deleted customer's subscription never takes the account back to it.
    const id = `sub_${crypto.randomUUID().slice(0, 12)}`;
    await setSubscription({ id, customer: old!, status: "canceled", priceId: PRICE_PRO, userId });
    expect(await (await deliver(bindings, stripeEvent("customer.subscription.deleted", subscriptionObject({ id, customer: old!, status: "canceled" })))).json()).toMatchObject({ outcome: "ignored" });
    expect((await planOf(browser)).stripe_customer_id).toBe(replacement);
  });

  it("every webhook lost: the nightly sweep makes the payer Pro, and the cancelled Free, within a day", async () => {
    const browser = await freeBrowserWith(bindings);
    const sessionId = await checkout(browser);
    const paid = await completeCheckout(sessionId);
    const services = buildServices(bindings);
    const sweep = (nowMs: number) => runBillingSweep(env.DB, services.sources.billing(), services.config.stripe, nowMs, 10_000);
    expect((await planOf(browser)).plan_name).toBe("Free");
    expect(await sweep(Date.now())).toMatchObject({ failed: 0 });
    expect(await planOf(browser)).toMatchObject({ plan_name: "Pro", status: "active" });

    // Cancelled in Stripe; the deleted event never arrives. The next night re-reads every paying customer.
    const { stripe_customer_id: customer } = await planOf(browser);
    await setSubscription({ id: paid.subscription.id, customer: customer!, status: "canceled" });
    await sweep(Date.now() + DAY_MS);
    expect(await planOf(browser)).toMatchObject({ plan_name: "Free", status: "canceled" });
  });

  it("a reconcile outside any event never stores what it listed over a newer state a webhook stored meanwhile", async () => {
    const browser = await freeBrowserWith(bindings);
    const userId = userIdOf(browser);
    const paid = await completeCheckout(await checkout(browser));
    await deliverAll(paid.events);
    const { stripe_customer_id: customer } = await planOf(browser);
    const cancel = async () => {
      await setSubscription({ id: paid.subscription.id, customer: customer!, status: "canceled" });
      const deleted = stripeEvent("customer.subscription.deleted", subscriptionObject({ id: paid.subscription.id, customer: customer!, status: "canceled" }));
      expect(await (await deliver(bindings, deleted)).json()).toMatchObject({ outcome: "applied" });
      expect(await planOf(browser)).toMatchObject({ plan_name: "Free", status: "canceled" });
    };
    // The sweep (or the return from Checkout) has listed the subscription as active; before it
    // stores that, the customer cancels and the webhook stores the cancellation.
    let cancelled = false;
    await reconcileCustomer(env.DB, buildServices(bindings).sources.billing(), {
      userId,
      customerId: customer!,
      proPriceId: PRICE_PRO,
      nowMs: Date.now(),
      step: async (name) => {
        if (name !== "listed" || cancelled) return;
        cancelled = true;
        await cancel();
      },
    });
    expect(cancelled).toBe(true);
    expect(await planOf(browser)).toMatchObject({ plan_name: "Free", status: "canceled" });
  });

  it("only the Pro price grants Pro: another active subscription of the customer does not", async () => {
    const browser = await freeBrowserWith(bindings);
    const userId = userIdOf(browser);
    await checkout(browser);
    const { stripe_customer_id: customer } = await planOf(browser);
    const id = `sub_${crypto.randomUUID().slice(0, 12)}`;
    await setSubscription({ id, customer: customer!, status: "active", priceId: "price_something_else", userId });
    expect(await (await deliver(bindings, stripeEvent("customer.subscription.created", subscriptionObject({ id, customer: customer!, status: "active" })))).json()).toMatchObject({ outcome: "applied" });
    expect(await planOf(browser)).toMatchObject({ plan_name: "Free" });
  });
});
