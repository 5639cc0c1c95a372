import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { PAID_STATUSES } from "../contract/billing";
import type { WorkspaceRole, WorkspaceView } from "../contract/workspaces";
import { accountEmails, apiKeys, users, workspaceMembers, workspaces } from "../db/schema";
import type { CurrentWorkspace } from "../env";

/** The D1 side of workspaces and their members. Every membership read names the account. */

/**
 * The workspace an account acts in: `preferred` (the session's choice) while it is still a
 * member there, else its personal workspace, else its oldest membership. An account that has
 * none (its personal workspace was deleted) gets a new personal one, so a session always has one.
 */
export async function currentMembership(db: D1Database, userId: string, preferred: string | null): Promise<CurrentWorkspace> {
  const pick = () =>
    db
      .prepare(
        `SELECT w.id, w.name, m.role FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
         WHERE m.user_id = ?1
         ORDER BY (w.id = ?2) DESC, (w.id = ?1) DESC, m.created_at, w.id LIMIT 1`,
      )
      .bind(userId, preferred ?? "")
      .first<CurrentWorkspace>();
  const found = await pick();
  if (found) return found;
  await db.batch([
    db.prepare("INSERT OR IGNORE INTO workspaces (id, name) VALUES (?1, 'Personal')").bind(userId),
    db.prepare("INSERT OR IGNORE INTO workspace_members (workspace_id, user_id, role) VALUES (?1, ?1, 'owner')").bind(userId),
  ]);
  return (await pick())!;
}

/** The account's workspaces, its personal one first, then by name. */
export async function listMemberships(db: D1Database, userId: string): Promise<WorkspaceView[]> {
  const rows = await drizzle(db)
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(sql`${workspaces.id} = ${userId} DESC`, asc(workspaces.name), asc(workspaces.id));
  return rows.map((row) => ({ ...row, personal: row.id === userId }));
}

/** The account's role in the workspace; null when it is not a member. */
export async function roleIn(db: D1Database, workspaceId: string, userId: string): Promise<WorkspaceRole | null> {
  const [row] = await drizzle(db)
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/**
 * SQL: how many Free workspaces the account (`?3`) owns, as `planFromBilling` (billing/entitlements.ts)
 * reads a plan: no Enterprise assignment and no subscription in a paid status (`?5`, PAID_STATUSES as JSON).
 */
const FREE_OWNED = `(SELECT count(*) FROM workspace_members m
   WHERE m.user_id = ?3 AND m.role = 'owner'
     AND NOT EXISTS (SELECT 1 FROM enterprise_assignments e WHERE e.workspace_id = m.workspace_id)
     AND NOT EXISTS (SELECT 1 FROM billing_subscriptions s WHERE s.workspace_id = m.workspace_id AND s.status IN (SELECT value FROM json_each(?5))))`;

/**
 * A new workspace with `userId` as its owner, unless the account already owns `freeLimit` Free
 * workspaces (FREE_WORKSPACES_PER_ACCOUNT, free-workspaces.ts); answers its id, or null when the
 * limit refused it. The count is in the statement that inserts the workspace, and its owner goes
 * in by the same batch only when it did, so creates at the same instant cannot pass the limit together.
 */
export async function createWorkspace(db: D1Database, userId: string, name: string, freeLimit: number): Promise<string | null> {
  const id = crypto.randomUUID();
  const [created] = await db.batch([
    db.prepare(`INSERT INTO workspaces (id, name) SELECT ?1, ?2 WHERE ${FREE_OWNED} < ?4`).bind(id, name, userId, freeLimit, JSON.stringify(PAID_STATUSES)),
    db.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) SELECT ?1, ?2, 'owner' WHERE EXISTS (SELECT 1 FROM workspaces WHERE id = ?1)").bind(id, userId),
  ]);
  return (created?.meta.changes ?? 0) > 0 ? id : null;
}

export async function renameWorkspace(db: D1Database, workspaceId: string, name: string): Promise<void> {
  await drizzle(db).update(workspaces).set({ name, updatedAt: new Date().toISOString() }).where(eq(workspaces.id, workspaceId));
}

export interface MemberRecord {
  userId: string;
  email: string | null;
  role: WorkspaceRole;
  joinedAt: string;
}

