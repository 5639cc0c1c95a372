import {
  NEW_ALERT_DEFAULTS,
  newAlertSchema,
  type AlertCondition,
  type NewAlert,
} from "../../../../worker/contract/alerts";
import type { Marketplace } from "../../../../worker/contract/marketplaces";

/** The New Alert form as typed: the threshold is the field's text until it is validated. */
export interface AlertDraft {
  asin: string;
  conditionType: AlertCondition;
  threshold: string;
  marketplace: Marketplace;
  email_enabled: boolean;
  in_app_enabled: boolean;
}

export type DraftField = "asin" | "conditionType" | "threshold" | "marketplace";
export type FieldErrors = Partial<Record<DraftField, string>>;

/** The spec's defaults (ASIN empty, rank_above, 500, US), with both channels on. */
export const NEW_ALERT_DRAFT: AlertDraft = {
  ...NEW_ALERT_DEFAULTS,
  threshold: String(NEW_ALERT_DEFAULTS.threshold),
  email_enabled: true,
  in_app_enabled: true,
};

/** The field's text as a number for the schema to judge; empty is "no threshold". */
export function parseThreshold(text: string): number | undefined {
  return text.trim() === "" ? undefined : Number(text);
}

/** The draft checked by the Worker's own schema: the request body, or the first message per field. */
export function validateDraft(draft: AlertDraft): { alert: NewAlert } | { errors: FieldErrors } {
  const result = newAlertSchema.safeParse({
    ...draft,
    threshold: draft.conditionType === "buybox_lost" ? null : parseThreshold(draft.threshold),
  });
  if (result.success) return { alert: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as DraftField;
    errors[field] ??= issue.message;
  }
  return { errors };
}
