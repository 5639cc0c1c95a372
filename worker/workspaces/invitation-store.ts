import { and, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { WorkspaceRole } from "../contract/workspaces";
import { accountEmails, workspaceInvitations, workspaces } from "../db/schema";

/** The D1 side of workspace invitations. Only token hashes are stored. */

export type InvitationRecord = typeof workspaceInvitations.$inferSelect;

export type NewInvitation = { id: string; workspaceId: string; email: string; role: WorkspaceRole; tokenHash: string; invitedBy: string; createdAt: string; expiresAt: string };

/**
 * Stores an invitation before its email goes out, holding its seat: only while the workspace has
 * a free seat under `memberLimit` (null: no limit), counted as seats.ts counts them (members, and
 * open invitations to addresses not yet members, each address once), or the address already has
 * an open invitation (it takes no second seat). The count is in the insert's own statement, so
 * invitations sent at the same instant cannot pass the limit together. The address's earlier
 * invitations stay open until the email is sent (replaceEarlierInvitations); if it cannot be,
 * withdrawReservation removes this one. Answers whether it was stored.
 */
export async function reserveInvitation(db: D1Database, invitation: NewInvitation, memberLimit: number | null): Promise<boolean> {
  const i = invitation;
  const row = await db
    .prepare(
      `INSERT INTO workspace_invitations (id, workspace_id, email, role, token_hash, invited_by, created_at, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
       WHERE ?9 IS NULL
          OR EXISTS (SELECT 1 FROM workspace_invitations WHERE workspace_id = ?2 AND email = ?3 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?7)
          OR (SELECT count(*) FROM workspace_members WHERE workspace_id = ?2)
             + (SELECT count(DISTINCT o.email) FROM workspace_invitations o
                WHERE o.workspace_id = ?2 AND o.accepted_at IS NULL AND o.revoked_at IS NULL AND o.expires_at > ?7
                  AND o.email NOT IN (SELECT e.email FROM workspace_members m JOIN account_emails e ON e.user_id = m.user_id WHERE m.workspace_id = ?2)) < ?9
       RETURNING id`,
    )
    .bind(i.id, i.workspaceId, i.email, i.role, i.tokenHash, i.invitedBy, i.createdAt, i.expiresAt, memberLimit)
    .first<{ id: string }>();
  return row !== null;
}

/** Removes an invitation whose email could not be sent: nobody has its link, and it frees its seat. */
export async function withdrawReservation(db: D1Database, id: string): Promise<void> {
  await drizzle(db).delete(workspaceInvitations).where(and(eq(workspaceInvitations.id, id), isNull(workspaceInvitations.acceptedAt)));
}

/**
 * Once its email is sent, the invitation replaces the address's earlier open ones in its workspace:
 * they are withdrawn (their links stop working), so only the newest link and its role can be
 * accepted. Only earlier ones (by created_at, then id): two invitations to one address sent at the
 * same instant each replace the older, never each other, so the newer one stays open. Answers how
 * many it replaced.
 */
export async function replaceEarlierInvitations(db: D1Database, invitation: NewInvitation): Promise<number> {
  const replaced = await drizzle(db)
    .update(workspaceInvitations)
    .set({ revokedAt: invitation.createdAt })
    .where(
      and(
        eq(workspaceInvitations.workspaceId, invitation.workspaceId),
        eq(workspaceInvitations.email, invitation.email),
        or(
          lt(workspaceInvitations.createdAt, invitation.createdAt),
          and(eq(workspaceInvitations.createdAt, invitation.createdAt), lt(workspaceInvitations.id, invitation.id)),
        ),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
        gt(workspaceInvitations.expiresAt, invitation.createdAt),
      ),
    )
    .returning({ id: workspaceInvitations.id });
  return replaced.length;
}

/** Invitations still open (not accepted, revoked or expired), newest first. */
export function listOpenInvitations(db: D1Database, workspaceId: string, nowIso: string): Promise<InvitationRecord[]> {
  return drizzle(db)
    .select()
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
        gt(workspaceInvitations.expiresAt, nowIso),
      ),
    )
    .orderBy(desc(workspaceInvitations.createdAt));
}

/** Withdraws an open invitation of this workspace; answers it, or null when there was none. */
export async function revokeInvitation(db: D1Database, workspaceId: string, id: string, nowIso: string): Promise<InvitationRecord | null> {
  const [row] = await drizzle(db)
    .update(workspaceInvitations)
    .set({ revokedAt: nowIso })
    .where(
      and(
        eq(workspaceInvitations.id, id),
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** The invitation with this token hash and its workspace's name; null when there is none. */
export async function findInvitation(db: D1Database, tokenHash: string): Promise<(InvitationRecord & { workspaceName: string }) | null> {
  const [row] = await drizzle(db)
    .select({ invitation: workspaceInvitations, workspaceName: workspaces.name })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .where(eq(workspaceInvitations.tokenHash, tokenHash))
    .limit(1);
  return row ? { ...row.invitation, workspaceName: row.workspaceName } : null;
}

export async function confirmedEmailOf(db: D1Database, userId: string): Promise<string | null> {
  const [row] = await drizzle(db).select({ email: accountEmails.email }).from(accountEmails).where(eq(accountEmails.userId, userId)).limit(1);
  return row?.email ?? null;
}

/**
 * Accepts an open invitation for `userId` in one batch: marks it accepted (only if it still
 * is open, so a link works once, and only while the workspace has fewer than `memberLimit`
 * members or `userId` is one already, so two accepts at once cannot pass the plan's limit)
 * and adds the membership with its role (an existing member keeps their role). Answers
 * whether this call accepted it; a refused invitation stays open.
 */
export async function acceptInvitation(db: D1Database, invitationId: string, userId: string, nowIso: string, memberLimit: number | null): Promise<boolean> {
  const [accepted] = await db.batch<{ id: string }>([
    db
      .prepare(
        `UPDATE workspace_invitations SET accepted_at = ?3, accepted_by = ?2
         WHERE id = ?1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?3
           AND (?4 IS NULL
                OR EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = workspace_invitations.workspace_id AND m.user_id = ?2)
                OR (SELECT count(*) FROM workspace_members m WHERE m.workspace_id = workspace_invitations.workspace_id) < ?4)
         RETURNING id`,
      )
      .bind(invitationId, userId, nowIso, memberLimit),
    db
      .prepare(
        `INSERT INTO workspace_members (workspace_id, user_id, role)
         SELECT workspace_id, ?2, role FROM workspace_invitations WHERE id = ?1 AND accepted_by = ?2 AND accepted_at = ?3
         ON CONFLICT (workspace_id, user_id) DO NOTHING`,
      )
      .bind(invitationId, userId, nowIso),
  ]);
  return (accepted?.results.length ?? 0) > 0;
}
