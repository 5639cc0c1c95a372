import { and, eq, gt, isNotNull, isNull, lte, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { sessions, users } from "../db/schema";
import type { UserRecord } from "./accounts-store";

/** The D1 side of sessions: a row per signed-in browser, so a session can be revoked before its token expires. */

/** Records a new session and drops the user's ended ones, which are of no further use (keeps the table bounded). */
export async function insertSession(db: D1Database, sessionId: string, userId: string, nowIso: string, expiresAtIso: string): Promise<void> {
  const orm = drizzle(db);
  await orm.batch([
    orm.delete(sessions).where(and(eq(sessions.userId, userId), or(isNotNull(sessions.revokedAt), lte(sessions.expiresAt, nowIso)))),
    orm.insert(sessions).values({ id: sessionId, userId, expiresAt: expiresAtIso }),
  ]);
}

/** The user of a live session (not revoked, not expired, owned by `userId`), in one round trip; null otherwise. */
export async function findLiveSessionUser(db: D1Database, sessionId: string, userId: string, nowIso: string): Promise<UserRecord | null> {
  const [row] = await drizzle(db)
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, nowIso)))
    .limit(1);
  return row?.user ?? null;
}

export async function revokeSessionRow(db: D1Database, sessionId: string, nowIso: string): Promise<void> {
  await drizzle(db)
    .update(sessions)
    .set({ revokedAt: nowIso })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
