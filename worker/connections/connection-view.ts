import { renewalDueAt } from "./grant-rules";
import type { ConnectionStatusName, ConnectionView } from "../contract/connections";
import type { SellerRegion } from "../contract/marketplaces";
import { DAY_MS } from "../contract/time";
import type { ConnectionRecord } from "./connection-store";

/** Days before the renewal date from which a connection asks to be reconnected. */
export const RENEWAL_WARNING_DAYS = 30;

/** A connection as the screens show it; `refusal` is Amazon's latest refusal of it, if any. Pure. */
export function connectionView(row: ConnectionRecord, refusal: string | null, nowMs: number): ConnectionView {
  const due = row.grantedAt ? renewalDueAt(row.grantedAt) : null;
  return {
    id: row.id,
    name: row.name,
    sellingPartnerId: row.sellingPartnerId,
    region: row.region as SellerRegion,
    status: row.status as ConnectionStatusName,
    grantedAt: row.grantedAt,
    renewalDueAt: due,
    needsAttention: attentionReason(row.status, refusal, due, nowMs),
  };
}

function attentionReason(status: string, refusal: string | null, due: string | null, nowMs: number): string | null {
  if (status === "disconnected") return "Disconnected: no authorization is stored. Reconnect to resume its data.";
  if (status !== "connected") return null;
  if (refusal) return refusal;
  if (due && Date.parse(due) - nowMs < RENEWAL_WARNING_DAYS * DAY_MS) {
    return `Amazon's authorization lapses on ${due.slice(0, 10)}. Reconnect to renew it.`;
  }
  return null;
}
