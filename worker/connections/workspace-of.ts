import type { Context } from "hono";
import { currentAccount } from "../auth/session-middleware";
import type { AppEnv } from "../env";

/** The workspace a signed-in request acts in (the session's current one, or an API key's). */
export function workspaceIdOf(c: Context<AppEnv>): string {
  return currentAccount(c).workspace.id;
}
