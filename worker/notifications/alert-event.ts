import type { AlertCondition } from "../contract/alerts";
import type { WebhookAlert } from "../upstreams/webhook/sender";

/**
 * The alert_events columns an email or webhook message is built from: the fields a webhook
 * carries for one firing, under the row's own `id`.
 */
export type AlertEventMessage = Omit<WebhookAlert, "eventId"> & { id: string };

const CONDITION_NAMES: Record<AlertCondition, string> = {
  rank_above: "Rank worse than threshold",
  rank_drop: "Rank drop over 7 days",
  price_change: "Price change within 7 days",
  low_stock: "Low FBA stock",
  buybox_lost: "Buy Box lost",
};

export function conditionName(conditionType: string): string {
  return CONDITION_NAMES[conditionType as AlertCondition] ?? conditionType;
}
