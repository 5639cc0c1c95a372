import { agencyQuantity } from "../contract/plans";
import { isPaidStatus } from "../contract/billing";
import type { Billing } from "../upstreams/stripe/billing";
import { countSellerConnections } from "./connection-count-store";
import { findUserBilling, storeQuantity } from "./subscription-store";

export type QuantitySync =
  /** Not on a paid Agency subscription (Free, Pro, Enterprise, demo): nothing to bill per connection. */
  | { kind: "not-agency" }
  | { kind: "unchanged"; quantity: number }
  | { kind: "updated"; from: number | null; quantity: number };

/**
 * Keeps an Agency subscription's Stripe quantity equal to the workspace's connected seller
 * accounts (at least 1), prorated. The connection code calls it after every connect and
 * disconnect; the count is read now, so two changes racing still end on the right figure.
 * Stripe's answer is stored at once; the webhook that follows re-reads Stripe anyway.
 * Throws what Stripe throws (unreachable, or a refusal: a subscription canceled whose webhook is
 * still on the way, an item no longer the subscription's): the connection code keeps its change
 * and logs it, and the nightly billing sweep (a reconcile, then this sync) or the next change sets it right.
 */
export async function syncAgencyQuantity(db: D1Database, billing: Billing, workspaceId: string, nowMs = Date.now()): Promise<QuantitySync> {
  return setAgencyQuantity(db, billing, workspaceId, () => countSellerConnections(db, workspaceId), nowMs);
}

/** The sync for a given count of connections (read only once the workspace is known to be on Agency). */
export async function setAgencyQuantity(
  db: D1Database,
  billing: Billing,
  workspaceId: string,
  connections: () => Promise<number>,
  nowMs = Date.now(),
): Promise<QuantitySync> {
  const { subscription: row, enterprise } = await findUserBilling(db, workspaceId);
  if (
    billing.mock || enterprise || !row || row.isDemo || row.paidPlan !== "agency" ||
    !row.stripeSubscriptionId || !isPaidStatus(row.status)
  ) {
    return { kind: "not-agency" };
  }
  const quantity = agencyQuantity(await connections());
  if (row.quantity === quantity && row.subscriptionItemId) return { kind: "unchanged", quantity };
  const itemId = row.subscriptionItemId ?? (await billing.retrieveSubscription(row.stripeSubscriptionId)).itemId;
  if (!itemId) throw new Error(`Agency subscription ${row.stripeSubscriptionId} has no item`);
  const facts = await billing.updateQuantity({ subscriptionId: row.stripeSubscriptionId, itemId, quantity });
  await storeQuantity(db, workspaceId, facts, nowMs);
  return { kind: "updated", from: row.quantity, quantity: facts.quantity ?? quantity };
}
