import { planFromBilling } from "../billing/entitlements";
import type { Bindings, CurrentWorkspace, SignedInAccount } from "../env";
import { cachedSessionCopy, forgetSessionCopies, keepSessionCopy, sessionGeneration } from "../shared/session-copies";
import { findLiveSessionUser, insertSession, markSessionVerified, revokeOtherSessionRows, revokeSessionRow, touchDemoAccount } from "./session-store";
import { joseFunctions, signingKey, verifySignedToken } from "./signing-key";
import { currentMembership } from "../workspaces/workspace-store";
import type { Deployment } from "../config";
import { HOUR_MS } from "../contract/time";

export type { SignedInAccount };

export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** Browsers one account may be signed in on at once; a new sign-in beyond it ends the oldest. */
export const MAX_SESSIONS_PER_ACCOUNT = 10;
const SESSION_AUDIENCE = "ranklayer:session";

export interface NewSession {
  sessionId: string;
  token: string;
}

/**
 * A D1 session row and the signed token (HS256, sid + sub, 30 days) that names it. The
 * account keeps at most `maxSessions` sessions, the oldest ended first.
 */
export async function createSession({ env, config }: Deployment, userId: string, now = Date.now(), maxSessions = MAX_SESSIONS_PER_ACCOUNT, verified = true): Promise<NewSession> {
  const sessionId = crypto.randomUUID();
  const expiresAt = Math.floor(now / 1000) + SESSION_LIFETIME_SECONDS;
  // An unverified session (sign-in that proves too little) starts as if signed in long ago.
  const verifiedAt = verified ? null : new Date(0).toISOString();
  await insertSession(env.DB, sessionId, userId, new Date(now).toISOString(), new Date(expiresAt * 1000).toISOString(), maxSessions, verifiedAt);
  const { SignJWT } = await joseFunctions();
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(expiresAt)
    .sign(await signingKey({ env, config }));
  return { sessionId, token };
}

/**
 * The account a session token names, or null: a bad signature, an expired token, or a
 * row that was revoked, expired or belongs to someone else all read as signed out. A token read
 * less than SESSION_CACHE_MS ago is answered from this isolate's copy (shared/session-copies.ts, ADR 0014).
 */
export async function readSession({ env, config }: Deployment, token: string): Promise<SignedInAccount | null> {
  const now = Date.now();
  const account = cachedSessionCopy<SignedInAccount>(copyKey(config, token), now) ?? (await readSessionNow({ env, config }, token, now));
  if (!account) return null;
  const user = account.user;
  if (user.isDemo && (!user.lastActiveAt || Date.parse(user.lastActiveAt) < now - HOUR_MS)) {
    await touchDemoAccount(env.DB, user.id, new Date(now).toISOString(), new Date(now - HOUR_MS).toISOString());
    forgetSessionCopies();
  }
  return account;
}

/** A copy is the token's under the secret that checked it: another secret checks the token afresh. */
const copyKey = (config: Deployment["config"], token: string) => `${config.vars.SESSION_SECRET ?? ""} ${token}`;

/**
 * The token checked and its row read from D1, the copy kept. Each request that has no copy reads
 * the row itself, also when a page's parallel calls arrive together: a request that awaited
 * another's D1 read in flight went on in that request's I/O context, and its answer failed with
 * "Cannot perform I/O on behalf of a different request" (docs/adr/0013-no-io-shared-between-requests.md).
 */
async function readSessionNow({ env, config }: Deployment, token: string, now: number): Promise<SignedInAccount | null> {
  let sessionId: unknown;
  let userId: string | undefined;
  try {
    const payload = await verifySignedToken({ env, config }, token, SESSION_AUDIENCE);
    sessionId = payload.sid;
    userId = payload.sub;
  } catch {
    return null;
  }
  if (typeof sessionId !== "string" || !userId) return null;

  const generation = sessionGeneration();
  const live = await findLiveSessionUser(env.DB, sessionId, userId, new Date(now).toISOString());
  if (!live) return null;
  // Membership is read with the session (in the same query): a member removed a moment ago acts in
  // their personal workspace. None at all (the personal one was deleted): a new personal one, and
  // no copy, so the next request reads it afresh.
  if (!live.membership) return { sessionId, user: live.user, workspace: await currentMembership(env.DB, live.user.id, live.workspaceId), verifiedAt: live.verifiedAt };
  const account = { sessionId, user: live.user, workspace: workspaceOfMembership(live.membership), verifiedAt: live.verifiedAt };
  keepSessionCopy(copyKey(config, token), account, live.expiresAt, now, generation);
  return account;
}

/** The membership JSON of findLiveSessionUser: the workspace, the role, and the workspace's plan. */
function workspaceOfMembership(json: string): CurrentWorkspace {
  const row = JSON.parse(json) as Omit<CurrentWorkspace, "plan"> & { status: string | null; paidPlan: "pro" | "agency" | null; enterprise: 0 | 1; enterpriseApiLimit: number | null };
  const plan = planFromBilling(row.status, row.enterprise ? { apiRequestsPerHour: row.enterpriseApiLimit } : null, row.paidPlan ?? undefined);
  return { id: row.id, name: row.name, role: row.role, plan };
}

/**
 * Ends every other session of the account ("sign out everywhere else": a lost phone, a shared
 * computer): their tokens stop working on their next request here, and within SESSION_CACHE_MS on
 * other isolates. Answers how many ended.
 */
export async function revokeOtherSessions(env: Bindings, account: SignedInAccount): Promise<number> {
  const ended = await revokeOtherSessionRows(env.DB, account.user.id, account.sessionId, new Date().toISOString());
  forgetSessionCopies();
  return ended;
}

/** Counts the session as freshly signed in (a re-verification); false when it is no longer live. */
export async function markVerified(env: Bindings, sessionId: string, nowIso: string): Promise<boolean> {
  const marked = await markSessionVerified(env.DB, sessionId, nowIso);
  forgetSessionCopies();
  return marked;
}

/** Ends a session at once: its token stops working on the next request. */
export async function revokeSession(env: Bindings, sessionId: string): Promise<void> {
  await revokeSessionRow(env.DB, sessionId, new Date().toISOString());
  forgetSessionCopies();
}
