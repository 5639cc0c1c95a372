import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { AccountMarketplace } from "../contract/account";
import { users } from "../db/schema";
import { deleteInChunks } from "../shared/delete-in-chunks";

/**
 * The D1 side of user accounts: a seller's account, created on first sign-in, or a demo one.
 * Every read and write takes the user's id, so no call can reach another's row.
 */
export type UserRecord = typeof users.$inferSelect;

const nowIso = () => new Date().toISOString();

export async function findUser(db: D1Database, userId: string): Promise<UserRecord | null> {
  const [row] = await drizzle(db).select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The account of a selling partner, created on its first sign-in. */
export async function upsertSellerUser(db: D1Database, sellingPartnerId: string): Promise<UserRecord> {
  const [row] = await drizzle(db)
    .insert(users)
    .values({ id: crypto.randomUUID(), sellingPartnerId, isDemo: false })
    .onConflictDoUpdate({ target: users.sellingPartnerId, set: { updatedAt: nowIso() } })
    .returning();
  if (!row) throw new Error("upserting the seller account returned no row");
  return row;
}

/** Marks now as when the account signed out every other browser: known-browser.ts honours no entry older. */
export async function resetKnownBrowsers(db: D1Database, userId: string, nowIso: string): Promise<void> {
  await drizzle(db).update(users).set({ knownBrowsersResetAt: nowIso }).where(eq(users.id, userId));
}

export async function createDemoUser(db: D1Database): Promise<UserRecord> {
  const id = crypto.randomUUID();
  const [row] = await drizzle(db)
    .insert(users)
    .values({ id, sellingPartnerId: `DEMO-${id}`, isDemo: true, lastActiveAt: nowIso() })
    .returning();
  if (!row) throw new Error("creating the demo account returned no row");
  return row;
}

/**
 * Deletes demo accounts last used before `cutoffIso` (a demo never used since creation counts
 * from its creation), `chunk` at a time; their alerts, watchlist, events, sessions and settings
 * go with them (ON DELETE CASCADE). The ids of the accounts that went (each its personal workspace's).
 */
export async function deleteIdleDemoUsers(db: D1Database, cutoffIso: string, chunk: number): Promise<string[]> {
  const orm = drizzle(db);
  const idle = orm
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isDemo, true), lt(sql`coalesce(${users.lastActiveAt}, ${users.createdAt})`, cutoffIso)))
    .limit(chunk);
  const deleted: string[] = [];
  await deleteInChunks(chunk, async () => {
    const gone = await orm.delete(users).where(inArray(users.id, idle)).returning({ id: users.id });
    deleted.push(...gone.map((row) => row.id));
    return gone.length;
  });
  return deleted;
}

/** Onboarding's answers; the first completion's time is kept when it is done again. */
export async function completeOnboarding(
  db: D1Database,
  userId: string,
  choice: { marketplace: AccountMarketplace; brandName: string | null },
): Promise<UserRecord> {
  const now = nowIso();
  const [row] = await drizzle(db)
    .update(users)
    .set({
      marketplace: choice.marketplace,
      brandName: choice.brandName,
      onboardedAt: sql`coalesce(${users.onboardedAt}, ${now})`,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error("the signed-in account no longer exists");
  return row;
}
