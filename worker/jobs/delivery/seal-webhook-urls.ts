import type { Deployment } from "../../config";
import { legacyWebhookUrls, sealLegacyWebhookUrlRows } from "../../notifications/channel-store";
import { sealWebhookUrl } from "../../notifications/sealed-webhook-url";

/**
 * The one-off move of webhook URLs saved before sealing (plain webhook_url, migration 0129) into
 * webhook_url_ciphertext. SQL cannot encrypt, and waiting for each workspace to save its URL
 * again would leave an idle workspace's URL in plain text for good, so every nightly delivery
 * pass seals a batch until none is left; from then on it is one empty read. Readers take a
 * plain row as it is meanwhile (sealed-webhook-url.ts).
 */

/** Rows per pass: one D1 batch of guarded updates; a night runs several passes. */
export const SEAL_BATCH_SIZE = 50;

/** Seals up to `limit` plain URLs; returns how many. Throws KeyringError without keys (only when some are left). */
export async function sealLegacyWebhookUrls({ env, config }: Deployment, limit = SEAL_BATCH_SIZE): Promise<number> {
  const rows = await legacyWebhookUrls(env.DB, limit);
  if (rows.length === 0) return 0;
  const sealed = await Promise.all(
    rows.map(async (row) => ({ ...row, ciphertext: await sealWebhookUrl(config, row.workspaceId, row.legacyWebhookUrl) })),
  );
  return sealLegacyWebhookUrlRows(env.DB, sealed);
}
