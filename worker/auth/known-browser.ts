import type { Context } from "hono";
import type { AppEnv } from "../env";
import { readCookie, setHostCookie } from "./cookies";
import { joseFunctions, signingKey, verifySignedToken } from "./signing-key";

/**
 * The accounts this browser has signed in to, in a signed cookie kept across sign-out. Amazon's
 * callback names a seller id that passed through the browser, with nothing tying it to the
 * authorization code (no SP-API answer says whose grant it is), so anyone with a seller account of
 * their own could put another seller's id there. Amazon sign-in therefore reaches an existing
 * account only from a browser that has signed in to it before (routes/auth.ts); a new browser
 * signs in by email or with a passkey first.
 */
export const KNOWN_BROWSER_COOKIE = "__Host-known-accounts";
/** Browsers keep a cookie at most 400 days. */
const KNOWN_BROWSER_LIFETIME_SECONDS = 400 * 24 * 60 * 60;
/** A shared computer may hold a few people's accounts; the oldest drops out past this. */
const MAX_KNOWN_ACCOUNTS = 5;
const KNOWN_BROWSER_AUDIENCE = "ranklayer:known-accounts";

/** An account this browser signed in to, and when it last did (ms). */
export interface KnownAccount {
  id: string;
  since: number;
}

/**
 * The accounts this browser's cookie names, newest first; none when it is missing or not ours.
 * `since` is kept per account (a cookie from before it was: the cookie's own time), so signing in
 * to one account does not renew the others.
 */
export async function knownAccounts(c: Context<AppEnv>): Promise<KnownAccount[]> {
  const cookie = readCookie(c, KNOWN_BROWSER_COOKIE);
  if (!cookie) return [];
  try {
    const payload = await verifySignedToken(c.get("services"), cookie, KNOWN_BROWSER_AUDIENCE);
    if (!Array.isArray(payload.accounts)) return [];
    const since = Array.isArray(payload.since) ? payload.since : [];
    const signedAt = (payload.iat ?? 0) * 1000;
    return payload.accounts.flatMap((id, index) => {
      if (typeof id !== "string") return [];
      const at = since[index];
      return [{ id, since: typeof at === "number" ? at : signedAt }];
    });
  } catch {
    return [];
  }
}

/**
 * Whether this browser signed in to `user` since it last signed out every other browser
 * (Settings → Account): a lost phone or a shared computer is not known any more after that.
 */
export function knowsAccount(known: readonly KnownAccount[], user: { id: string; knownBrowsersResetAt: string | null }): boolean {
  const reset = user.knownBrowsersResetAt ? Date.parse(user.knownBrowsersResetAt) : 0;
  return known.some((entry) => entry.id === user.id && entry.since >= reset);
}

/** Adds `userId` to this browser's known accounts, as of now (at every sign-in, and for a live session the cookie does not name yet); `known`: the cookie's, when the caller has read it already. */
export async function rememberAccount(c: Context<AppEnv>, userId: string, known?: KnownAccount[]): Promise<void> {
  known ??= await knownAccounts(c);
  const entries = [{ id: userId, since: Date.now() }, ...known.filter((entry) => entry.id !== userId)].slice(0, MAX_KNOWN_ACCOUNTS);
  const { SignJWT } = await joseFunctions();
  const token = await new SignJWT({ accounts: entries.map((entry) => entry.id), since: entries.map((entry) => entry.since) })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(KNOWN_BROWSER_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${KNOWN_BROWSER_LIFETIME_SECONDS}s`)
    .sign(await signingKey(c.get("services")));
  setHostCookie(c, KNOWN_BROWSER_COOKIE, token, KNOWN_BROWSER_LIFETIME_SECONDS);
}
