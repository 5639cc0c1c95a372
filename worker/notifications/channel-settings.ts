import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { randomToken } from "../auth/signing-key";
import { decryptRefreshToken, encryptRefreshToken, keyringOf } from "../auth/token-crypto";
import { userSettings } from "../db/schema";
import type { Bindings } from "../env";
import type { ChannelSettings, ChannelsUpdate } from "../contract/channels";
import { alertEmailConfig } from "../config";

/**
 * A user's alert channels in user_settings: the alert email address, the webhook URL and
 * its signing secret, sealed like refresh tokens (AES-256-GCM under TOKEN_ENCRYPTION_KEYS,
 * bound to the user's id so a ciphertext copied onto another row does not open).
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
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return row ?? NO_CHANNELS;
}

export function channelSettingsView(env: Bindings, stored: StoredChannels): ChannelSettings {
  return {
    alertEmail: stored.alertEmail,
    accountEmail: null,
    webhookUrl: stored.webhookUrl,
    webhookSecretSet: stored.webhookSecretCiphertext !== null,
    emailConfigured: alertEmailConfig(env) !== null,
  };
}

/** Writes only the given columns; the rest of the row keeps its values (or defaults). */
async function upsertChannels(db: D1Database, userId: string, values: Partial<StoredChannels>): Promise<void> {
  const set = { ...values, updatedAt: new Date().toISOString() };
  await drizzle(db)
    .insert(userSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userSettings.userId, set });
}

export async function saveChannels(db: D1Database, userId: string, update: ChannelsUpdate): Promise<void> {
  const values: Partial<StoredChannels> = {};
  if (update.alertEmail !== undefined) values.alertEmail = update.alertEmail;
  if (update.webhookUrl !== undefined) values.webhookUrl = update.webhookUrl;
  if (Object.keys(values).length > 0) await upsertChannels(db, userId, values);
}

/** Replaces the user's signing secret; the old one stops working at once. Throws KeyringError without keys. */
export async function rotateWebhookSecret(env: Bindings, userId: string): Promise<string> {
  const keys = keyringOf(env);
  // 32 random bytes, with a prefix that says what the string is.
  const secret = `whsec_${randomToken()}`;
  const sealed = await encryptRefreshToken(keys, userId, secret);
  await upsertChannels(env.DB, userId, { webhookSecretCiphertext: sealed.ciphertext });
  return secret;
}

/** The plaintext signing secret of a stored ciphertext. Throws when the keys cannot open it. */
export async function openWebhookSecret(env: Bindings, userId: string, ciphertext: string): Promise<string> {
  const opened = await decryptRefreshToken(keyringOf(env), userId, ciphertext);
  return opened.refreshToken;
}
