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

/** The account ids this browser's cookie names, newest first; none when it is missing or not ours. */
export async function knownAccounts(c: Context<AppEnv>): Promise<string[]> {
  const cookie = readCookie(c, KNOWN_BROWSER_COOKIE);
  if (!cookie) return [];
  try {
    const payload = await verifySignedToken(c.get("services"), cookie, KNOWN_BROWSER_AUDIENCE);
    return Array.isArray(payload.accounts) ? payload.accounts.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Adds `userId` to this browser's known accounts (at every sign-in, and for a session that predates the cookie); `known`: the cookie's, when the caller has read it already. */
export async function rememberAccount(c: Context<AppEnv>, userId: string, known?: string[]): Promise<void> {
  known ??= await knownAccounts(c);
  const accounts = [userId, ...known.filter((id) => id !== userId)].slice(0, MAX_KNOWN_ACCOUNTS);
  const { SignJWT } = await joseFunctions();
  const token = await new SignJWT({ accounts })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(KNOWN_BROWSER_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${KNOWN_BROWSER_LIFETIME_SECONDS}s`)
    .sign(await signingKey(c.get("services")));
  setHostCookie(c, KNOWN_BROWSER_COOKIE, token, KNOWN_BROWSER_LIFETIME_SECONDS);
}
