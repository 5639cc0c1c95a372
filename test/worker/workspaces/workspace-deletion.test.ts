import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SubscriptionResponse } from "../../../worker/contract/billing";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import type { Bindings } from "../../../worker/env";
import { STRIPE_OUTAGE_KEY, subscriptionObject } from "../../fakes/stripe-calls";
import { emailEnv, signInByEmail, userIdOf } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";
import { deliver, PRICE_PRO, STRIPE_FAKE, STRIPE_KEY, stripeCalls, stripeEvent, WEBHOOK_SECRET } from "../support/stripe";
import { subscribeWorkspace } from "../support/workspace-plans";
import { PNG_1X1 } from "../branding/logo-fixtures";

/** DELETE /api/workspaces/current: a paid workspace's subscription ends with it, and a personal workspace goes only with its account. */

const rowsOf = async (table: string, workspaceId: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${table === "workspaces" ? "id" : "workspace_id"} = ?`).bind(workspaceId).first<{ n: number }>())!.n;

/** Email sign-in with Stripe (the fake) configured; `secretKey` picks how the fake answers. */
const stripeOn = (secretKey = STRIPE_KEY) =>
  emailEnv({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_PRO: PRICE_PRO, STRIPE_API_BASE_URL: `https://${STRIPE_FAKE}` });

/** A signed-in owner working in a new workspace of their own. */
async function ownerOfNewWorkspace({ bindings, sent }: { bindings: Bindings; sent: EmailMessageBuilder[] }, email: string) {
  const owner = new TestBrowser(bindings);
  await signInByEmail(owner, sent, email);
  const created = await owner.json("/api/workspaces", "POST", { name: "Client Co" });
  expect(created.status, await created.clone().text()).toBe(201);
  return { owner, workspaceId: (await created.json<WorkspaceList>()).current.id };
}

const deleteCurrent = (browser: TestBrowser) => browser.request("/api/workspaces/current", { method: "DELETE" });

describe("deleting a workspace", () => {
  it("cancels its live Stripe subscription now, as account deletion does (no prorated refund), then deletes it; Stripe's later events are acknowledged and change nothing", async () => {
    const stripe = stripeOn();
    const { owner, workspaceId } = await ownerOfNewWorkspace(stripe, "paid-ws@example.com");
    const sub = await subscribeWorkspace(workspaceId, "pro");
    expect((await (await owner.request("/api/billing/subscription")).json<SubscriptionResponse>()).plan_id).toBe("pro");

    const res = await deleteCurrent(owner);
    expect(res.status, await res.clone().text()).toBe(204);
    // Stripe's plain cancel, the same call account deletion makes: no `prorate` or `invoice_now`.
    expect(await stripeCalls({ subscription: sub.id, method: "DELETE" })).toEqual([expect.objectContaining({ fields: {}, status: 200 })]);
    expect(await rowsOf("workspaces", workspaceId)).toBe(0);
    expect(await rowsOf("billing_subscriptions", workspaceId)).toBe(0);
    const list = await (await owner.request("/api/workspaces")).json<WorkspaceList>();
    expect(list.current.personal).toBe(true);
    const audit = await (await owner.request("/api/workspaces/audit")).json<{ entries: { action: string; target: string; detail: unknown }[] }>();
    expect(audit.entries[0]).toMatchObject({ action: "workspace.delete", target: workspaceId, detail: { name: "Client Co", subscription: "canceled" } });

    // Stripe then reports the cancellation, naming a customer and workspace that are gone: 200, so it stops retrying.
    const canceled = stripeEvent("customer.subscription.deleted", subscriptionObject({ id: sub.id, customer: sub.customer, status: "canceled", userId: workspaceId }));
    const webhook = await deliver(stripe.bindings, canceled);
    expect(webhook.status, await webhook.clone().text()).toBe(200);
    expect(await webhook.json()).toEqual({ received: true, outcome: "ignored" });
    expect(await rowsOf("billing_subscriptions", workspaceId)).toBe(0);
  });

  it("answers 502 with Retry-After and deletes nothing when Stripe cannot be reached to cancel", async () => {
    const stripe = stripeOn(STRIPE_OUTAGE_KEY);
    const { owner, workspaceId } = await ownerOfNewWorkspace(stripe, "stripe-down@example.com");
    const sub = await subscribeWorkspace(workspaceId, "pro");

    const res = await deleteCurrent(owner);
    expect(res.status).toBe(502);
    expect(res.headers.get("Retry-After")).toBe("60");
    expect(await res.json()).toEqual({
      code: "upstream_unavailable",
      detail: "Stripe did not cancel the subscription of Client Co, so nothing was deleted. Try again in a few minutes.",
    });
    // Tried (the library retries a 503; the customer's open Checkouts are asked for first), never done.
    const tried = await stripeCalls({ customer: sub.customer });
    expect(tried.length).toBeGreaterThan(0);
    expect(tried.every((call) => call.status === 503)).toBe(true);
    expect((await stripeCalls({ subscription: sub.id, method: "DELETE" })).filter((call) => call.status === 200)).toEqual([]);
    expect(await rowsOf("workspaces", workspaceId)).toBe(1);
    expect(await rowsOf("billing_subscriptions", workspaceId)).toBe(1);
    expect((await (await owner.request("/api/workspaces")).json<WorkspaceList>()).current.id).toBe(workspaceId);
  });

  it.each([
    ["with Stripe configured", "free-ws-stripe@example.com", () => stripeOn()],
    ["in billing mock mode", "free-ws-mock@example.com", () => emailEnv()],
  ])("deletes a workspace without a subscription at once (%s)", async (_, email, setup) => {
    const { owner, workspaceId } = await ownerOfNewWorkspace(setup(), email);
    const res = await deleteCurrent(owner);
    expect(res.status, await res.clone().text()).toBe(204);
    expect(await rowsOf("workspaces", workspaceId)).toBe(0);
  });

  it("never deletes a personal workspace here, not even for another account's co-owner: it goes only with its account", async () => {
    const stripe = stripeOn();
    const alice = new TestBrowser(stripe.bindings);
    await signInByEmail(alice, stripe.sent, "alice-personal@example.com");
    const aliceId = await userIdOf("alice-personal@example.com");
    const sub = await subscribeWorkspace(aliceId, "pro");
    const bob = new TestBrowser(stripe.bindings);
    await signInByEmail(bob, stripe.sent, "bob-coowner@example.com");
    // An owner of Alice's personal workspace, as an accepted owner invitation makes him.
    await env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'owner')").bind(aliceId, await userIdOf("bob-coowner@example.com")).run();

    const own = await deleteCurrent(bob);
    expect(own.status).toBe(409);
    expect(await own.json()).toMatchObject({ code: "conflict", detail: "Your personal workspace goes only with your account (Account → Delete account)." });

    expect((await bob.json("/api/workspaces/switch", "POST", { workspaceId: aliceId })).status).toBe(200);
    const hers = await deleteCurrent(bob);
    expect(hers.status).toBe(409);
    expect(await hers.json()).toMatchObject({ code: "conflict", detail: expect.stringMatching(/another account's personal workspace: it goes only with that account/) });
    expect(await rowsOf("workspaces", aliceId)).toBe(1);
    expect(await stripeCalls({ subscription: sub.id, method: "DELETE" })).toEqual([]);
  });

  it("takes the workspace's logo files out of storage with it, and with an account its personal workspace's", async () => {
    const stripe = stripeOn();
    const { owner, workspaceId } = await ownerOfNewWorkspace(stripe, "logo-ws@example.com");
    const upload = (browser: TestBrowser) => browser.request("/api/branding/logo", { method: "PUT", body: PNG_1X1, headers: { "Content-Type": "image/png" } });
    const logos = async (id: string) => (await env.BRANDING.list({ prefix: `logos/${id}/` })).objects.length;
    expect((await upload(owner)).status).toBe(200);
    expect(await logos(workspaceId)).toBe(1);
    expect((await deleteCurrent(owner)).status).toBe(204);
    expect(await logos(workspaceId)).toBe(0);

    // Back in the personal workspace: its logo goes when the account does.
    const personalId = await userIdOf("logo-ws@example.com");
    expect((await upload(owner)).status).toBe(200);
    expect(await logos(personalId)).toBe(1);
    expect((await owner.json("/api/account", "DELETE", { confirm: "logo-ws@example.com" })).status).toBe(200);
    expect(await logos(personalId)).toBe(0);
  });
});
