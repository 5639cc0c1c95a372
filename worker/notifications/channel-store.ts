import { and, eq, isNotNull } from "drizzle-orm";
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

const NO_CHANNELS: StoredChannels = { alertEmail: null, webhookUrlCiphertext: null, legacyWebhookUrl: null, webhookSecretCiphertext: null };

export async function loadChannels(db: D1Database, userId: string): Promise<StoredChannels> {
  const [row] = await drizzle(db)
    .select({
      alertEmail: userSettings.alertEmail,
      webhookUrlCiphertext: userSettings.webhookUrlCiphertext,
      legacyWebhookUrl: userSettings.legacyWebhookUrl,
      webhookSecretCiphertext: userSettings.webhookSecretCiphertext,
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