/** The workspace's members, owners first, then by when they joined. */
export async function listMembers(db: D1Database, workspaceId: string): Promise<MemberRecord[]> {
  const rows = await drizzle(db)
    .select({ userId: workspaceMembers.userId, email: accountEmails.email, role: workspaceMembers.role, joinedAt: workspaceMembers.createdAt })
    .from(workspaceMembers)
    .leftJoin(accountEmails, eq(accountEmails.userId, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(sql`${workspaceMembers.role} = 'owner' DESC`, asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
  return rows;
}

/** Those of `userIds` who are members of the workspace, with their address and role (in no order). */
export async function membersAmong(db: D1Database, workspaceId: string, userIds: readonly string[]): Promise<Omit<MemberRecord, "joinedAt">[]> {
  if (userIds.length === 0) return [];
  return drizzle(db)
    .select({ userId: workspaceMembers.userId, email: accountEmails.email, role: workspaceMembers.role })
    .from(workspaceMembers)
    .leftJoin(accountEmails, eq(accountEmails.userId, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, [...new Set(userIds)])));
}

/** How many owners the workspace has. */
export async function countOwners(db: D1Database, workspaceId: string): Promise<number> {
  const row = await db
    .prepare("SELECT count(*) AS n FROM workspace_members WHERE workspace_id = ? AND role = 'owner'")
    .bind(workspaceId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * Changes a member's role, unless that would leave the workspace without an owner (one
 * statement, so two demotions at once cannot both pass), and in the same batch withdraws their
 * open invitations of `uninvitable` roles (roles.ts rolesNotInvitableBy(role)). Only while they
 * still hold `from`, the role the caller's right to change was checked against (an admin's
 * change must not land on someone made owner a moment ago): answers whether it changed.
 */
export async function setMemberRole(
  db: D1Database,
  workspaceId: string,
  userId: string,
  change: { from: WorkspaceRole; to: WorkspaceRole; uninvitable: readonly WorkspaceRole[] },
  nowIso: string,
): Promise<boolean> {
  const { from, to: role, uninvitable } = change;
  const [changed] = await db.batch([
    db
      .prepare(
        `UPDATE workspace_members SET role = ?3 WHERE workspace_id = ?1 AND user_id = ?2 AND role = ?4
           AND (?3 = 'owner' OR role <> 'owner'
                OR (SELECT count(*) FROM workspace_members WHERE workspace_id = ?1 AND role = 'owner') > 1)`,
      )
      .bind(workspaceId, userId, role, from),
    // Only when the change happened: the member holds the new role by now.
    db
      .prepare(
        `UPDATE workspace_invitations SET revoked_at = ?5
         WHERE workspace_id = ?1 AND invited_by = ?2 AND accepted_at IS NULL AND revoked_at IS NULL
           AND role IN (SELECT value FROM json_each(?4))
           AND EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = ?1 AND user_id = ?2 AND role = ?3)`,
      )
      .bind(workspaceId, userId, role, JSON.stringify(uninvitable), nowIso),
  ]);
  return (changed?.meta.changes ?? 0) > 0;
}

/**
 * Removes a member (unless they are its last owner, or it is their personal workspace) and
 * revokes the API keys they made in it and withdraws the invitations they sent, in one batch;
 * only while they still hold `role` when given (the role the caller's right was checked against); answers the revoked keys' hashes (to drop from this isolate's key cache),
 * or null when nothing was removed.
 */
/** What a removal stopped: the member's keys there, and the workspace's mail to the member's own address. */
export interface RemovedMember {
  keyHashes: string[];
  /** The alert email was the member's address and is cleared. */
  alertEmailCleared: boolean;
  /** Report recipients at the member's address, deleted. */
  reportRecipientsRemoved: number;
}

/**
 * Removes a member (or lets one leave): their keys there are revoked, their open invitations
 * withdrawn, and the workspace stops mailing their own address (its alert email, its report
 * recipients), which would otherwise keep sending a departed member the workspace's data. Null
 * when nothing was removed (the last owner, or not a member).
 */
export async function removeMember(db: D1Database, workspaceId: string, userId: string, nowIso: string, role?: WorkspaceRole): Promise<RemovedMember | null> {
  const gone = "NOT EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = ?1 AND user_id = ?2)";
  const memberEmail = "(SELECT email FROM account_emails WHERE user_id = ?2)";
  const [removed, revoked, , alertEmail, recipients] = await db.batch<{ user_id?: string; key_hash?: string; workspace_id?: string; email?: string }>([
    db
      .prepare(
        `DELETE FROM workspace_members WHERE workspace_id = ?1 AND user_id = ?2 AND user_id <> workspace_id AND (?3 IS NULL OR role = ?3)
           AND (role <> 'owner' OR (SELECT count(*) FROM workspace_members WHERE workspace_id = ?1 AND role = 'owner') > 1)
         RETURNING user_id`,
      )
      .bind(workspaceId, userId, role ?? null),
    // Only when the removal happened: the member is gone from the workspace by now.
    db
      .prepare(
        `UPDATE api_keys SET revoked_at = ?3 WHERE workspace_id = ?1 AND created_by = ?2 AND revoked_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = ?1 AND user_id = ?2)
         RETURNING key_hash`,
      )
      .bind(workspaceId, userId, nowIso),
    db
      .prepare(
        `UPDATE workspace_invitations SET revoked_at = ?3
         WHERE workspace_id = ?1 AND invited_by = ?2 AND accepted_at IS NULL AND revoked_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = ?1 AND user_id = ?2)`,
      )
      .bind(workspaceId, userId, nowIso),
    db
      .prepare(`UPDATE user_settings SET alert_email = NULL WHERE workspace_id = ?1 AND alert_email = ${memberEmail} AND ${gone} RETURNING workspace_id`)
      .bind(workspaceId, userId),
    db.prepare(`DELETE FROM report_recipients WHERE workspace_id = ?1 AND email = ${memberEmail} AND ${gone} RETURNING email`).bind(workspaceId, userId),
  ]);
  if (!removed?.results.length) return null;
  return {
    keyHashes: (revoked?.results ?? []).map((row) => row.key_hash!),
    alertEmailCleared: (alertEmail?.results.length ?? 0) > 0,
    reportRecipientsRemoved: recipients?.results.length ?? 0,
  };
}

/** A removal's audit detail: keys revoked, and the mail to the member's address that stopped (only when some did). */
export function removalDetail(removed: RemovedMember): Record<string, number | boolean> {
  return {
    revokedKeys: removed.keyHashes.length,
    ...(removed.alertEmailCleared ? { alertEmailCleared: true } : {}),
    ...(removed.reportRecipientsRemoved > 0 ? { reportRecipientsRemoved: removed.reportRecipientsRemoved } : {}),
  };
}

/** Whether the workspace is some account's personal one (its id is that account's id, ADR 0011). */
export async function isPersonalWorkspace(db: D1Database, workspaceId: string): Promise<boolean> {
  return (await drizzle(db).$count(users, eq(users.id, workspaceId))) > 0;
}

/** Deletes a workspace and (cascade) all its data; answers its live keys' hashes first. */
export async function deleteWorkspace(db: D1Database, workspaceId: string): Promise<string[]> {
  const orm = drizzle(db);
  const keys = await orm.select({ keyHash: apiKeys.keyHash }).from(apiKeys).where(eq(apiKeys.workspaceId, workspaceId));
  await orm.delete(workspaces).where(eq(workspaces.id, workspaceId));
  return keys.map((key) => key.keyHash);
}

/** Workspaces the account shares with others (its deletion is recorded in their audit logs). */
export async function sharedWorkspacesOf(db: D1Database, userId: string): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT m.workspace_id AS id FROM workspace_members m
       WHERE m.user_id = ?1 AND EXISTS (SELECT 1 FROM workspace_members x WHERE x.workspace_id = m.workspace_id AND x.user_id <> ?1)`,
    )
    .bind(userId)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

/** Workspaces where the account is the only owner and others are members: its deletion must wait. */
export async function workspacesOnlyOwnedBy(db: D1Database, userId: string): Promise<{ id: string; name: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT w.id, w.name FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
       WHERE m.user_id = ?1 AND m.role = 'owner'
         AND NOT EXISTS (SELECT 1 FROM workspace_members o WHERE o.workspace_id = m.workspace_id AND o.role = 'owner' AND o.user_id <> ?1)
         AND EXISTS (SELECT 1 FROM workspace_members x WHERE x.workspace_id = m.workspace_id AND x.user_id <> ?1)
       ORDER BY w.name`,
    )
    .bind(userId)
    .all<{ id: string; name: string }>();
  return results;
}

/** The hashes of the live keys a member made in a workspace (to drop from this isolate's key cache when their role changes). */
export async function keyHashesMadeBy(db: D1Database, workspaceId: string, userId: string): Promise<string[]> {
  const rows = await drizzle(db)
    .select({ keyHash: apiKeys.keyHash })
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt)));
  return rows.map((row) => row.keyHash);
}
