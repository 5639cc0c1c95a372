import type { Context } from "hono";
import type { ConnectTarget } from "../auth/oauth-state";
import type { EncryptionKey } from "../auth/token-crypto";
import { countSellerConnections } from "../billing/connection-count-store";
import { connectionsChanged } from "../connections/connection-changed";
import { findConnection, findConnectionOfSeller, type ConnectionRecord } from "../connections/connection-store";
import { connectToWorkspace, renewConnection } from "../connections/connect-to-workspace";
import type { SellerRegion } from "../contract/account";
import { BILLING_PATH } from "../contract/billing";
import { count } from "../contract/features";
import { canAddConnection, nextPlanWithMoreConnections, type Plan } from "../contract/plans";
import type { AppEnv } from "../env";
import { refreshParticipations } from "../seller/participations";
import { can, roleRefusal } from "../workspaces/roles";
import { callerPlan } from "./caller-plan";
import { auditRequest } from "./request-audit";

/**
 * The OAuth callback's side of Connect and Reconnect (POST /api/connections/start and
 * /{id}/reconnect): what it checks before a grant goes into a workspace, and the storing. The
 * routes check the same before Amazon is asked, but a state lives ten minutes, and in that time
 * the role, the connection count or the connection can change, and Amazon's seller is whoever
 * consented. So the callback checks again, whatever the state says.
 */

export interface ConsentedSeller {
  sellingPartnerId: string;
  region: SellerRegion;
}

export interface Refusal {
  status: 403 | 409;
  message: string;
}

const NOT_ADDED = "This seller account was not connected.";
const WRONG_WORKSPACE =
  "This seller connection was started in another workspace or browser session, so it was not added. " +
  "Start again from Settings → Connection Status in the workspace the seller belongs to.";
const CONNECTION_GONE =
  "The seller account being reconnected was removed from this workspace meanwhile, so nothing was stored. Connect it again from Settings → Connection Status.";

/** The plan's seller-account limit reached, and the way up: the next plan sold online with more, else Enterprise. */
function limitReached(plan: Plan): string {
  const limit = plan.sellerConnectionLimit ?? 0;
  return `Your ${plan.name} plan connects up to ${count(limit, "seller account")}. ${limit === 1 ? "Disconnect it" : "Disconnect one"}, or ${wayToMoreConnections(plan)}.`;
}

/** The next plan on sale with more seller accounts, in words, else Enterprise. */
function wayToMoreConnections(plan: Plan): string {
  const next = nextPlanWithMoreConnections(plan);
  return next ? `move to the ${next.name} plan (up to ${count(next.sellerConnectionLimit!, "seller account")}) at ${BILLING_PATH}` : "ask us about Enterprise at /contact";
}

/**
 * Words for a workspace with more seller accounts connected than its plan connects (a downgrade
 * ends no connection): that none was removed and what the user can do; null within the plan.
 */
export function connectionsBeyondPlan(plan: Plan, connected: number): string | null {
  const limit = plan.sellerConnectionLimit;
  if (limit === null || connected <= limit) return null;
  return (
    `Your ${plan.name} plan connects up to ${count(limit, "seller account")}, and ${connected} are connected from an earlier plan. ` +
    `None was removed, and none can be added. Each night only the ${count(limit, "seller account")} connected first ${limit === 1 ? "is" : "are"} refreshed; the others keep their data as of their last refresh. ` +
    `Disconnect ${connected - limit} to choose which stay within the plan, or ${wayToMoreConnections(plan)}.`
  );
}

/** The plan's refusal of one more connected seller account, or null when there is room. */
export async function connectionLimitProblem(c: Context<AppEnv>, workspaceId: string): Promise<string | null> {
  const plan = await callerPlan(c);
  const connected = await countSellerConnections(c.env.DB, workspaceId);
  // Past the limit (a downgrade), "Disconnect it" would not be enough: say how many.
  return canAddConnection(plan, connected) ? null : (connectionsBeyondPlan(plan, connected) ?? limitReached(plan));
}

