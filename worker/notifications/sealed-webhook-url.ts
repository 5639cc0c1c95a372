import { decryptRefreshToken, encryptRefreshToken, keyringOf } from "../auth/token-crypto";
import type { Config } from "../config";

/**
 * A workspace's alert webhook URL at rest. A Slack or Discord incoming-webhook URL is itself the
 * credential, so it is sealed like the signing secret beside it (AES-256-GCM under
 * TOKEN_ENCRYPTION_KEYS, bound to the workspace id so a ciphertext copied onto another row does
 * not open). A URL saved before sealing stays in plain text until the delivery job seals it
 * (jobs/delivery/seal-webhook-urls.ts). Every reader gets the plain URL from readWebhookUrl.
 */
export interface StoredWebhookUrl {
  webhookUrlCiphertext: string | null;
  /** Plain text from before sealing. */
  legacyWebhookUrl: string | null;
}

export type WebhookUrlRead = { status: "none" } | { status: "open"; url: string } | { status: "unreadable" };

/** The ciphertext to store for `url`. Throws KeyringError without keys: a URL is never stored in plain text. */
export async function sealWebhookUrl(config: Config, workspaceId: string, url: string): Promise<string> {
  return (await encryptRefreshToken(keyringOf(config), workspaceId, url)).ciphertext;
}

/**
 * The plain URL of a stored row: the sealed one opened, or a legacy plain one as it is. A sealed
 * URL the keys cannot open (a key dropped too early, a damaged row) is logged and reported as
 * unreadable, never thrown: each reader says so in its own way.
 */
export async function readWebhookUrl(config: Config, workspaceId: string, stored: StoredWebhookUrl): Promise<WebhookUrlRead> {
  if (stored.webhookUrlCiphertext) {
    try {
      const opened = await decryptRefreshToken(keyringOf(config), workspaceId, stored.webhookUrlCiphertext);
      return { status: "open", url: opened.refreshToken };
    } catch (error) {
      console.error(`the stored webhook URL of workspace ${workspaceId} did not open:`, error instanceof Error ? error.message : error);
      return { status: "unreadable" };
    }
  }
  return stored.legacyWebhookUrl ? { status: "open", url: stored.legacyWebhookUrl } : { status: "none" };
}

/** The URL, or null when none is saved or it cannot be read (already logged). */
export async function webhookUrlOrNull(config: Config, workspaceId: string, stored: StoredWebhookUrl): Promise<string | null> {
  const read = await readWebhookUrl(config, workspaceId, stored);
  return read.status === "open" ? read.url : null;
}
