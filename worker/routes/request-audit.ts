import type { Context } from "hono";
import { clientAddressOf, currentAccount } from "../auth/session-middleware";
import type { AppEnv } from "../env";
import { type AuditInput, recordAudit } from "../workspaces/audit-store";

/** An audit entry for what the signed-in caller just did: they are the actor, the request's address is kept. */
export async function auditRequest(c: Context<AppEnv>, entry: Omit<AuditInput, "actorUserId" | "clientAddress" | "at">): Promise<void> {
  await recordAudit(c.env.DB, { ...entry, actorUserId: currentAccount(c).user.id, clientAddress: clientAddressOf(c) });
}
