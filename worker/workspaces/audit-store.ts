import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alias } from "drizzle-orm/sqlite-core";
import { accountEmails, auditLog, users } from "../db/schema";
import type { AuditEntryView } from "../contract/workspaces";

/**
 * The workspace audit log (issue 28 point 7): who did what, when and from where. Any area
 * records through recordAudit; owners and admins read it (GET /api/workspaces/audit); the
 * retention job deletes entries older than a year.
 */

/** What is recorded; the detail JSON carries the particulars (role, email, key name, plan, …). */
export type AuditAction =
  | "member.invite"
  | "member.invite_revoke"
  | "member.join"
  | "member.role"
  | "member.remove"
  | "member.leave"
  | "key.create"
  | "key.rotate"
  | "key.revoke"
  | "connection.connect"
  | "connection.disconnect"
  | "connection.rename"
  | "branding.update"
  | "branding.logo.upload"
  | "branding.logo.delete"
  | "report_recipient.add"
  | "report_recipient.remove"
  | "billing.checkout"
  | "billing.portal"
  | "billing.plan"
  | "workspace.create"
  | "workspace.rename"
  | "workspace.delete"
  | "account.delete";

export interface AuditInput {
  workspaceId: string;
  actorUserId: string | null;
  action: AuditAction;
  target?: string | null;
  detail?: Record<string, unknown>;
  clientAddress?: string | null;
  /** ISO time; now when not given. */
  at?: string;
}

export const AUDIT_RETENTION_DAYS = 365;

export async function recordAudit(db: D1Database, entry: AuditInput): Promise<void> {
  await drizzle(db)
    .insert(auditLog)
    .values({
      id: crypto.randomUUID(),
      workspaceId: entry.workspaceId,
      actorUserId: entry.actorUserId,
      action: entry.action,
      target: entry.target ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      clientAddress: entry.clientAddress ?? null,
      createdAt: entry.at ?? new Date().toISOString(),
    });
}

/** An entry as the API shows it, its detail still the stored JSON text. */
export type AuditRow = Omit<AuditEntryView, "detail"> & { detail: string };

/** A page of the workspace's entries, newest first, strictly before the cursor (createdAt, id). */
export async function listAudit(
  db: D1Database,
  workspaceId: string,
  before: { createdAt: string; id: string } | null,
  limit: number,
): Promise<AuditRow[]> {
  const page = before
    ? or(lt(auditLog.createdAt, before.createdAt), and(eq(auditLog.createdAt, before.createdAt), lt(auditLog.id, before.id)))
    : undefined;
  // Names are read now, not stored: an address changed since shows as it is, and a deleted account's is gone.
  const targetEmails = alias(accountEmails, "target_emails");
  return drizzle(db)
    .select({
      id: auditLog.id,
      actorUserId: auditLog.actorUserId,
      actorEmail: accountEmails.email,
      actorDeleted: sql<boolean>`${auditLog.actorUserId} IS NOT NULL AND ${users.id} IS NULL`.mapWith(Boolean),
      action: auditLog.action,
      target: auditLog.target,
      targetEmail: targetEmails.email,
      detail: auditLog.detail,
      clientAddress: auditLog.clientAddress,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(accountEmails, eq(accountEmails.userId, auditLog.actorUserId))
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(targetEmails, eq(targetEmails.userId, auditLog.target))
    .where(and(eq(auditLog.workspaceId, workspaceId), page))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** Deletes entries older than `beforeIso` (the retention job: one year); answers how many went. */
export async function deleteAuditBefore(db: D1Database, beforeIso: string): Promise<number> {
  const result = await drizzle(db).delete(auditLog).where(lt(auditLog.createdAt, beforeIso));
  return result.meta.changes;
}
