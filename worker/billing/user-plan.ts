import { findCredentials, type UserRecord } from "../auth/accounts-store";
import { FREE_PLAN, PRO_PLAN, type Plan } from "../contract/plans";

/**
 * The plan a signed-in user is on. Connecting a seller account makes a user Pro (Pro's
 * features read the seller's own data, so they need the connection); a demo account stands in for a connected seller, so it gets Pro limits
 * too. A user who disconnected is back on Free.
 */
export async function planOfUser(db: D1Database, user: UserRecord): Promise<Plan> {
  if (user.isDemo) return PRO_PLAN;
  return (await findCredentials(db, user.id)) ? PRO_PLAN : FREE_PLAN;
}
