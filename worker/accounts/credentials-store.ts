import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SellerRegion } from "../contract/account";
import { sellerCredentials } from "../db/schema";

/**
 * The D1 side of a seller's Amazon authorization: the refresh token, encrypted (auth/token-crypto),
 * the key that sealed it, the region and when it was granted. One row per user, keyed by their id.
 */
export type CredentialsRecord = typeof sellerCredentials.$inferSelect;

export interface StoredCredentials {
  refreshTokenCiphertext: string;
  keyId: string;
  region: SellerRegion;
  grantedAt: string;
}

const nowIso = () => new Date().toISOString();

export async function findCredentials(db: D1Database, userId: string): Promise<CredentialsRecord | null> {
  const [row] = await drizzle(db).select().from(sellerCredentials).where(eq(sellerCredentials.workspaceId, userId)).limit(1);
  return row ?? null;
}

export async function saveCredentials(db: D1Database, userId: string, credentials: StoredCredentials): Promise<void> {
  await drizzle(db)
    .insert(sellerCredentials)
    .values({ workspaceId: userId, ...credentials })
    .onConflictDoUpdate({ target: sellerCredentials.workspaceId, set: { ...credentials, updatedAt: nowIso() } });
}

/** Re-encrypted under a newer key; the grant itself is unchanged. */
export async function replaceCiphertext(
  db: D1Database,
  userId: string,
  refreshTokenCiphertext: string,
  keyId: string,
): Promise<void> {
  await drizzle(db)
    .update(sellerCredentials)
    .set({ refreshTokenCiphertext, keyId, updatedAt: nowIso() })
    .where(eq(sellerCredentials.workspaceId, userId));
}

export async function deleteCredentials(db: D1Database, userId: string): Promise<void> {
  await drizzle(db).delete(sellerCredentials).where(eq(sellerCredentials.workspaceId, userId));
}
