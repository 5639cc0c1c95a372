import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingSubscriptions, stripeEvents } from "../../../worker/db/schema";
import type { SubscriptionResponse } from "../../../worker/contract/billing";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import type { TestBrowser } from "../support/seller-browser";
import {
  deliver,
  deliverRaw,
  eventBody,
  PRICE_PRO,
  setSubscription,
  signatureFor,
  stripeCalls,
  stripeEnv,
  stripeEvent,
} from "../support/stripe";
import { subscriptionObject } from "../../fakes/stripe-calls";

const bindings = stripeEnv();

/** A Free user who started Checkout: the fake Stripe knows their customer. */
async function customerBrowser(): Promise<{ browser: TestBrowser; userId: string; customer: string }> {
  const browser = await freeBrowserWith(bindings);
  await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
  const { stripe_customer_id } = await (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>();
  return { browser, userId: userIdOf(browser), customer: stripe_customer_id! };
}

const planOf = async (browser: TestBrowser) => (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>();
const rowOf = async (userId: string) =>
  (await drizzle(env.DB).select().from(billingSubscriptions).where(eq(billingSubscriptions.workspaceId, userId)))[0];

async function subscribed(customer: string, userId: string, status = "active") {
  const id = `sub_${crypto.randomUUID().slice(0, 12)}`;
  await setSubscription({ id, customer, status, priceId: PRICE_PRO, userId, periodEnd: 1_900_000_000 });
  return id;
}

describe("POST /api/billing/webhook", () => {
  it("checkout.session.completed makes the user Pro, from the subscription re-read from Stripe", async () => {
    const { browser, userId, customer } = await customerBrowser();
    const subscription = await subscribed(customer, userId);
    const res = await deliver(bindings, stripeEvent("checkout.session.completed", {
      id: "cs_test_x", object: "checkout.session", customer, subscription, client_reference_id: userId, mode: "subscription",
    }));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "applied" });
    expect(await planOf(browser)).toMatchObject({
      plan_name: "Pro", status: "active", stripe_customer_id: customer,
      current_period_end: new Date(1_900_000_000_000).toISOString(), cancel_at_period_end: false, demo: false,
    });
    expect(await stripeCalls({ subscription })).toHaveLength(1);
  });

  it("needs no session cookie or XSRF token, and refuses a bad, missing or stale signature with 400, changing nothing", async () => {
    const { browser, userId, customer } = await customerBrowser();
    const subscription = await subscribed(customer, userId);
    const event = stripeEvent("customer.subscription.created", subscriptionObject({ id: subscription, customer, status: "active" }));
    const body = eventBody(event);

    const forged = await deliverRaw(bindings, body, await signatureFor(body, "whsec_someone_else"));
    expect(forged.status).toBe(400);
    expect((await forged.json<{ detail: string }>()).detail).toMatch(/signature/i);
    expect((await deliverRaw(bindings, body, null)).status).toBe(400);
    const tampered = await deliverRaw(bindings, body.replace('"active"', '"trialing"'), await signatureFor(body));
    expect(tampered.status).toBe(400);
    // Older than the default 300 s tolerance.
    expect((await deliverRaw(bindings, body, await signatureFor(body, undefined, Math.floor(Date.now() / 1000) - 400))).status).toBe(400);

    expect((await planOf(browser)).plan_name).toBe("Free");
    expect(await stripeCalls({ subscription })).toHaveLength(0);
    expect(await drizzle(env.DB).select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);

    // The same event, correctly signed, is then accepted.
    expect((await deliverRaw(bindings, body, await signatureFor(body))).status).toBe(200);
    expect((await planOf(browser)).plan_name).toBe("Pro");
  });

  it("stores each event id once: a replay is answered 200 and ignored", async () => {
    const { browser, userId, customer } = await customerBrowser();
    const subscription = await subscribed(customer, userId);
    const event = stripeEvent("customer.subscription.updated", subscriptionObject({ id: subscription, customer, status: "active" }));
    expect(await (await deliver(bindings, event)).json()).toMatchObject({ outcome: "applied" });

    // Stripe's state moves on; replaying the old event must not re-apply anything.
    await setSubscription({ id: subscription, customer, status: "canceled", userId });
    const replay = await deliver(bindings, event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: "duplicate" });
    expect((await planOf(browser)).plan_name).toBe("Pro");
    expect(await stripeCalls({ subscription })).toHaveLength(1);
  });

  it("100 concurrent deliveries of one event make one state change", async () => {
    const { browser, userId, customer } = await customerBrowser();
    const subscription = await subscribed(customer, userId);
    const event = stripeEvent("invoice.paid", {
      id: "in_test", object: "invoice", customer, parent: { type: "subscription_details", subscription_details: { subscription } },
    });
    const body = eventBody(event);
    const signature = await signatureFor(body);
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliverRaw(bindings, body, signature)));
    // One handles it; the rest arrive while it does (409: not done yet, so Stripe would retry) or after (200 duplicate).
    expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true);
    const outcomes = await Promise.all(answers.map(async (res) => (res.status === 409 ? "in_progress" : (await res.json<{ outcome: string }>()).outcome)));
    expect(outcomes.filter((outcome) => outcome === "applied")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "duplicate" || outcome === "in_progress")).toHaveLength(99);
    expect(await stripeCalls({ subscription })).toHaveLength(1);
    expect((await planOf(browser)).plan_name).toBe("Pro");
    // Stripe's retry of a 409 then finds it done.
    expect(await (await deliverRaw(bindings, body, signature)).json()).toMatchObject({ outcome: "duplicate" });
  });

  it("deleted before updated: the late, older updated event cannot bring the subscription back", async () => {
    const { browser, userId, customer } = await customerBrowser();
    const subscription = await subscribed(customer, userId);
    const now = Math.floor(Date.now() / 1000);
    await deliver(bindings, stripeEvent("checkout.session.completed", { id: "cs", object: "checkout.session", customer, subscription, client_reference_id: userId }, now - 60));
    expect((await planOf(browser)).plan_name).toBe("Pro");

    // Stripe ended it; the updated event (sent earlier, while it was still active) arrives after the deleted one.
    await setSubscription({ id: subscription, customer, status: "canceled", userId });
    const updated = stripeEvent("customer.subscription.updated", subscriptionObject({ id: subscription, customer, status: "active" }), now - 10);
    const deleted = stripeEvent("customer.subscription.deleted", subscriptionObject({ id: subscription, customer, status: "canceled" }), now - 5);
    expect(await (await deliver(bindings, deleted)).json()).toMatchObject({ outcome: "applied" });
    expect(await (await deliver(bindings, updated)).json()).toMatchObject({ outcome: "stale" });
    expect(await planOf(browser)).toMatchObject({ plan_name: "Free", status: "canceled" });
    expect((await rowOf(userId))?.lastEventCreated).toBe(now - 5);
  });

  it("the stored state follows Stripe's, not the event payload: a stale payload still stores the latest", async () => {
    const { browser, userId, customer } = await customerBrowser();
    const subscription = await subscribed(customer, userId, "past_due");
    // The payload says active, Stripe now says past_due: past_due is stored, and it is still Pro.
    await deliver(bindings, stripeEvent("invoice.payment_failed", { id: "in_1", object: "invoice", customer, subscription }));
    expect(await planOf(browser)).toMatchObject({ plan_name: "Pro", status: "past_due" });
  });

  it.each([
    ["active", "Pro"],
    ["trialing", "Pro"],
    ["past_due", "Pro"],
    ["canceled", "Free"],
    ["unpaid", "Free"],
    ["incomplete_expired", "Free"],
    ["incomplete", "Free"],
  ])("a %s subscription means %s", async (status, plan) => {
    const { browser, userId, customer } = await customerBrowser();
    const subscription = await subscribed(customer, userId, status);
    await deliver(bindings, stripeEvent("customer.subscription.updated", subscriptionObject({ id: subscription, customer, status })));
    expect(await planOf(browser)).toMatchObject({ plan_name: plan, status });
  });

  it("answers 200 and ignores event types it does not handle", async () => {
    const res = await deliver(bindings, stripeEvent("charge.succeeded", { id: "ch_1", object: "charge" }));
    expect(await res.json()).toEqual({ received: true, outcome: "ignored" });
  });

  it("an event about a subscription Stripe does not know: 200, logged, nothing stored, so a later delivery is still handled", async () => {
    const { browser, userId, customer } = await customerBrowser();
    const event = stripeEvent("customer.subscription.updated", subscriptionObject({ id: "sub_unknown_yet", customer, status: "active" }));
    const unknown = await deliver(bindings, event);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ received: true, outcome: "unknown_object" });
    expect(await drizzle(env.DB).select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
    expect((await planOf(browser)).plan_name).toBe("Free");
    await setSubscription({ id: "sub_unknown_yet", customer, status: "active", userId, priceId: PRICE_PRO });
    expect(await (await deliver(bindings, event)).json()).toMatchObject({ outcome: "applied" });
    expect((await planOf(browser)).plan_name).toBe("Pro");
  });
});
