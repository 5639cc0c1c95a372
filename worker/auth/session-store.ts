import { and, count, desc, eq, gt, isNotNull, isNull, lt, lte, ne, notInArray, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { sessions, users } from "../db/schema";
import type { UserRecord } from "../accounts/user-store";

/** The D1 side of sessions: a row per signed-in browser, so a session can be revoked before its token expires. */

/**
 * Records a new session and drops the user's ended ones, which are of no further use (keeps
 * the table bounded). The user keeps at most `maxSessions` sessions: beyond that, the
 * oldest are ended first.
 */
export async function insertSession(
  db: D1Database,
  sessionId: string,
  userId: string,
  nowIso: string,
  expiresAtIso: string,
  maxSessions: number,
  verifiedAtIso: string | null = null,
): Promise<void> {
  const orm = drizzle(db);
  const newest = orm
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    // rowid breaks ties between sessions created in the same millisecond: the later insert wins.
    .orderBy(desc(sessions.createdAt), desc(sql`rowid`))
    .limit(maxSessions);
  await orm.batch([
    orm.delete(sessions).where(and(eq(sessions.userId, userId), or(isNotNull(sessions.revokedAt), lte(sessions.expiresAt, nowIso)))),
    orm.insert(sessions).values({ id: sessionId, userId, createdAt: nowIso, expiresAt: expiresAtIso, verifiedAt: verifiedAtIso }),
    orm.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.id, newest))),
  ]);
}

/** The nightly sweep: every ended session (revoked or expired) of every user; how many went. */
export async function deleteEndedSessions(db: D1Database, nowIso: string): Promise<number> {
  const result = await drizzle(db)
    .delete(sessions)
    .where(or(isNotNull(sessions.revokedAt), lte(sessions.expiresAt, nowIso)))
    .run();
  return result.meta.changes;
}

/** Notes that a demo account was used now (at most once an hour per account, so a busy demo writes little). */
export async function touchDemoAccount(db: D1Database, userId: string, nowIso: string, staleBeforeIso: string): Promise<void> {
  await drizzle(db)
    .update(users)
    .set({ lastActiveAt: nowIso })
    .where(and(eq(users.id, userId), eq(users.isDemo, true), or(isNull(users.lastActiveAt), lt(users.lastActiveAt, staleBeforeIso))));
}

export interface LiveSessionRow {
  user: UserRecord;
  workspaceId: string | null;
  expiresAt: string;
  verifiedAt: string;
  membership: string | null;
}

/**
 * The user of a live session (not revoked, not expired, owned by `userId`) and the workspace it
 * acts in, in one round trip; null otherwise. The workspace is the session's choice while the
 * account is still a member there, else its personal one, else its oldest membership (JSON of
 * {id, name, role} and the workspace's billing: {status, paidPlan, enterprise, enterpriseApiLimit};
 * null when it has none).
 */
export async function findLiveSessionUser(
  db: D1Database,
  sessionId: string,
  userId: string,
  nowIso: string,
): Promise<LiveSessionRow | null> {
  const [row] = await drizzle(db)
    .select({
      user: users,
      workspaceId: sessions.workspaceId,
      expiresAt: sessions.expiresAt,
      verifiedAt: sql<string>`COALESCE(${sessions.verifiedAt}, ${sessions.createdAt})`,
      membership: sql<string | null>`(SELECT json_object('id', w.id, 'name', w.name, 'role', m.role, 'status', s.status, 'paidPlan', s.paid_plan,
          'enterprise', e.workspace_id IS NOT NULL, 'enterpriseApiLimit', e.api_requests_per_hour)
        FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
        LEFT JOIN billing_subscriptions s ON s.workspace_id = w.id
        LEFT JOIN enterprise_assignments e ON e.workspace_id = w.id
        WHERE m.user_id = ${sessions.userId}
        ORDER BY (w.id = ${sessions.workspaceId}) DESC, (w.id = ${sessions.userId}) DESC, m.created_at, w.id LIMIT 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, nowIso)))
    .limit(1);
  return row ?? null;
}

/** Makes the session work in `workspaceId` from its next request on. */
export async function setSessionWorkspace(db: D1Database, sessionId: string, workspaceId: string): Promise<void> {
  await drizzle(db).update(sessions).set({ workspaceId }).where(eq(sessions.id, sessionId));
}

/** The session's person proved it was them just now (recent-sign-in.ts); false when it is no longer live. */
export async function markSessionVerified(db: D1Database, sessionId: string, nowIso: string): Promise<boolean> {
  const { meta } = await drizzle(db)
    .update(sessions)
    .set({ verifiedAt: nowIso })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, nowIso)))
    .run();
  return meta.changes > 0;
}

export async function revokeSessionRow(db: D1Database, sessionId: string, nowIso: string): Promise<void> {
  await drizzle(db)
    .update(sessions)
    .set({ revokedAt: nowIso })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** The account's live sessions (not revoked, not expired) other than `sessionId`: the other browsers signed in to it. */
export async function countOtherLiveSessions(db: D1Database, userId: string, sessionId: string, nowIso: string): Promise<number> {
  const [row] = await drizzle(db)
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, nowIso)));
  return row?.n ?? 0;
}

/** Revokes every live session of the account but `sessionId`; how many it ended. */
export async function revokeOtherSessionRows(db: D1Database, userId: string, sessionId: string, nowIso: string): Promise<number> {
  const { meta } = await drizzle(db)
    .update(sessions)
    .set({ revokedAt: nowIso })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, nowIso)))
    .run();
  return meta.changes;
}
