import { forgetApiKey } from "../api-keys/key-resolver";
import { deleteWorkspaceLogos } from "../branding/logo-bucket";
import { cancelLiveSubscription } from "../billing/subscription-cancel";
import type { Billing } from "../upstreams/stripe/billing";
import { eraseAccount, workspacesGoingWith, type ErasedCounts } from "./account-deletion-store";

export interface DeletionReport {
  deleted: true;
  /** canceled: a live Stripe subscription was canceled now; none: there was nothing to cancel. */
  subscription: "canceled" | "none";
  erased: Omit<ErasedCounts, "keyHashes">;
}

/**
 * Deletes an account: first cancels the live Stripe subscriptions of every workspace that goes
 * with it (its personal one and any it is the only member of), so nobody is charged for a
 * workspace that is gone, then erases every row of it in one batch, then those workspaces' logo files.
 */
export async function deleteAccount(db: D1Database, billing: Billing, userId: string, logos: R2Bucket): Promise<DeletionReport> {
  const going = new Set([userId, ...(await workspacesGoingWith(db, userId))]);
  let canceled = false;
  // Every cancel comes before the erase: a CancelFailed propagates and nothing is erased.
  for (const workspaceId of going) {
    if (await cancelLiveSubscription(db, billing, workspaceId)) canceled = true;
  }
  const { keyHashes, ...erased } = await eraseAccount(db, userId);
  // This isolate stops trusting the keys at once; others within the key cache's 3 seconds.
  for (const keyHash of keyHashes) forgetApiKey(keyHash);
  // The rows are gone, so nothing serves these files any more: a failure here leaves only unreachable bytes.
  for (const workspaceId of going) await deleteWorkspaceLogos(logos, workspaceId).catch((error: unknown) => console.error("account deletion: logos not deleted", workspaceId, error));
  return { deleted: true, subscription: canceled ? "canceled" : "none", erased };
}
