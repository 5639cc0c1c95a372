import type { Context } from "hono";
import { currentAccount } from "../auth/session-middleware";
import type { AppEnv } from "../env";

/**
 * The workspace a signed-in request acts in. Until the workspace middleware lands this is the
 * account's personal workspace (whose id is the account's id); merge: `currentWorkspace(c).id`.
 */
export function workspaceIdOf(c: Context<AppEnv>): string {
  return currentAccount(c).user.id;
}
