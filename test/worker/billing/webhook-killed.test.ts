import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EVENT_LEASE_MS } from "../../../worker/billing/stripe-event-store";
import { handleBillingEvent } from "../../../worker/billing/webhook";
import { stripeEvents } from "../../../worker/db/schema";
import type { SubscriptionResponse } from "../../../worker/contract/billing";
import { buildServices } from "../../../worker/services";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import { deliver, eventBody, PRICE_PRO, setSubscription, signatureFor, stripeEnv, stripeEvent, type TestEvent } from "../support/stripe";
import { subscriptionObject } from "../../fakes/stripe-calls";

const bindings = stripeEnv();
const billing = buildServices(bindings).sources.billing();

/** Every point the handler reports between two of its steps, in order. */
const STEPS = ["claimed", "retrieved", "listed", "stored", "duplicates-cancelled", "limits-applied"];

async function customer() {
  const browser = await freeBrowserWith(bindings);
  await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
  const plan = async () => (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>();
  return { browser, userId: userIdOf(browser), customer: (await plan()).stripe_customer_id!, plan };
}

/**
 * Runs the handler on a verified event and kills it at `step`: the step never returns, so
 * nothing after it runs (no catch, no release), as when the Worker is evicted or hits its CPU
 * limit. The run started a lease ago, so by now Stripe's retry may take the claim again.
 */
async function runKilledAt(event: TestEvent, step: string): Promise<void> {
  const body = eventBody(event);
  const verified = await billing.verifyEvent(body, await signatureFor(body));
  let reached!: () => void;
  const killed = new Promise<void>((resolve) => (reached = resolve));
  void handleBillingEvent(env.DB, billing, verified, {
    proPriceId: PRICE_PRO,
    nowMs: Date.now() - EVENT_LEASE_MS - 1_000,
    step: (name) => {
      if (name !== step) return;
      reached();
      return new Promise<void>(() => {});
    },
  });
  await killed;
}

describe("a webhook handler killed between any two steps loses nothing", () => {
  it.each(STEPS)("killed after %s: Stripe's retry makes the customer who paid Pro", async (step) => {
    const { userId, customer: customerId, plan } = await customer();
    const id = `sub_${crypto.randomUUID().slice(0, 12)}`;
    await setSubscription({ id, customer: customerId, status: "active", priceId: PRICE_PRO, userId });
    const event = stripeEvent("customer.subscription.created", subscriptionObject({ id, customer: customerId, status: "active" }));

    await runKilledAt(event, step);
    const [claim] = await drizzle(env.DB).select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect(claim?.completedAt).toBeNull();

    // Stripe got no answer and delivers again.
    const retry = await deliver(bindings, event);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ outcome: "applied" });
    expect(await plan()).toMatchObject({ plan_name: "Pro", status: "active" });
    // Handled now: a further replay changes nothing.
    expect(await (await deliver(bindings, event)).json()).toMatchObject({ outcome: "duplicate" });
  });

  it.each(STEPS)("killed after %s: Stripe's retry of the cancellation makes the customer Free", async (step) => {
    const { userId, customer: customerId, plan } = await customer();
    const id = `sub_${crypto.randomUUID().slice(0, 12)}`;
    const now = Math.floor(Date.now() / 1000);
    await setSubscription({ id, customer: customerId, status: "active", priceId: PRICE_PRO, userId });
    await deliver(bindings, stripeEvent("customer.subscription.created", subscriptionObject({ id, customer: customerId, status: "active" }), now - 100));
    expect((await plan()).plan_name).toBe("Pro");

    await setSubscription({ id, customer: customerId, status: "canceled" });
    const deleted = stripeEvent("customer.subscription.deleted", subscriptionObject({ id, customer: customerId, status: "canceled" }), now);
    await runKilledAt(deleted, step);
    expect(await (await deliver(bindings, deleted)).json()).toMatchObject({ outcome: "applied" });
    expect(await plan()).toMatchObject({ plan_name: "Free", status: "canceled" });
  });

  it("a claim whose handler is still within its lease is not handled twice, nor answered as done (Stripe keeps retrying)", async () => {
    const { userId, customer: customerId } = await customer();
    const id = `sub_${crypto.randomUUID().slice(0, 12)}`;
    await setSubscription({ id, customer: customerId, status: "active", priceId: PRICE_PRO, userId });
    const event = stripeEvent("customer.subscription.created", subscriptionObject({ id, customer: customerId, status: "active" }));
    const body = eventBody(event);
    const verified = await billing.verifyEvent(body, await signatureFor(body));
    let reached!: () => void;
    const held = new Promise<void>((resolve) => (reached = resolve));
    // Claimed just now and still working (here: stuck): a concurrent delivery must not run it again.
    void handleBillingEvent(env.DB, billing, verified, { proPriceId: PRICE_PRO, step: (name) => (name === "claimed" ? (reached(), new Promise<void>(() => {})) : undefined) });
    await held;
    // The holder may yet die: a 2xx now would end Stripe's retries with the plan never changed.
    const concurrent = await deliver(bindings, event);
    expect(concurrent.status).toBe(409);
    expect(concurrent.headers.get("Retry-After")).toBe("60");
    expect(await concurrent.json()).toMatchObject({ code: "conflict" });
    const [claim] = await drizzle(env.DB).select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect(claim?.completedAt).toBeNull();
  });
});
