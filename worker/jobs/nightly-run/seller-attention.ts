import { classifyAmazonError } from "../../upstreams/amazon-errors";
import type { AppCredentialsRefusedError, SellerApiError } from "../../upstreams/spapi/seller-api";
import { clearAttention, markAttention } from "../../attention/attention-store";
import { SPAPI_APP_FIX, SPAPI_APP_KEY } from "../../attention/app-attention";
import type { PhaseContext } from "./slice";

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

/** LWA refused the app itself: marked once for /status, for every seller alike (no seller is marked). */
export async function markAppRefused(ctx: Pick<PhaseContext, "services" | "env" | "day" | "clock">, error: AppCredentialsRefusedError): Promise<void> {
  console.error(`snapshot ${ctx.day}: Login with Amazon refused the app's client credentials: ${error.lwaMessage}`);
  const clientId = ctx.services.config.sellingPartner?.clientId ?? "";
  await markAttention(ctx.env.DB, { scope: "app", key: SPAPI_APP_KEY, code: "invalid_client", detail: SPAPI_APP_FIX, setting: clientId, runDay: ctx.day, nowIso: new Date(ctx.clock.now()).toISOString() });
}

/** A seller call answered, so the app's credentials work again. */
export function clearAppRefused(db: D1Database): Promise<void> {
  return clearAttention(db, "app", SPAPI_APP_KEY);
}
