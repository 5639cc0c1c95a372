import type { AlertCondition } from "@contract/alerts";
import { formatCount, formatRank } from "../../lib/format";

// How the alert screens name each condition and its threshold. Zod-free (types only), so
// /notifications can use it without the form's validator.

interface ConditionCopy {
  /** The condition's name in the list, the select and the notifications. */
  label: string;
  /** The threshold field's label; null for a condition without one. */
  thresholdLabel: string | null;
}

export const CONDITION_COPY: Record<AlertCondition, ConditionCopy> = {
  rank_above: { label: "Rank above threshold", thresholdLabel: "Threshold (rank)" },
  rank_drop: { label: "Rank drop", thresholdLabel: "Threshold (% worse over 7 days)" },
  price_change: { label: "Price change", thresholdLabel: "Threshold (± % within 7 days)" },
  low_stock: { label: "Low stock", thresholdLabel: "Threshold (fulfillable units)" },
  buybox_lost: { label: "Buy Box lost", thresholdLabel: null },
};

/** The threshold as the list shows it: "#500", "more than 20%", "beyond ±10%", "below 10 units", "—". */
export function formatThreshold(condition: AlertCondition, threshold: number | null): string {
  if (threshold === null) return "—";
  switch (condition) {
    case "rank_above":
      return `worse than ${formatRank(threshold)}`;
    case "rank_drop":
      return `more than ${formatCount(threshold)}%`;
    case "price_change":
      return `beyond ±${formatCount(threshold)}%`;
    case "low_stock":
      return `below ${formatCount(threshold)} units`;
    case "buybox_lost":
      return "—";
  }
}
