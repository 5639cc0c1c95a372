import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { reportRecipients } from "../db/schema";

/** Addresses a workspace's weekly report goes to (docs/branding.md): each confirmed by its link first. */
export interface RecipientRecord {
  email: string;
  confirmedAt: string | null;
  /** The seller connection whose report it gets; null: the whole workspace's (the aggregate). */
  connectionId: string | null;
}

/** How many addresses one workspace may name: enough for a client team, not a mailing list. */
export const MAX_RECIPIENTS = 20;

export async function listRecipients(db: D1Database, workspaceId: string): Promise<RecipientRecord[]> {
  return drizzle(db)
    .select({ email: reportRecipients.email, confirmedAt: reportRecipients.confirmedAt, connectionId: reportRecipients.connectionId })
    .from(reportRecipients)
    .where(eq(reportRecipients.workspaceId, workspaceId))
    .orderBy(asc(reportRecipients.email));
}

/**
 * Adds an address unconfirmed, or starts its confirmation again (a new token; the old link stops
 * working), for one connection's report or (null) the whole workspace's. An address already there
 * takes the new scope; one already confirmed stays confirmed and answers false: no email is sent.
 */
export async function addRecipient(db: D1Database, workspaceId: string, email: string, tokenHash: string, connectionId: string | null = null): Promise<boolean> {
  const createdAt = new Date().toISOString();
  const unconfirmed = isNull(reportRecipients.confirmedAt);
  const [row] = await drizzle(db)
    .insert(reportRecipients)
    .values({ workspaceId, email, tokenHash, createdAt, connectionId })
    .onConflictDoUpdate({
      target: [reportRecipients.workspaceId, reportRecipients.email],
      set: {
        connectionId,
        tokenHash: sql`CASE WHEN ${unconfirmed} THEN excluded.token_hash ELSE ${reportRecipients.tokenHash} END`,
        createdAt: sql`CASE WHEN ${unconfirmed} THEN excluded.created_at ELSE ${reportRecipients.createdAt} END`,
      },
    })
    .returning({ confirmedAt: reportRecipients.confirmedAt });
  return row !== undefined && row.confirmedAt === null;
}

export async function removeRecipient(db: D1Database, workspaceId: string, email: string, storedAs: readonly string[] = []): Promise<boolean> {
  const rows = await drizzle(db)
    .delete(reportRecipients)
    .where(and(eq(reportRecipients.workspaceId, workspaceId), inArray(reportRecipients.email, [email, ...storedAs])))
    .returning({ email: reportRecipients.email });
  return rows.length > 0;
}

/** Confirms the address whose link this is, if the link was sent at or after `notBefore` (7 days back); answers it, or null. */
export async function confirmRecipient(db: D1Database, tokenHash: string, notBefore: string): Promise<{ workspaceId: string; email: string } | null> {
  const [row] = await drizzle(db)
    .update(reportRecipients)
    .set({ confirmedAt: new Date().toISOString() })
    .where(and(eq(reportRecipients.tokenHash, tokenHash), isNull(reportRecipients.confirmedAt), gte(reportRecipients.createdAt, notBefore)))
    .returning({ workspaceId: reportRecipients.workspaceId, email: reportRecipients.email });
  return row ?? null;
}

/** Every workspace's confirmed addresses: the only ones the weekly report goes to. */
export async function confirmedRecipients(db: D1Database): Promise<{ workspaceId: string; email: string; connectionId: string | null }[]> {
  return drizzle(db)
    .select({ workspaceId: reportRecipients.workspaceId, email: reportRecipients.email, connectionId: reportRecipients.connectionId })
    .from(reportRecipients)
    .where(isNotNull(reportRecipients.confirmedAt))
    .orderBy(asc(reportRecipients.workspaceId), asc(reportRecipients.email));
}
