import { BILLING_PATH } from "../contract/billing";
import { FREE_PLAN } from "../contract/plans";
import { FREE_WORKSPACES_PER_ACCOUNT } from "../contract/workspaces";

/*
 * FREE_WORKSPACES_PER_ACCOUNT bounds the Free workspaces one account owns, its personal one
 * included. Each workspace has its own plan, so every new one starts on Free with a seller
 * account, tracked ASINs and alerts of its own: without a bound, making workspaces would connect
 * any number of sellers on Free, where Agency bills per seller account. Paid and Enterprise
 * workspaces do not count.
 */

/**
 * The refusal of a workspace past the limit (403 plan_limit), given the names of the Free ones the
 * account owns. The limit itself is counted where the workspace is inserted (workspace-store.ts
 * createWorkspace), so creates at the same instant get this refusal too.
 */
export function freeWorkspaceRefusal(freeOwned: readonly string[]): string {
  // Named when they are all there to name (one deleted since the refusal: the limit alone).
  const owned =
    freeOwned.length >= FREE_WORKSPACES_PER_ACCOUNT
      ? `${freeOwned.length} workspaces on the ${FREE_PLAN.name} plan (${freeOwned.join(", ")})`
      : `${FREE_WORKSPACES_PER_ACCOUNT} workspaces on the ${FREE_PLAN.name} plan`;
  return `You already own ${owned}, the most one account may. Subscribe one of them on ${BILLING_PATH}, or delete one on /team, to create another.`;
}
