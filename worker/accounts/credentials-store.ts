import { and, asc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SellerRegion } from "../contract/account";
import { sellerConnections, users } from "../db/schema";
import { defaultConnectionName } from "../connections/grant-rules";
import { connectionIdFor, eraseToken, saveGrant } from "../connections/connection-store";

/**
 * A workspace's primary seller authorization: its oldest connected seller connection
 * (connections/connection-store.ts holds them all). What one-seller screens (Settings' status,
 * Seller Central without a filter) and the Amazon sign-in read and write.
 */
export interface CredentialsRecord {
  /** The connection's id, also the associated data its refresh token is sealed with. */
  id: string;
  sellingPartnerId: string;
  refreshTokenCiphertext: string;
  keyId: string;
  region: string;
  grantedAt: string;
  updatedAt: string;
}

export interface StoredCredentials {
  refreshTokenCiphertext: string;
  keyId: string;
  region: SellerRegion;
  grantedAt: string;
}

export async function findCredentials(db: D1Database, workspaceId: string): Promise<CredentialsRecord | null> {
  const [row] = await drizzle(db)
    .select()
    .from(sellerConnections)
    .where(and(eq(sellerConnections.workspaceId, workspaceId), eq(sellerConnections.status, "connected")))
    .orderBy(asc(sellerConnections.createdAt), asc(sellerConnections.id))
    .limit(1);
  if (!row?.refreshTokenCiphertext || !row.keyId || !row.grantedAt) return null;
  return { ...row, refreshTokenCiphertext: row.refreshTokenCiphertext, keyId: row.keyId, grantedAt: row.grantedAt };
}

/**
 * Stores the grant of the account's own seller (its users row's seller id) in its personal
 * workspace, under the workspace's id when that is free. The ciphertext must have been sealed
 * with that id (`personalConnectionId`); a caller that sealed it passes the id, which is not worked out again.
 */
export async function saveCredentials(db: D1Database, userId: string, credentials: StoredCredentials, connectionId?: string): Promise<void> {
  const [user] = await drizzle(db).select({ sellingPartnerId: users.sellingPartnerId, brandName: users.brandName }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error("saving credentials of an account that does not exist");
  const id = connectionId ?? (await personalConnectionId(db, userId, user.sellingPartnerId, credentials.region));
  const { region, ...grant } = credentials;
  // The account's own seller is never refused by a plan's limit (null).
  await saveGrant(db, { id, workspaceId: userId, sellingPartnerId: user.sellingPartnerId, region, name: defaultConnectionName(user.brandName ?? user.sellingPartnerId, region), grant }, null);
}

/** The id the account's own seller grant in `region` is (or will be) stored under. */
export async function personalConnectionId(db: D1Database, userId: string, sellingPartnerId: string, region: string): Promise<string> {
  return connectionIdFor(db, userId, sellingPartnerId, region, userId);
}

/** Erases the primary connection's token (the one findCredentials answers); the connection and its data stay. */
export async function deleteCredentials(db: D1Database, workspaceId: string, connectionId: string): Promise<void> {
  await eraseToken(db, workspaceId, connectionId);
}
