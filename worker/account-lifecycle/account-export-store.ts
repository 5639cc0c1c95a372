import { asc, eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import {
  accountEmails,
  alertEvents,
  alerts,
  apiKeys,
  apiKeyUsage,
  auditLog,
  billingSubscriptions,
  passkeys,
  reportRecipients,
  reportSends,
  sellerConnections,
  sellerRevenue,
  sellerSnapshots,
  sessions,
  userSettings,
  users,
  watchlist,
  workspaceBranding,
  workspaceMembers,
  workspaces,
} from "../db/schema";
import type { Config } from "../config";
import { type StoredWebhookUrl, webhookUrlOrNull } from "../notifications/sealed-webhook-url";
import { workspacesGoingWith } from "./account-deletion-store";

/**
 * Everything D1 holds about one account, read for "Export my data": the person's own rows, its
 * personal workspace's data, and the data of every other workspace it is the only member of (those
 * go with the account when it is deleted, so they are its data too). Secrets are left out in the
 * query itself (no ciphertext, hash or public key column is selected), so they cannot leak
 * through a later change to the export's shape. The one exception is the webhook URL, the
 * owner's own setting: its ciphertext is opened here and never leaves this module.
 */
export async function readAccountRows(db: D1Database, config: Config, userId: string) {
  const orm = drizzle(db);
  const [user, email, keysOfPasskeys, sessionRows, memberships, audit] = await orm.batch([
    orm.select().from(users).where(eq(users.id, userId)),
    orm.select({ email: accountEmails.email, confirmedAt: accountEmails.confirmedAt }).from(accountEmails).where(eq(accountEmails.userId, userId)),
    orm
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId)),
    orm
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    // Every workspace it belongs to, with its role there (the personal one's id is the account's).
    // One created_at only: D1 answers a row's columns by name, so a second one would overwrite the first.
    orm
      .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role, personal: sql<number>`${workspaces.id} = ${userId}`, joinedAt: workspaceMembers.createdAt })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(asc(workspaceMembers.createdAt), asc(workspaces.id)),
    // What the account itself did, in every workspace (other members' entries are theirs).
    orm
      .select({ workspaceId: auditLog.workspaceId, action: auditLog.action, target: auditLog.target, detail: auditLog.detail, clientAddress: auditLog.clientAddress, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, userId))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
  ]);
  const soleIds = new Set(await workspacesGoingWith(db, userId));
  const sole = [];
  for (const workspace of memberships) {
    if (workspace.id !== userId && soleIds.has(workspace.id)) sole.push({ id: workspace.id, name: workspace.name, ...(await readWorkspaceRows(db, config, workspace.id)) });
  }
  return {
    user: user[0] ?? null,
    email: email[0] ?? null,
    ...(await readWorkspaceRows(db, config, userId)),
    passkeys: keysOfPasskeys,
    sessions: sessionRows,
    workspaces: memberships.map((row) => ({ ...row, personal: Boolean(row.personal) })),
    audit: audit.map((entry) => ({ ...entry, detail: parsedDetail(entry.detail) })),
    soleWorkspaces: sole,
  };
}

