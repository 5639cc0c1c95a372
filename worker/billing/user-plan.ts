import type { UserRecord } from "../accounts/user-store";
import type { Plan } from "../contract/plans";
import type { SignedInAccount } from "../env";
import { planFromBilling } from "./entitlements";
import { onFirstUse } from "../shared/on-first-use";
import type { SubscriptionRecord } from "./subscription-store";

// The store loads on first use: a session or a key carries its plan, so a lookup reads none (docs/adr/0012-split-worker-build.md).
const subscriptionStore = onFirstUse(() => import("./subscription-store"));

/**
 * The plan of the account's current workspace: as its session or API key read it (the same query
 * as the membership, or the key's cached record), else from D1 (a request that switched workspace).
 */
export async function planOfAccount(db: D1Database, account: Pick<SignedInAccount, "workspace">): Promise<Plan> {
  return account.workspace.plan ?? planOfUser(db, { id: account.workspace.id });
}

/**
 * The plan a signed-in user is on: THE entitlement source every limit check reads. It comes
 * from the user's subscription (active, trialing and past_due are Pro; anything else, or
 * none, is Free) or a hand-assigned Enterprise row, never from a seller connection. A demo
 * account starts on Free like anyone; in mock mode it can switch to a demo Pro subscription.
 */
export async function planOfUser(db: D1Database, user: Pick<UserRecord, "id">): Promise<Plan> {
  return (await billingOfUser(db, user)).plan;
}

export interface UserBilling {
  plan: Plan;
  /** The stored subscription row (customer, status, period), or null before any. */
  subscription: SubscriptionRecord | null;
  enterprise: boolean;
}

/** The plan with what it came from: the subscription's status drives the past_due banner. */
export async function billingOfUser(db: D1Database, user: Pick<UserRecord, "id">): Promise<UserBilling> {
  const { findUserBilling } = await subscriptionStore();
  const { subscription, enterprise } = await findUserBilling(db, user.id);
  return {
    plan: planFromBilling(subscription?.status, enterprise, subscription?.paidPlan),
    subscription,
    enterprise: enterprise !== null,
  };
}

/** The plan of a workspace: its subscription or Enterprise row (a personal workspace's id is its account's). */
export async function planOfWorkspace(db: D1Database, workspaceId: string): Promise<Plan> {
  return (await billingOfUser(db, { id: workspaceId })).plan;
}