function wrongSeller(connection: ConnectionRecord, seller: ConsentedSeller): string {
  const { name } = connection;
  return (
    `This reconnect was for ${name} (seller ${connection.sellingPartnerId}, region ${connection.region.toUpperCase()}), ` +
    `but Amazon answered for seller ${seller.sellingPartnerId} (region ${seller.region.toUpperCase()}), so nothing was changed or added. ` +
    `To renew ${name}, reconnect it while signed in to Seller Central as that seller; to add another seller account, use Connect seller account.`
  );
}

/** Why the callback may not store this seller's grant in the state's workspace; null when it may. */
export async function workspaceConnectRefusal(c: Context<AppEnv>, target: ConnectTarget, seller: ConsentedSeller): Promise<Refusal | null> {
  const account = c.get("account");
  if (!account || account.workspace.id !== target.workspaceId) return { status: 403, message: WRONG_WORKSPACE };
  const { name, role } = account.workspace;
  // The role is read again on every request, so a member demoted since Connect stops here.
  if (!can(role, "connections")) {
    return {
      status: 403,
      message: `${roleRefusal(name, role, "connections")} This seller account was not connected.`,
    };
  }
  let existing: ConnectionRecord | null;
  if (target.connectionId === null) {
    existing = await findConnectionOfSeller(c.env.DB, target.workspaceId, seller.sellingPartnerId, seller.region);
  } else {
    // A Reconnect renews its own connection only: another seller (or region) would be a new one.
    existing = await findConnection(c.env.DB, target.workspaceId, target.connectionId);
    if (!existing) return { status: 409, message: CONNECTION_GONE };
    if (existing.sellingPartnerId !== seller.sellingPartnerId || existing.region !== seller.region) return { status: 409, message: wrongSeller(existing, seller) };
  }
  // Renewing a connected seller account adds none; a new one, or a disconnected one back, counts.
  if (existing?.status === "connected") return null;
  const problem = await connectionLimitProblem(c, target.workspaceId);
  return problem ? { status: 403, message: `${NOT_ADDED} ${problem}` } : null;
}

export interface ConsentedGrant extends ConsentedSeller {
  refreshToken: string;
  accessToken: string | null;
}

/**
 * Stores a grant `workspaceConnectRefusal` allowed: a Reconnect renews its one connection (never
 * adds one); a Connect adds the seller or renews the workspace's connection of it. The checks
 * above are reads, so two callbacks finishing together could both pass them: the store checks
 * the plan's limit again in its insert, and a Reconnect whose connection was removed meanwhile
 * stores nothing. Either answers a refusal.
 */
export async function storeWorkspaceGrant(c: Context<AppEnv>, keys: EncryptionKey[], target: ConnectTarget, grant: ConsentedGrant): Promise<{ connection: ConnectionRecord } | Refusal> {
  const { workspaceId, connectionId } = target;
  const { sellingPartnerId, region, refreshToken } = grant;
  const nowIso = new Date().toISOString();
  const plan = await callerPlan(c);
  const limit = plan.sellerConnectionLimit;
  let saved: ConnectionRecord | null;
  if (connectionId !== null) {
    saved = await renewConnection(c.env.DB, keys, connectionId, { workspaceId, sellingPartnerId, region, refreshToken, nowIso }, limit);
    if (!saved && !(await findConnection(c.env.DB, workspaceId, connectionId))) return { status: 409, message: CONNECTION_GONE };
  } else {
    const label = c.get("account")?.user.brandName ?? sellingPartnerId;
    saved = await connectToWorkspace(c.env.DB, keys, { workspaceId, sellingPartnerId, region, refreshToken, nowIso, label }, limit);
  }
  if (!saved) return { status: 403, message: `${NOT_ADDED} ${limitReached(plan)}` };
  await refreshParticipations(c.env.DB, saved.id, region, grant.accessToken);
  await auditRequest(c, { workspaceId, action: "connection.connect", target: saved.id, detail: { region } });
  await connectionsChanged(c.env.DB, c.get("services"), workspaceId);
  return { connection: saved };
}
