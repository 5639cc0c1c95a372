import type { ErasedSummary } from "../contract/sign-in";
import { and, count, eq, inArray, isNotNull, isNull, notInArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import {
  accountEmails,
  alertEvents,
  alerts,
  apiKeys,
  emailSignInRequests,
  passkeys,
  sellerConnections,
  sessions,
  users,
  watchlist,
  workspaceInvitations,
  workspaces,
} from "../db/schema";

/** What an account held when it was erased: the deletion answer lists it. */
export interface ErasedCounts extends ErasedSummary {
  /** The hashes of the erased and revoked API keys, for dropping them from this isolate's key cache. */
  keyHashes: string[];
  /** How many of its keys were revoked in each workspace that stays (their audit entries say so). */
  revokedIn: Record<string, number>;
}

/** The workspaces that go with the account (its deletion cascades to them): those it is the only member of. */
export async function workspacesGoingWith(db: D1Database, userId: string): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT m.workspace_id AS id FROM workspace_members m
       WHERE m.user_id = ?1 AND NOT EXISTS (SELECT 1 FROM workspace_members o WHERE o.workspace_id = m.workspace_id AND o.user_id <> ?1)`,
    )
    .bind(userId)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

/**
 * Erases an account: its personal workspace and users row, and with them (ON DELETE CASCADE) refresh token, sessions,
 * keys and their usage, alerts, notifications, watchlist, settings, passkeys, billing rows and
 * seller data, the workspaces it was the only member of (`going`, the users trigger takes them)
 * with theirs; then the sign-in requests that still name its address. The API keys it made in
 * workspaces that stay are revoked, as when a member leaves (the key list would show them live,
 * holding a place, and this isolate's key cache would still let them in). One batch: all or nothing.
 */
export async function eraseAccount(db: D1Database, userId: string, going: string[], nowIso: string): Promise<ErasedCounts> {
  const orm = drizzle(db);
  const gone = [...new Set([userId, ...going])];
  const [[s], keys, [a], [n], [w], [p], [r], [e]] = await orm.batch([
    orm.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)),
    orm.select({ keyHash: apiKeys.keyHash }).from(apiKeys).where(inArray(apiKeys.workspaceId, gone)),
    orm.select({ n: count() }).from(alerts).where(inArray(alerts.workspaceId, gone)),
    orm.select({ n: count() }).from(alertEvents).where(inArray(alertEvents.workspaceId, gone)),
    orm.select({ n: count() }).from(watchlist).where(inArray(watchlist.workspaceId, gone)),
    orm.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    orm.select({ n: count() }).from(sellerConnections).where(and(inArray(sellerConnections.workspaceId, gone), isNotNull(sellerConnections.refreshTokenCiphertext))),
    orm.select({ email: accountEmails.email }).from(accountEmails).where(eq(accountEmails.userId, userId)),
  ]);
  const email = e?.email ?? null;
  const [, , revoked] = await orm.batch([
    // The personal workspace goes with its account even when a co-owner belongs to it (the
    // users trigger keeps workspaces that have other members); its data goes with it.
    orm.delete(workspaces).where(eq(workspaces.id, userId)),
    // Its open invitations to other workspaces are withdrawn (they would hold seats until they expired).
    orm
      .update(workspaceInvitations)
      .set({ revokedAt: nowIso })
      .where(and(eq(workspaceInvitations.invitedBy, userId), isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt))),
    // Its keys in the workspaces that stay (created_by would only be set to NULL).
    orm
      .update(apiKeys)
      .set({ revokedAt: nowIso })
      .where(and(eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt), notInArray(apiKeys.workspaceId, gone)))
      .returning({ workspaceId: apiKeys.workspaceId, keyHash: apiKeys.keyHash }),
    orm.delete(users).where(eq(users.id, userId)),
    orm.delete(emailSignInRequests).where(eq(emailSignInRequests.email, email ?? "")),
  ]);
  const revokedIn: Record<string, number> = {};
  for (const key of revoked) revokedIn[key.workspaceId] = (revokedIn[key.workspaceId] ?? 0) + 1;
  return {
    sessions: s?.n ?? 0,
    apiKeys: keys.length + revoked.length,
    alerts: a?.n ?? 0,
    notifications: n?.n ?? 0,
    watchlist: w?.n ?? 0,
    passkeys: p?.n ?? 0,
    refreshToken: (r?.n ?? 0) > 0,
    email,
    keyHashes: [...keys, ...revoked].map((key) => key.keyHash),
    revokedIn,
  };
}
