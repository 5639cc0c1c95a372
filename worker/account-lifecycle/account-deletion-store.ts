import type { ErasedSummary } from "../contract/sign-in";
import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
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
  /** The hashes of the erased API keys and of those it made elsewhere (revoked), for dropping them from this isolate's key cache. */
  keyHashes: string[];
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
 * seller data; revokes the keys it made in other workspaces; then the sign-in requests that still
 * name its address. One batch: all or nothing.
 */
export async function eraseAccount(db: D1Database, userId: string): Promise<ErasedCounts> {
  const orm = drizzle(db);
  const [[s], keys, [a], [n], [w], [p], [r], [e]] = await orm.batch([
    orm.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)),
    orm.select({ keyHash: apiKeys.keyHash }).from(apiKeys).where(eq(apiKeys.workspaceId, userId)),
    orm.select({ n: count() }).from(alerts).where(eq(alerts.workspaceId, userId)),
    orm.select({ n: count() }).from(alertEvents).where(eq(alertEvents.workspaceId, userId)),
    orm.select({ n: count() }).from(watchlist).where(eq(watchlist.workspaceId, userId)),
    orm.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    orm.select({ n: count() }).from(sellerConnections).where(and(eq(sellerConnections.workspaceId, userId), isNotNull(sellerConnections.refreshTokenCiphertext))),
    orm.select({ email: accountEmails.email }).from(accountEmails).where(eq(accountEmails.userId, userId)),
  ]);
  const email = e?.email ?? null;
  const nowIso = new Date().toISOString();
  const [, revokedElsewhere] = await orm.batch([
    // The personal workspace goes with its account even when a co-owner belongs to it (the
    // users trigger keeps workspaces that have other members); its data goes with it.
    orm.delete(workspaces).where(eq(workspaces.id, userId)),
    // The keys it made in workspaces that stay are revoked, as when a member leaves: the
    // users row going only clears their maker, which would leave them listed as live.
    orm
      .update(apiKeys)
      .set({ revokedAt: nowIso })
      .where(and(eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt)))
      .returning({ keyHash: apiKeys.keyHash }),
    // Its open invitations to other workspaces are withdrawn (they would hold seats until they expired).
    orm
      .update(workspaceInvitations)
      .set({ revokedAt: nowIso })
      .where(and(eq(workspaceInvitations.invitedBy, userId), isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt))),
    orm.delete(users).where(eq(users.id, userId)),
    orm.delete(emailSignInRequests).where(eq(emailSignInRequests.email, email ?? "")),
  ]);
  return {
    sessions: s?.n ?? 0,
    apiKeys: keys.length,
    alerts: a?.n ?? 0,
    notifications: n?.n ?? 0,
    watchlist: w?.n ?? 0,
    passkeys: p?.n ?? 0,
    refreshToken: (r?.n ?? 0) > 0,
    email,
    keyHashes: [...keys, ...revokedElsewhere].map((key) => key.keyHash),
  };
}