/** One workspace's data: its seller accounts, settings, watchlist, alerts, notifications, keys, billing, branding and seller figures. */
async function readWorkspaceRows(db: D1Database, config: Config, workspaceId: string) {
  const orm = drizzle(db);
  const [connections, settings, watched, alertRows, notifications, keys, billing, revenue, branding, recipients, snapshots] = await orm.batch([
    // Every seller account of the workspace, oldest first (the first connected one is its primary).
    orm
      .select({
        id: sellerConnections.id,
        name: sellerConnections.name,
        sellingPartnerId: sellerConnections.sellingPartnerId,
        region: sellerConnections.region,
        status: sellerConnections.status,
        marketplaces: sellerConnections.marketplaces,
        grantedAt: sellerConnections.grantedAt,
        createdAt: sellerConnections.createdAt,
        updatedAt: sellerConnections.updatedAt,
      })
      .from(sellerConnections)
      .where(eq(sellerConnections.workspaceId, workspaceId))
      .orderBy(asc(sellerConnections.createdAt), asc(sellerConnections.id)),
    orm
      .select({
        emailAlerts: userSettings.emailAlerts,
        inAppAlerts: userSettings.inAppAlerts,
        weeklyReport: userSettings.weeklyReport,
        dailyReport: userSettings.dailyReport,
        rankDrops: userSettings.rankDrops,
        buyBoxLoss: userSettings.buyBoxLoss,
        syncFrequency: userSettings.syncFrequency,
        marketplace: userSettings.marketplace,
        alertEmail: userSettings.alertEmail,
        webhookUrlCiphertext: userSettings.webhookUrlCiphertext,
        legacyWebhookUrl: userSettings.legacyWebhookUrl,
        updatedAt: userSettings.updatedAt,
      })
      .from(userSettings)
      .where(eq(userSettings.workspaceId, workspaceId)),
    orm.select().from(watchlist).where(eq(watchlist.workspaceId, workspaceId)).orderBy(asc(watchlist.asin)),
    orm.select().from(alerts).where(eq(alerts.workspaceId, workspaceId)).orderBy(asc(alerts.asin)),
    orm.select().from(alertEvents).where(eq(alertEvents.workspaceId, workspaceId)).orderBy(asc(alertEvents.createdAt)),
    orm
      .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt, revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(eq(apiKeys.workspaceId, workspaceId)),
    orm
      .select({
        status: billingSubscriptions.status,
        priceId: billingSubscriptions.priceId,
        currentPeriodEnd: billingSubscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: billingSubscriptions.cancelAtPeriodEnd,
        stripeCustomerId: billingSubscriptions.stripeCustomerId,
      })
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.workspaceId, workspaceId)),
    orm.select().from(sellerRevenue).where(eq(sellerRevenue.workspaceId, workspaceId)),
    orm
      .select({ displayName: workspaceBranding.displayName, accentColor: workspaceBranding.accentColor, logoType: workspaceBranding.logoType, logoBytes: workspaceBranding.logoBytes, updatedAt: workspaceBranding.updatedAt })
      .from(workspaceBranding)
      .where(eq(workspaceBranding.workspaceId, workspaceId)),
    orm
      .select({
        email: reportRecipients.email,
        connectionId: reportRecipients.connectionId,
        createdAt: reportRecipients.createdAt,
        confirmedAt: reportRecipients.confirmedAt,
        // The outbox is the record of what went out (kept REPORT_SEND_RETENTION_DAYS).
        lastSentMonday: sql<string | null>`(SELECT max(${reportSends.period}) FROM ${reportSends} WHERE ${reportSends.workspaceId} = ${reportRecipients.workspaceId}
          AND ${reportSends.kind} = 'weekly' AND ${reportSends.recipient} = ${reportRecipients.email} AND ${reportSends.status} = 'sent')`,
      })
      .from(reportRecipients)
      .where(eq(reportRecipients.workspaceId, workspaceId))
      .orderBy(asc(reportRecipients.email)),
    orm
      .select({
        connectionId: sellerSnapshots.connectionId,
        asin: sellerSnapshots.asin,
        marketplace: sellerSnapshots.marketplace,
        day: sellerSnapshots.day,
        source: sellerSnapshots.source,
        fulfillableUnits: sellerSnapshots.fulfillableUnits,
        buyBoxSellerId: sellerSnapshots.buyBoxSellerId,
        holdsBuyBox: sellerSnapshots.holdsBuyBox,
        primeSellerId: sellerSnapshots.primeSellerId,
        nonPrimeSellerId: sellerSnapshots.nonPrimeSellerId,
        holdsPrime: sellerSnapshots.holdsPrime,
        holdsNonPrime: sellerSnapshots.holdsNonPrime,
        capturedAt: sellerSnapshots.capturedAt,
      })
      .from(sellerSnapshots)
      .where(eq(sellerSnapshots.workspaceId, workspaceId))
      .orderBy(asc(sellerSnapshots.day), asc(sellerSnapshots.asin), asc(sellerSnapshots.marketplace)),
  ]);
  const keyIds = keys.map((key) => key.id);
  const usage = keyIds.length
    ? await orm.select().from(apiKeyUsage).where(inArray(apiKeyUsage.keyId, keyIds)).orderBy(asc(apiKeyUsage.hour))
    : [];
  return {
    connections,
    settings: await exportedSettings(config, workspaceId, settings[0]),
    watchlist: watched,
    alerts: alertRows,
    notifications,
    apiKeys: keys,
    apiKeyUsage: usage,
    billing: billing[0] ?? null,
    revenue,
    branding: branding[0] ?? null,
    reportRecipients: recipients,
    sellerSnapshots: snapshots,
  };
}

/** An audit entry's detail as the JSON it is stored as (text that is not JSON stays as it is). */
function parsedDetail(detail: string): unknown {
  try {
    return JSON.parse(detail);
  } catch {
    return detail;
  }
}

/** The settings row with its webhook URL in plain text (null when it cannot be read: logged) in place of the stored columns. */
async function exportedSettings<Row extends StoredWebhookUrl>(config: Config, workspaceId: string, row: Row | undefined) {
  if (!row) return null;
  const { webhookUrlCiphertext, legacyWebhookUrl, ...rest } = row;
  return { ...rest, webhookUrl: await webhookUrlOrNull(config, workspaceId, { webhookUrlCiphertext, legacyWebhookUrl }) };
}

export type AccountRows = Awaited<ReturnType<typeof readAccountRows>>;
export type WorkspaceRows = Awaited<ReturnType<typeof readWorkspaceRows>>;
