import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { WorkspaceRole } from "../contract/workspaces";
import { apiKeys, apiKeyUsage, users, workspaceMembers, workspaces } from "../db/schema";
import type { UserRecord } from "../accounts/user-store";

/** The D1 side of API keys. Every read and change of a workspace's keys names the workspace. */
export type ApiKeyRecord = typeof apiKeys.$inferSelect;

export interface NewApiKey {
  id: string;
  name: string;
  prefix: string;
  keyHash: string;
  /** The member making it; the workspace's id (its personal owner) when not given. */
  createdBy?: string;
}

/**
 * Stores a key unless the workspace already has `maxLive` live keys. The count and the insert
 * are one statement, so two requests at once cannot both take the last place: raw SQL,
 * because drizzle's insert cannot carry the WHERE of INSERT … SELECT.
 */
export async function insertApiKey(
  db: D1Database,
  workspaceId: string,
  key: NewApiKey,
  maxLive: number,
): Promise<ApiKeyRecord | null> {
  const row = await db
    .prepare(
      `INSERT INTO api_keys (id, workspace_id, name, prefix, key_hash, created_by)
       SELECT ?1, ?2, ?3, ?4, ?5, ?7
       WHERE (SELECT count(*) FROM api_keys WHERE workspace_id = ?2 AND revoked_at IS NULL) < ?6
       RETURNING created_at AS createdAt`,
    )
    .bind(key.id, workspaceId, key.name, key.prefix, key.keyHash, maxLive, key.createdBy ?? workspaceId)
    .first<{ createdAt: string }>();
  if (!row) return null;
  const { createdBy, ...rest } = key;
  return { ...rest, workspaceId, createdBy: createdBy ?? workspaceId, createdAt: row.createdAt, lastUsedAt: null, revokedAt: null };
}

/** A rotation: the key that replaced the old one, and the old one's hash (for forgetApiKey). */
export interface ReplacedApiKey {
  key: ApiKeyRecord;
  revokedKeyHash: string;
}

/**
 * Replaces one of the workspace's live keys: the new one (under the old one's name) goes in and
 * the old one is revoked in one batch, so the place the old key frees is its replacement's (a
 * create at the same instant cannot take it) and the same key rotated twice at once is replaced
 * once. The insert needs the old key still live; the revocation needs the insert. Null when it
 * is not one of the workspace's live keys.
 */
export async function replaceApiKey(
  db: D1Database,
  workspaceId: string,
  oldId: string,
  key: Omit<NewApiKey, "name">,
  nowIso: string,
): Promise<ReplacedApiKey | null> {
  const createdBy = key.createdBy ?? workspaceId;
  const [inserted, revoked] = await db.batch<Record<string, string>>([
    db
      .prepare(
        `INSERT INTO api_keys (id, workspace_id, name, prefix, key_hash, created_by)
         SELECT ?1, workspace_id, name, ?4, ?5, ?6 FROM api_keys WHERE id = ?3 AND workspace_id = ?2 AND revoked_at IS NULL
         RETURNING name, created_at AS createdAt`,
      )
      .bind(key.id, workspaceId, oldId, key.prefix, key.keyHash, createdBy),
    db
      .prepare(
        `UPDATE api_keys SET revoked_at = ?4
         WHERE id = ?3 AND workspace_id = ?2 AND revoked_at IS NULL AND EXISTS (SELECT 1 FROM api_keys WHERE id = ?1)
         RETURNING key_hash AS keyHash`,
      )
      .bind(key.id, workspaceId, oldId, nowIso),
  ]);
  const row = inserted?.results[0];
  const old = revoked?.results[0];
  if (!row || !old) return null;
  return {
    key: { id: key.id, workspaceId, name: row.name!, prefix: key.prefix, keyHash: key.keyHash, createdBy, createdAt: row.createdAt!, lastUsedAt: null, revokedAt: null },
    revokedKeyHash: old.keyHash!,
  };
}

