import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { users } from "../db/schema";

/** The seller id on a users row: which account a selling partner belongs to, and giving one to an email account. */

export async function accountOfSellerId(db: D1Database, sellingPartnerId: string): Promise<typeof users.$inferSelect | null> {
  const [row] = await drizzle(db).select().from(users).where(eq(users.sellingPartnerId, sellingPartnerId)).limit(1);
  return row ?? null;
}

/** Sets the account's seller id; false when another account holds it (the unique index decides a race). */
export async function setSellerId(db: D1Database, userId: string, sellingPartnerId: string, nowIso: string): Promise<typeof users.$inferSelect | null> {
  try {
    const [row] = await drizzle(db).update(users).set({ sellingPartnerId, updatedAt: nowIso }).where(eq(users.id, userId)).returning();
    return row ?? null;
  } catch {
    return null;
  }
}
