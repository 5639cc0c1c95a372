import { and, asc, count, eq, isNull, lt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { passkeys, webauthnChallenges } from "../db/schema";

/** The D1 side of passkeys: credentials (public keys) per account, and one-time challenges. */

export type PasskeyRecord = typeof passkeys.$inferSelect;

export async function listPasskeys(db: D1Database, userId: string): Promise<PasskeyRecord[]> {
  return drizzle(db).select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function countPasskeys(db: D1Database, userId: string): Promise<number> {
  const [row] = await drizzle(db).select({ count: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.count ?? 0;
}

export async function findPasskey(db: D1Database, id: string): Promise<PasskeyRecord | null> {
  const [row] = await drizzle(db).select().from(passkeys).where(eq(passkeys.id, id)).limit(1);
  return row ?? null;
}

export async function insertPasskey(db: D1Database, row: typeof passkeys.$inferInsert): Promise<PasskeyRecord> {
  const [stored] = await drizzle(db).insert(passkeys).values(row).returning();
  if (!stored) throw new Error("storing the passkey returned no row");
  return stored;
}

/** Renames one of the account's passkeys; false when it has no such passkey. */
export async function renamePasskey(db: D1Database, userId: string, id: string, name: string): Promise<PasskeyRecord | null> {
  const [row] = await drizzle(db)
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Records a sign-in with its signature count, only while the stored count is lower (an
 * authenticator that counts nothing signs 0, and stays at 0). Two answers with one count checked
 * at once (a cloned key racing the original) both pass the library's check against the count
 * read before either: only the first to store it counts. False for the other.
 */
export async function recordPasskeyUse(db: D1Database, id: string, counter: number, nowIso: string): Promise<boolean> {
  const { meta } = await drizzle(db)
    .update(passkeys)
    .set({ counter, lastUsedAt: nowIso })
    .where(and(eq(passkeys.id, id), counter > 0 ? lt(passkeys.counter, counter) : eq(passkeys.counter, 0)))
    .run();
  return meta.changes === 1;
}

/** Stores a challenge and drops expired ones (keeps the table small). */
export async function insertChallenge(db: D1Database, row: typeof webauthnChallenges.$inferInsert, nowIso: string): Promise<void> {
  const orm = drizzle(db);
  await orm.batch([orm.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, nowIso)), orm.insert(webauthnChallenges).values(row)]);
}

/**
 * Takes a challenge once: deleted as it is read, so a replayed answer finds nothing. Only the
 * account that asked for it (or, for sign-in, nobody) may take it, and only before it expires.
 */
export async function takeChallenge(db: D1Database, id: string, userId: string | null, nowIso: string): Promise<string | null> {
  const [row] = await drizzle(db)
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId)))
    .returning();
  if (!row || row.expiresAt <= nowIso) return null;
  return row.challenge;
}
