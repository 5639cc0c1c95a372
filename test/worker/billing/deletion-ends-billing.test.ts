import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RedirectResponse, SubscriptionResponse } from "../../../worker/contract/billing";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import type { Bindings } from "../../../worker/env";
import { StripeBilling } from "../../../worker/upstreams/stripe/client";
import { STRIPE_OUTAGE_KEY } from "../../fakes/stripe-calls";
import { emailEnv, signInByEmail } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";
import { completeCheckout, deliver, PRICE_PRO, sessionIdOf, setSubscription, STRIPE_FAKE, STRIPE_KEY, stripeCalls, type TestEvent, WEBHOOK_SECRET } from "../support/stripe";

/**
 * Deleting a workspace or an account ends everything that could still charge for it at Stripe,
 * not only the subscription D1 knows: a Checkout left open, or one paid whose webhook has not
 * arrived yet, would otherwise charge a workspace that is gone (its later events are `ignored`).
 */

const billing = new StripeBilling({ secretKey: STRIPE_KEY, api: { protocol: "https", host: STRIPE_FAKE } });

const stripeOn = () =>
  emailEnv({ STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_PRO: PRICE_PRO, STRIPE_API_BASE_URL: `https://${STRIPE_FAKE}` });

const rows = async (sql: string, id: string) => (await env.DB.prepare(sql).bind(id).first<{ n: number }>())!.n;

/** An owner in a new workspace who clicked Upgrade: a Stripe customer and an open Checkout Session. */
async function workspaceInCheckout(stripe: ReturnType<typeof stripeOn>, email: string) {
  const owner = new TestBrowser(stripe.bindings);
  await signInByEmail(owner, stripe.sent, email);
  const created = await owner.json("/api/workspaces", "POST", { name: "Client Co" });
  expect(created.status, await created.clone().text()).toBe(201);
  const workspaceId = (await created.json<WorkspaceList>()).current.id;
  const checkout = await owner.json("/api/billing/create-checkout", "POST", { planId: "pro" });
  expect(checkout.status, await checkout.clone().text()).toBe(200);
  const sessionId = sessionIdOf((await checkout.json<RedirectResponse>()).url);
  const customer = (await (await owner.request("/api/billing/subscription")).json<SubscriptionResponse>()).stripe_customer_id!;
  return { owner, workspaceId, sessionId, customer };
}

const deleteWorkspace = (owner: TestBrowser) => owner.request("/api/workspaces/current", { method: "DELETE" });

async function outcomesOf(bindings: Bindings, events: TestEvent[]): Promise<string[]> {
  const outcomes = [];
  for (const event of events) outcomes.push((await (await deliver(bindings, event)).json<{ outcome: string }>()).outcome);
  return outcomes;
}

describe("deleting a workspace ends its billing at Stripe first", () => {
  it("a Checkout left open is expired, so it can no longer be paid", async () => {
    const stripe = stripeOn();
    const { owner, workspaceId, sessionId, customer } = await workspaceInCheckout(stripe, "open-checkout@example.com");

    expect((await deleteWorkspace(owner)).status).toBe(204);
    expect(await stripeCalls({ path: `/v1/checkout/sessions/${sessionId}/expire`, method: "POST" })).toEqual([expect.objectContaining({ status: 200 })]);
    expect((await completeCheckout(sessionId)).status).toBe(409);
    expect(await billing.listSubscriptions(customer)).toEqual([]);
    expect(await rows("SELECT count(*) AS n FROM workspaces WHERE id = ?", workspaceId)).toBe(0);
  });

  it("a Checkout paid whose webhook has not arrived yet: Stripe's subscription is cancelled, and the late events change nothing", async () => {
    const stripe = stripeOn();
    const { owner, sessionId } = await workspaceInCheckout(stripe, "paid-before-webhook@example.com");
    const paid = await completeCheckout(sessionId);
    expect(paid.status).toBe(200);

    expect((await deleteWorkspace(owner)).status).toBe(204);
    expect(await stripeCalls({ subscription: paid.subscription.id, method: "DELETE" })).toEqual([expect.objectContaining({ status: 200 })]);
    expect((await billing.retrieveSubscription(paid.subscription.id)).status).toBe("canceled");
    expect(await outcomesOf(stripe.bindings, paid.events)).toEqual(["ignored", "ignored", "ignored"]);
  });

  it("every live subscription of the customer is cancelled, an ended one is left alone", async () => {
    const stripe = stripeOn();
    const { owner, workspaceId, customer } = await workspaceInCheckout(stripe, "several-subs@example.com");
    const live = { id: `sub_live_${crypto.randomUUID().slice(0, 8)}`, customer, status: "past_due", priceId: PRICE_PRO, userId: workspaceId };
    const ended = { id: `sub_ended_${crypto.randomUUID().slice(0, 8)}`, customer, status: "canceled", priceId: PRICE_PRO, userId: workspaceId };
    await setSubscription(live);
    await setSubscription(ended);

    expect((await deleteWorkspace(owner)).status).toBe(204);
    expect((await billing.retrieveSubscription(live.id)).status).toBe("canceled");
    expect(await stripeCalls({ subscription: ended.id, method: "DELETE" })).toEqual([]);
  });

  it("Stripe unreachable: 502 with Retry-After, nothing deleted, the Checkout still there to end on the retry", async () => {
    const { owner, workspaceId } = await workspaceInCheckout(stripeOn(), "deletion-outage@example.com");
    owner.bindings = { ...owner.bindings, STRIPE_SECRET_KEY: STRIPE_OUTAGE_KEY };

    const res = await deleteWorkspace(owner);
    expect(res.status).toBe(502);
    expect(res.headers.get("Retry-After")).toBe("60");
    expect(await rows("SELECT count(*) AS n FROM workspaces WHERE id = ?", workspaceId)).toBe(1);
    expect(await rows("SELECT count(*) AS n FROM billing_subscriptions WHERE workspace_id = ?", workspaceId)).toBe(1);
  });
});

describe("deleting an account ends the billing of its personal workspace at Stripe first", () => {
  it("a Checkout paid before the webhook: cancelled at Stripe before the account is erased", async () => {
    const stripe = stripeOn();
    const browser = new TestBrowser(stripe.bindings);
    await signInByEmail(browser, stripe.sent, "leaver-mid-checkout@example.com");
    const checkout = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    const paid = await completeCheckout(sessionIdOf((await checkout.json<RedirectResponse>()).url));

    const res = await browser.json("/api/account", "DELETE", { confirm: "leaver-mid-checkout@example.com" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ deleted: true, subscription: "canceled" });
    expect((await billing.retrieveSubscription(paid.subscription.id)).status).toBe("canceled");
  });
});
