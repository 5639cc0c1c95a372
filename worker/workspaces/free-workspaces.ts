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

/** Why the account may not create another workspace, given the names of the Free ones it owns; null when it may. */
export function freeWorkspaceProblem(freeOwned: readonly string[]): string | null {
  if (freeOwned.length < FREE_WORKSPACES_PER_ACCOUNT) return null;
  return (
    `You already own ${freeOwned.length} workspaces on the ${FREE_PLAN.name} plan (${freeOwned.join(", ")}), the most one account may. ` +
    `Subscribe one of them on ${BILLING_PATH}, or delete one on /team, to create another.`
  );
}
