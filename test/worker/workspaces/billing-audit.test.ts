import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RedirectResponse } from "../../../worker/contract/billing";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import { completeCheckout, deliver, sessionIdOf, stripeEnv } from "../support/stripe";
import { demoEnv, TestBrowser } from "../support/seller-browser";

/** Billing in the workspace audit log: who started Checkout, and the plan change Stripe then reported. */
describe("billing in the audit log", () => {
  it("records the Checkout (with its member and address) and the plan change from Stripe's events, once", async () => {
    const bindings = stripeEnv();
    const browser = await freeBrowserWith(bindings);
    const workspaceId = userIdOf(browser);
    const res = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" }, { headers: { "CF-Connecting-IP": "203.0.113.7" } });
    expect(res.status, await res.clone().text()).toBe(200);
    const paid = await completeCheckout(sessionIdOf((await res.json<RedirectResponse>()).url));
    for (const event of [...paid.events, ...paid.events]) await deliver(bindings, event);

    const { results } = await env.DB.prepare("SELECT action, actor_user_id, client_address, detail FROM audit_log WHERE workspace_id = ? ORDER BY created_at, action")
      .bind(workspaceId)
      .all<{ action: string; actor_user_id: string | null; client_address: string | null; detail: string }>();
    expect(results.map((r) => r.action)).toEqual(["billing.checkout", "billing.plan"]);
    expect(results[0]).toMatchObject({ actor_user_id: workspaceId, client_address: "203.0.113.7" });
    expect(results[1]!.actor_user_id).toBeNull();
    expect(JSON.parse(results[1]!.detail)).toMatchObject({ from: "free", to: "pro" });
  });

  it("records the demo's mock plan changes too, by the member who made them", async () => {
    const browser = new TestBrowser(demoEnv());
    await browser.signInDemo();
    expect((await browser.json("/api/billing/create-checkout", "POST", { planId: "agency" })).status).toBe(200);
    expect((await browser.json("/api/billing/demo/cancel", "POST", {})).status).toBe(200);
    const workspaceId = (await (await browser.request("/api/workspaces")).json<{ current: { id: string } }>()).current.id;
    const { results } = await env.DB.prepare("SELECT action, actor_user_id, detail FROM audit_log WHERE workspace_id = ? AND action = 'billing.plan' ORDER BY created_at")
      .bind(workspaceId)
      .all<{ action: string; actor_user_id: string | null; detail: string }>();
    expect(results.map((r) => JSON.parse(r.detail))).toEqual([
      { from: "free", to: "agency", mock: true },
      { from: "agency", to: "free", mock: true },
    ]);
    expect(results.every((r) => r.actor_user_id !== null)).toBe(true);
  });
});
