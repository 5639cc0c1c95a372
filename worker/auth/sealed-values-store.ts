import { and, asc, eq, gt, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { sellerConnections, userSettings } from "../db/schema";

/**
 * The rows holding values sealed under TOKEN_ENCRYPTION_KEYS (token-crypto.ts) with a key other
 * than the newest, for the nightly re-seal (jobs/retention/reseal.ts), and guarded writes that
 * replace one ciphertext only while the row still holds the one that was read.
 */

/** A sealed value of a row: the id it is bound to, and its ciphertext. */
export interface SealedValue {
  rowId: string;
  ciphertext: string;
}

export type ChannelSecretColumn = "webhookUrlCiphertext" | "webhookSecretCiphertext";

/** True when `column` holds a ciphertext whose JWE header is not `header` (the newest key's). */
const sealedOtherwise = (column: SQLiteColumn, header: string): SQL =>
  and(isNotNull(column), sql`substr(${column}, 1, ${header.length + 1}) <> ${`${header}.`}`)!;

/** Webhook URLs or signing secrets of workspaces after `afterId`, sealed under another key than `header`'s, by workspace id. */
export async function channelValuesSealedOtherwise(db: D1Database, column: ChannelSecretColumn, header: string, afterId: string, limit: number): Promise<SealedValue[]> {
  const rows = await drizzle(db)
    .select({ rowId: userSettings.workspaceId, ciphertext: userSettings[column] })
    .from(userSettings)
    .where(and(gt(userSettings.workspaceId, afterId), sealedOtherwise(userSettings[column], header)))
    .orderBy(asc(userSettings.workspaceId))
    .limit(limit);
  return rows.filter((row): row is SealedValue => row.ciphertext !== null);
}

/** Replaces a workspace's sealed URL or secret, unless it changed since `from` was read. True when replaced. */
export async function replaceChannelValue(db: D1Database, column: ChannelSecretColumn, workspaceId: string, from: string, to: string): Promise<boolean> {
  const replaced = await drizzle(db)
    .update(userSettings)
    .set({ [column]: to })
    .where(and(eq(userSettings.workspaceId, workspaceId), eq(userSettings[column], from)))
    .returning({ workspaceId: userSettings.workspaceId });
  return replaced.length > 0;
}

/** Refresh tokens of connections after `afterId` sealed under another key than `keyId`, by id. */
export async function refreshTokensSealedOtherwise(db: D1Database, keyId: string, afterId: string, limit: number): Promise<SealedValue[]> {
  const rows = await drizzle(db)
    .select({ rowId: sellerConnections.id, ciphertext: sellerConnections.refreshTokenCiphertext })
    .from(sellerConnections)
    .where(
      and(
        gt(sellerConnections.id, afterId),
        isNotNull(sellerConnections.refreshTokenCiphertext),
        or(isNull(sellerConnections.keyId), ne(sellerConnections.keyId, keyId)),
      ),
    )
    .orderBy(asc(sellerConnections.id))
    .limit(limit);
  return rows.filter((row): row is SealedValue => row.ciphertext !== null);
}

/** Replaces a connection's sealed refresh token, unless it changed since `from` was read (a reconnect). True when replaced. */
export async function replaceRefreshToken(db: D1Database, connectionId: string, from: string, to: { ciphertext: string; keyId: string }): Promise<boolean> {
  const replaced = await drizzle(db)
    .update(sellerConnections)
    .set({ refreshTokenCiphertext: to.ciphertext, keyId: to.keyId })
    .where(and(eq(sellerConnections.id, connectionId), eq(sellerConnections.refreshTokenCiphertext, from)))
    .returning({ id: sellerConnections.id });
  return replaced.length > 0;
}
