import { env } from "cloudflare:test";
import { encryptRefreshToken, parseKeyring } from "../../../worker/auth/token-crypto";
import { KEY_2026, type TestBrowser } from "../support/seller-browser";

/** How user_settings holds a workspace's webhook URL, read straight from D1. */
export interface WebhookUrlRow {
  webhook_url: string | null;
  webhook_url_ciphertext: string | null;
}

export async function webhookUrlRow(workspaceId: string): Promise<WebhookUrlRow | null> {
  return env.DB.prepare("SELECT webhook_url, webhook_url_ciphertext FROM user_settings WHERE workspace_id = ?").bind(workspaceId).first<WebhookUrlRow>();
}

/** The whole user_settings row as text, to look for a plain URL in any column. */
export async function settingsRowText(workspaceId: string): Promise<string> {
  return JSON.stringify(await env.DB.prepare("SELECT * FROM user_settings WHERE workspace_id = ?").bind(workspaceId).first());
}

/** A URL as it was stored before sealing: plain text in webhook_url. */
export async function storeLegacyWebhookUrl(workspaceId: string, url: string): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO user_settings (workspace_id, webhook_url) VALUES (?1, ?2)
     ON CONFLICT (workspace_id) DO UPDATE SET webhook_url = ?2, webhook_url_ciphertext = NULL`,
  )
    .bind(workspaceId, url)
    .run();
}

/** A URL sealed under `keys` (the test keyring by default), as the settings API stores it. */
export async function storeSealedWebhookUrl(workspaceId: string, url: string, keys = `k2026:${KEY_2026}`): Promise<void> {
  const sealed = await encryptRefreshToken(parseKeyring(keys), workspaceId, url);
  await env.DB.prepare(
    `INSERT INTO user_settings (workspace_id, webhook_url_ciphertext) VALUES (?1, ?2)
     ON CONFLICT (workspace_id) DO UPDATE SET webhook_url_ciphertext = ?2, webhook_url = NULL`,
  )
    .bind(workspaceId, sealed.ciphertext)
    .run();
}

export async function currentWorkspaceId(browser: TestBrowser): Promise<string> {
  return (await (await browser.request("/api/workspaces")).json<{ current: { id: string } }>()).current.id;
}
