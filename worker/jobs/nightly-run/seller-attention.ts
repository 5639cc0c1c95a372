import { classifyAmazonError } from "../../upstreams/amazon-errors";
import type { SellerApiError } from "../../upstreams/spapi/seller-api";
import { clearAttention, markAttention } from "../../attention/attention-store";

/**
 * A seller Amazon refused for good (403: grant revoked or a role missing) is marked for that
 * seller's Settings → Connection Status, with the classification table's advice.
 */
export async function markSellerRefused(db: D1Database, userId: string, sellingPartnerId: string, error: SellerApiError, day: string, nowIso: string): Promise<void> {
  const rule = classifyAmazonError("spapi", 403);
  await markAttention(db, { scope: "seller", key: userId, code: `HTTP ${error.status}`, detail: rule.fix ?? error.message, setting: sellingPartnerId, runDay: day, nowIso });
}

/** The seller answered again (a reconnect, a restored role): the mark goes. */
export function clearSellerRefused(db: D1Database, userId: string): Promise<void> {
  return clearAttention(db, "seller", userId);
}
