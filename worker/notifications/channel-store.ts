import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { userSettings } from "../db/schema";

/**
 * A user's alert channels in user_settings: the alert email address, the webhook URL and
 * its signing secret, sealed (see channel-settings.ts).
 */
export interface StoredChannels {
  alertEmail: string | null;
  webhookUrl: string | null;
  webhookSecretCiphertext: string | null;
}

const NO_CHANNELS: StoredChannels = { alertEmail: null, webhookUrl: null, webhookSecretCiphertext: null };

export async function loadChannels(db: D1Database, userId: string): Promise<StoredChannels> {
  const [row] = await drizzle(db)
    .select({
      alertEmail: userSettings.alertEmail,
      webhookUrl: userSettings.webhookUrl,
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
