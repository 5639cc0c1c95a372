import type { Context } from "hono";
import { planOfUser } from "../billing/user-plan";
import { FREE_PLAN, type Plan } from "../contract/plans";
import type { AppEnv } from "../env";

/** The caller's plan: the signed-in user's, or Free for anonymous callers (compare, exports). */
export async function callerPlan(c: Context<AppEnv>): Promise<Plan> {
  const account = c.get("account");
  return account ? planOfUser(c.env.DB, account.user) : FREE_PLAN;
}
