import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { findUserBilling } from "../../../worker/billing/subscription-store";
import type { ConnectionList } from "../../../worker/contract/connections";
import { runBillingSweep } from "../../../worker/jobs/billing-sweep/billing-sweep";
import { buildServices } from "../../../worker/services";
import { itemIdOf } from "../../fakes/stripe-calls";
import { userIdOf } from "../history/accounts";
import { connectSeller, consentAs, newSellingPartnerId, registerLwaClient, sellerEnv, TestBrowser } from "../support/seller-browser";
import { PRICE_PRO, setSubscription, STRIPE_FAKE, STRIPE_KEY, stripeCalls, WEBHOOK_SECRET } from "../support/stripe";
import { PRICE_AGENCY, subscribeWorkspace } from "../support/workspace-plans";

/**
 * A connection change on Agency updates the subscription's quantity at Stripe, but its answer
 * never depends on that: the change is committed before Stripe is asked, so whatever Stripe
 * answers (a subscription it has just canceled, its webhook still on the way; an item id that is
 * no longer the subscription's) the connect or disconnect succeeds, and the nightly billing sweep
 * sets the quantity right.
 */

const bindings = sellerEnv({
  STRIPE_SECRET_KEY: STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_PRO: PRICE_PRO,
  STRIPE_PRICE_AGENCY: PRICE_AGENCY,
  STRIPE_API_BASE_URL: `https://${STRIPE_FAKE}`,
});

/** Connects another seller account from inside the workspace: the OAuth callback's answer. */
async function connectAnother(browser: TestBrowser, marketplace: string): Promise<Response> {
  const start = await browser.json("/api/connections/start", "POST", { marketplace });
  expect(start.status, await start.clone().text()).toBe(200);
  return consentAs(browser, (await start.json<{ authUrl: string }>()).authUrl, newSellingPartnerId());
}

/** A seller's workspace on a paid Agency subscription (quantity 2) with two connected seller accounts. */
async function agencyWithTwoConnections() {
  await registerLwaClient(bindings);
  const { browser } = await connectSeller(new TestBrowser(bindings), { marketplace: "US" });
  const workspaceId = userIdOf(browser);
  const subscription = await subscribeWorkspace(workspaceId, "agency");
  expect((await connectAnother(browser, "DE")).status).toBe(302);
  expect((await findUserBilling(env.DB, workspaceId)).subscription?.quantity).toBe(2);
  return { browser, workspaceId, subscription };
}

async function connectionIds(browser: TestBrowser): Promise<string[]> {
  const res = await browser.request("/api/connections");
  expect(res.status).toBe(200);
  return (await res.json<ConnectionList>()).connections.map((connection) => connection.id);
}

const quantityUpdates = async (id: string) => (await stripeCalls({ subscription: id, method: "POST" })).map((call) => call.status);
const sweep = (nowMs = Date.now()) => {
  const services = buildServices(bindings);
  return runBillingSweep(env.DB, services.sources.billing(), services.config.stripe, nowMs);
};

describe("a connection change Stripe refuses to bill", () => {
  it("a disconnect while the subscription is already canceled at Stripe (its webhook not yet here) answers 204; the sweep makes the workspace Free", async () => {
    const { browser, workspaceId, subscription } = await agencyWithTwoConnections();
    const [, second] = await connectionIds(browser);
    await setSubscription({ id: subscription.id, customer: subscription.customer, status: "canceled" });

    expect((await browser.request(`/api/connections/${second}`, { method: "DELETE" })).status).toBe(204);
    expect(await connectionIds(browser)).toHaveLength(1);
    // Stripe was asked, and refused: a canceled subscription's quantity cannot change.
    expect(await quantityUpdates(subscription.id)).toEqual([200, 400]);

    expect(await sweep()).toMatchObject({ failed: 0 });
    expect((await findUserBilling(env.DB, workspaceId)).subscription).toMatchObject({ status: "canceled" });
  });

  it("a connect answers its redirect, and a disconnect 204, when the stored item is no longer the subscription's; the sweep then bills the right quantity", async () => {
    const { browser, workspaceId, subscription } = await agencyWithTwoConnections();
    await env.DB.prepare("UPDATE billing_subscriptions SET subscription_item_id = 'si_replaced' WHERE workspace_id = ?").bind(workspaceId).run();

    expect((await connectAnother(browser, "UK")).status).toBe(302);
    const [, second, third] = await connectionIds(browser);
    for (const id of [second!, third!]) expect((await browser.request(`/api/connections/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(await connectionIds(browser)).toHaveLength(1);
    // Each change that moved the count off the stored 2 (to 3, then to 1) asked Stripe with the stale item, and was refused: Stripe still bills 2.
    expect(await quantityUpdates(subscription.id)).toEqual([200, 400, 400]);
    expect((await buildServices(bindings).sources.billing().retrieveSubscription(subscription.id)).quantity).toBe(2);

    // The sweep re-reads the subscription (its item included) and sets the quantity to the one connection.
    expect(await sweep()).toMatchObject({ failed: 0 });
    expect(await quantityUpdates(subscription.id)).toEqual([200, 400, 400, 200]);
    expect((await findUserBilling(env.DB, workspaceId)).subscription).toMatchObject({ quantity: 1, subscriptionItemId: itemIdOf(subscription.id) });
  });
});
