import type { Context } from "hono";
import type { AppEnv } from "../env";
import { clearCookie, SESSION_COOKIE, setHostCookie, setXsrfCookie, XSRF_COOKIE } from "./cookies";
import { rememberAccount } from "./known-browser";
import { createSession, revokeSession, SESSION_LIFETIME_SECONDS } from "./session";
import { sessionXsrfToken } from "./xsrf";

/**
 * Starts a session for `userId` in this browser, ending the one it had; sets both cookies, and
 * remembers the account in this browser (known-browser.ts: Amazon sign-in needs it).
 * `maxSessions` bounds the account's sessions (a demo account belongs to one browser: 1).
 */
export async function signIn(c: Context<AppEnv>, userId: string, maxSessions?: number, { verified = true }: { verified?: boolean } = {}): Promise<void> {
  const previous = c.get("account");
  if (previous) await revokeSession(c.env, previous.sessionId);
  const session = await createSession(c.get("services"), userId, Date.now(), maxSessions, verified);
  setHostCookie(c, SESSION_COOKIE, session.token, SESSION_LIFETIME_SECONDS);
  setXsrfCookie(c, await sessionXsrfToken(c.get("services"), session.sessionId));
  await rememberAccount(c, userId);
}

/** Ends this browser's session, if any, and clears its cookies. */
export async function signOut(c: Context<AppEnv>): Promise<void> {
  const account = c.get("account");
  if (account) await revokeSession(c.env, account.sessionId);
  clearCookie(c, SESSION_COOKIE);
  clearCookie(c, XSRF_COOKIE);
}
