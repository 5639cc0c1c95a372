import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { userSettings } from "../db/schema";
import type { StoredWebhookUrl } from "./sealed-webhook-url";

/**
 * A workspace's alert channels in user_settings: the alert email address, the webhook URL
 * (sealed, or plain from before sealing: sealed-webhook-url.ts) and its signing secret, sealed
 * (see channel-settings.ts).
 */
export interface StoredChannels extends StoredWebhookUrl {
  alertEmail: string | null;
  webhookSecretCiphertext: string | null;
}

/** The stored channels with the report switches of the same row: the workspace's own reports go to its alert email. */
export interface StoredChannelsRow extends StoredChannels {
  dailyReport: boolean;
  weeklyReport: boolean;
}

const NO_CHANNELS: StoredChannelsRow = { alertEmail: null, webhookUrlCiphertext: null, legacyWebhookUrl: null, webhookSecretCiphertext: null, dailyReport: false, weeklyReport: false };

export async function loadChannels(db: D1Database, userId: string): Promise<StoredChannelsRow> {
  const [row] = await drizzle(db)
    .select({
      alertEmail: userSettings.alertEmail,
      webhookUrlCiphertext: userSettings.webhookUrlCiphertext,
      legacyWebhookUrl: userSettings.legacyWebhookUrl,
      webhookSecretCiphertext: userSettings.webhookSecretCiphertext,
      dailyReport: userSettings.dailyReport,
      weeklyReport: userSettings.weeklyReport,
    })
    .from(userSettings)
    .where(eq(userSettings.workspaceId, userId))
    .limit(1);
  return row ?? NO_CHANNELS;
}

/** Writes only the given columns; the rest of the row keeps its values (or defaults). */
export async function upsertChannels(db: D1Database, userId: string, values: Partial<StoredChannels>): Promise<void> {
  const set = { ...values, updatedAt: new Date().toISOString() };
  await drizzle(db)
    .insert(userSettings)
    .values({ workspaceId: userId, ...set })
    .onConflictDoUpdate({ target: userSettings.workspaceId, set });
}

/** A webhook URL still stored in plain text, from before sealing. */
export interface LegacyWebhookUrl {
  workspaceId: string;
  legacyWebhookUrl: string;
}

export async function legacyWebhookUrls(db: D1Database, limit: number): Promise<LegacyWebhookUrl[]> {
  const rows = await drizzle(db)
    .select({ workspaceId: userSettings.workspaceId, legacyWebhookUrl: userSettings.legacyWebhookUrl })
    .from(userSettings)
    .where(isNotNull(userSettings.legacyWebhookUrl))
    .limit(limit);
  return rows.filter((row): row is LegacyWebhookUrl => row.legacyWebhookUrl !== null);
}

/**
 * Replaces each plain URL by its ciphertext in one batch; a row whose URL changed since it was
 * read (saved again, sealed, or cleared meanwhile) is left as it now is. Returns how many were sealed.
 */
export async function sealLegacyWebhookUrlRows(db: D1Database, rows: (LegacyWebhookUrl & { ciphertext: string })[]): Promise<number> {
  if (rows.length === 0) return 0;
  const orm = drizzle(db);
  const updates = rows.map((row) =>
    orm
      .update(userSettings)
      .set({ webhookUrlCiphertext: row.ciphertext, legacyWebhookUrl: null })
      .where(and(eq(userSettings.workspaceId, row.workspaceId), eq(userSettings.legacyWebhookUrl, row.legacyWebhookUrl)))
      .returning({ workspaceId: userSettings.workspaceId }),
  );
  const results = await orm.batch(updates as [(typeof updates)[number], ...(typeof updates)[number][]]);
  return results.filter((result) => result.length > 0).length;
}

export type SealedChannelColumn = "webhookUrlCiphertext" | "webhookSecretCiphertext";

/**
 * Webhook URLs or signing secrets of workspaces after `afterId` whose JWE header is not `header`
 * (the newest key's), by workspace id: what the nightly re-seal moves to the newest key.
 */
export async function channelValuesSealedOtherwise(db: D1Database, column: SealedChannelColumn, header: string, afterId: string, limit: number): Promise<{ rowId: string; ciphertext: string }[]> {
  const sealed = userSettings[column];
  const rows = await drizzle(db)
    .select({ rowId: userSettings.workspaceId, ciphertext: sealed })
    .from(userSettings)
    .where(and(gt(userSettings.workspaceId, afterId), isNotNull(sealed), sql`substr(${sealed}, 1, ${header.length + 1}) <> ${`${header}.`}`))
    .orderBy(asc(userSettings.workspaceId))
    .limit(limit);
  return rows.filter((row): row is { rowId: string; ciphertext: string } => row.ciphertext !== null);
}

/** Replaces a workspace's sealed URL or secret, unless it changed since `from` was read. True when replaced. */
export async function replaceChannelValue(db: D1Database, column: SealedChannelColumn, workspaceId: string, from: string, to: string): Promise<boolean> {
  const replaced = await drizzle(db)
    .update(userSettings)
    .set({ [column]: to })
    .where(and(eq(userSettings.workspaceId, workspaceId), eq(userSettings[column], from)))
    .returning({ workspaceId: userSettings.workspaceId });
  return replaced.length > 0;
}
