import type { AlertCondition } from "../contract/alerts";

/** The alert_events columns an email or webhook message is built from. */
export interface AlertEventMessage {
  id: string;
  alertId: string | null;
  asin: string;
  marketplace: string;
  conditionType: string;
  threshold: number | null;
  /** What was seen, in words, written when the alert fired. */
  message: string;
  /** The UTC day the alert fired for. */
  day: string;
  createdAt: string;
}

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