/** The workspace's live keys, oldest first. */
export function listLiveApiKeys(db: D1Database, workspaceId: string): Promise<ApiKeyRecord[]> {
  return drizzle(db)
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/** Revokes one of the workspace's live keys; null when it is not one of them or already revoked. */
export async function revokeApiKey(db: D1Database, workspaceId: string, id: string, now: string): Promise<ApiKeyRecord | null> {
  const [row] = await drizzle(db)
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

/**
 * The key with this hash, revoked or not, with the member who made it, its workspace and that
 * member's role there (null once they left: the key then stops working); null for an unknown key
 * or one whose maker's account is gone.
 */
export async function findApiKeyByHash(
  db: D1Database,
  keyHash: string,
): Promise<{ key: ApiKeyRecord; user: UserRecord; workspace: { id: string; name: string; role: WorkspaceRole | null } } | null> {
  const [row] = await drizzle(db)
    .select({ key: apiKeys, user: users, workspaceName: workspaces.name, role: workspaceMembers.role })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .leftJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, apiKeys.workspaceId), eq(workspaceMembers.userId, apiKeys.createdBy)))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  if (!row) return null;
  return { key: row.key, user: row.user, workspace: { id: row.key.workspaceId, name: row.workspaceName, role: row.role ?? null } };
}

/** "2026-11-24T14": the UTC hour usage is counted in. */
export function usageHour(now: number): string {
  return new Date(now).toISOString().slice(0, 13);
}

/** Adds `requests` made with the key in `hour` and marks it used at `lastUsedAt`. */
export async function recordApiKeyUse(
  db: D1Database,
  keyId: string,
  hour: string,
  requests: number,
  lastUsedAt: number,
): Promise<void> {
  const orm = drizzle(db);
  const usedAt = new Date(lastUsedAt).toISOString();
  await orm.batch([
    orm
      .insert(apiKeyUsage)
      .values({ keyId, hour, requests })
      .onConflictDoUpdate({
        target: [apiKeyUsage.keyId, apiKeyUsage.hour],
        set: { requests: sql`${apiKeyUsage.requests} + ${requests}` },
      }),
    // A late batch never moves last-used back.
    orm
      .update(apiKeys)
      .set({ lastUsedAt: usedAt })
      .where(and(eq(apiKeys.id, keyId), sql`(${apiKeys.lastUsedAt} IS NULL OR ${apiKeys.lastUsedAt} < ${usedAt})`)),
  ]);
}

/** Deletes hourly key usage older than `beforeHour` (Settings shows 7 days); answers how many rows went. */
export async function deleteApiKeyUsageBefore(db: D1Database, beforeHour: string): Promise<number> {
  const result = await drizzle(db).delete(apiKeyUsage).where(lt(apiKeyUsage.hour, beforeHour));
  return result.meta.changes;
}

/** Hourly request counts of these keys since `sinceHour`, newest first. */
export function apiKeyUsageSince(db: D1Database, keyIds: string[], sinceHour: string) {
  if (keyIds.length === 0) return Promise.resolve([]);
  return drizzle(db)
    .select()
    .from(apiKeyUsage)
    .where(and(inArray(apiKeyUsage.keyId, keyIds), gte(apiKeyUsage.hour, sinceHour)))
    .orderBy(desc(apiKeyUsage.hour));
}

/**
 * Requests made this `hour` with any of the workspace's keys, revoked ones included: the hourly
 * limit counts every key of the workspace, so revoking one does not give its requests back.
 */
export async function workspaceKeyRequestsInHour(db: D1Database, workspaceId: string, hour: string): Promise<number> {
  const [row] = await drizzle(db)
    .select({ requests: sql<number>`coalesce(sum(${apiKeyUsage.requests}), 0)` })
    .from(apiKeyUsage)
    .innerJoin(apiKeys, eq(apiKeys.id, apiKeyUsage.keyId))
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeyUsage.hour, hour)));
  return row?.requests ?? 0;
}
