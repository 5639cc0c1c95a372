import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDemoUser } from "../../../worker/accounts/user-store";
import { createSession, readSession } from "../../../worker/auth/session";
import { AGENCY_PLAN, ENTERPRISE_PLAN, FREE_PLAN, PRO_PLAN } from "../../../worker/contract/plans";
import { buildServices } from "../../../worker/services";
import { demoEnv } from "../support/seller-browser";
import { pastIsolateCopies } from "../support/isolate-copies";

/**
 * The session read of every signed-in request also reads its workspace's plan, in the same D1
 * query, so the compare and the lookup allowance read nothing more. A plan changed in D1 by hand
 * (or by another isolate) shows once this isolate's copy of the session row is past its few
 * seconds (shared/session-copies.test.ts).
 */
describe("the session's workspace carries its plan", () => {
  const services = buildServices(demoEnv());

  async function planNow(token: string) {
    return (await readSession(services, token))?.workspace.plan;
  }

  it("Free, Pro, Agency, past due and Enterprise (with its own API limit), each once the copy is past", async () => {
    const user = await createDemoUser(env.DB);
    const { token } = await createSession(services, user.id);
    expect(await planNow(token)).toEqual(FREE_PLAN);

    const subscribe = (status: string, paidPlan: string) =>
      env.DB.prepare(
        "INSERT INTO billing_subscriptions (workspace_id, stripe_customer_id, stripe_subscription_id, status, price_id, paid_plan) VALUES (?, 'cus_plan', 'sub_plan', ?, 'price_x', ?) " +
          "ON CONFLICT (workspace_id) DO UPDATE SET status = excluded.status, paid_plan = excluded.paid_plan",
      )
        .bind(user.id, status, paidPlan)
        .run()
        .then(pastIsolateCopies);
    await subscribe("active", "pro");
    expect(await planNow(token)).toEqual(PRO_PLAN);
    await subscribe("active", "agency");
    expect(await planNow(token)).toEqual(AGENCY_PLAN);
    await subscribe("canceled", "agency");
    expect(await planNow(token)).toEqual(FREE_PLAN);

    await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id, note, api_requests_per_hour) VALUES (?, 'test', 20000)").bind(user.id).run();
    pastIsolateCopies();
    expect(await planNow(token)).toEqual({ ...ENTERPRISE_PLAN, apiRequestsPerHour: 20_000 });
  });
});
