import { forgetApiKey } from "../api-keys/key-resolver";
import { cancelLiveSubscription } from "../billing/subscription-cancel";
import { deleteLogosOf } from "../branding/logo-bucket";
import type { Billing } from "../upstreams/stripe/billing";
import { eraseAccount, workspacesGoingWith, type ErasedCounts } from "./account-deletion-store";

export interface DeletionReport {
  deleted: true;
  /** canceled: a live Stripe subscription was canceled now; none: there was nothing to cancel. */
  subscription: "canceled" | "none";
  erased: Omit<ErasedCounts, "keyHashes" | "revokedIn">;
  /** How many of its API keys were revoked in each workspace that stays. */
  revokedIn: Record<string, number>;
}

/**
 * Deletes an account: first cancels the live Stripe subscriptions of every workspace that goes
 * with it (its personal one and any it is the only member of), so nobody is charged for a
 * workspace that is gone, then erases every row of it in one batch.
 */
export async function deleteAccount(db: D1Database, billing: Billing, logos: R2Bucket, userId: string): Promise<DeletionReport> {
  const going = new Set([userId, ...(await workspacesGoingWith(db, userId))]);
  let canceled = false;
  // Every cancel comes before the erase: a CancelFailed propagates and nothing is erased.
  for (const workspaceId of going) {
    if (await cancelLiveSubscription(db, billing, workspaceId)) canceled = true;
  }
  const { keyHashes, revokedIn, ...erased } = await eraseAccount(db, userId, [...going], new Date().toISOString());
  // This isolate stops trusting the keys at once; others within the key cache's 3 seconds.
  for (const keyHash of keyHashes) forgetApiKey(keyHash);
  await deleteLogosOf(logos, going);
  return { deleted: true, subscription: canceled ? "canceled" : "none", erased, revokedIn };
}
