import { SignJWT } from "jose";
import type { Deployment } from "../config";
import { findUser, type UserRecord } from "../accounts/user-store";
import { signingKey, verifySignedToken } from "./signing-key";

/**
 * Which demo account belongs to this browser: a signed cookie naming it, kept across
 * sign-out so "Continue with Demo" returns to the same demo data.
 */
export const DEMO_ACCOUNT_LIFETIME_SECONDS = 365 * 24 * 60 * 60;
const DEMO_AUDIENCE = "ranklayer:demo-account";

export async function signDemoAccount({ env, config }: Deployment, userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setAudience(DEMO_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${DEMO_ACCOUNT_LIFETIME_SECONDS}s`)
    .sign(await signingKey({ env, config }));
}

/** The demo account a cookie names, if the cookie is genuine and the account still a demo. */
export async function demoAccountOf({ env, config }: Deployment, cookie: string | undefined): Promise<UserRecord | null> {
  if (!cookie) return null;
  try {
    const payload = await verifySignedToken({ env, config }, cookie, DEMO_AUDIENCE);
    const user = payload.sub ? await findUser(env.DB, payload.sub) : null;
    return user?.isDemo ? user : null;
  } catch {
    return null;
  }
}
