import { randomToken } from "../auth/signing-key";
import { decryptRefreshToken, encryptRefreshToken, keyringOf } from "../auth/token-crypto";
import type { Config, Deployment } from "../config";
import type { ChannelSettings, ChannelsUpdate } from "../contract/channels";
import { type StoredChannels, upsertChannels } from "./channel-store";

/**
 * A webhook URL often is the credential (a Slack or Discord incoming webhook posts for whoever
 * holds it): a reader who may not change the settings sees only where it points.
 */
function maskedWebhookUrl(url: string): string {
  try {
    return `${new URL(url).origin}/…`;
  } catch {
    return "…";
  }
}

/** `wholeUrl`: the caller may change the settings (and so see the webhook URL in full). */
export function channelSettingsView(config: Config, stored: StoredChannels, wholeUrl: boolean): ChannelSettings {
  return {
    alertEmail: stored.alertEmail,
    accountEmail: null,
    webhookUrl: stored.webhookUrl === null || wholeUrl ? stored.webhookUrl : maskedWebhookUrl(stored.webhookUrl),
    webhookSecretSet: stored.webhookSecretCiphertext !== null,
    emailConfigured: config.alertEmail !== null,
  };
}

export async function saveChannels(db: D1Database, userId: string, update: ChannelsUpdate): Promise<void> {
  const values: Partial<StoredChannels> = {};
  if (update.alertEmail !== undefined) values.alertEmail = update.alertEmail;
  if (update.webhookUrl !== undefined) values.webhookUrl = update.webhookUrl;
  if (Object.keys(values).length > 0) await upsertChannels(db, userId, values);
}

/**
 * Alert channels as the settings page sees them. The webhook signing secret is sealed like
 * refresh tokens (AES-256-GCM under TOKEN_ENCRYPTION_KEYS, bound to the user's id so a
 * ciphertext copied onto another row does not open).
 */

/** Replaces the user's signing secret; the old one stops working at once. Throws KeyringError without keys. */
export async function rotateWebhookSecret({ env, config }: Deployment, userId: string): Promise<string> {
  const keys = keyringOf(config);
  // 32 random bytes, with a prefix that says what the string is.
  const secret = `whsec_${randomToken()}`;
  const sealed = await encryptRefreshToken(keys, userId, secret);
  await upsertChannels(env.DB, userId, { webhookSecretCiphertext: sealed.ciphertext });
  return secret;
}

/** The plaintext signing secret of a stored ciphertext. Throws when the keys cannot open it. */
export async function openWebhookSecret({ config }: Deployment, userId: string, ciphertext: string): Promise<string> {
  const opened = await decryptRefreshToken(keyringOf(config), userId, ciphertext);
  return opened.refreshToken;
}
