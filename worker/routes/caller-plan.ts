import type { Context } from "hono";
import { planOfAccount } from "../billing/user-plan";
import { FREE_PLAN, type Plan } from "../contract/plans";
import type { AppEnv } from "../env";

/** The caller's plan: their current workspace's, or Free for anonymous callers (compare, exports). */
export async function callerPlan(c: Context<AppEnv>): Promise<Plan> {
  const account = c.get("account");
  if (!account) return FREE_PLAN;
  return planOfAccount(c.env.DB, account);
}
