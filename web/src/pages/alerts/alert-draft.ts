import {
  NEW_ALERT_DEFAULTS,
  SELLER_CONDITIONS,
  newAlertSchema,
  type AlertCondition,
  type NewAlert,
} from "@contract/alerts";
import type { Marketplace } from "@contract/marketplaces";
import { fieldErrorsOf, type FieldErrors } from "../../api/field-errors";

/** The New Alert form as typed: the threshold is the field's text until it is validated. */
export interface AlertDraft {
  asin: string;
  conditionType: AlertCondition;
  threshold: string;
  marketplace: Marketplace;
  email_enabled: boolean;
  in_app_enabled: boolean;
  /** The seller account a Buy Box or stock alert watches; unset or "": any of the workspace's. */
  connectionId?: string;
}

/** The fields that can be wrong, in the order the form shows them. */
export const DRAFT_FIELDS = ["asin", "conditionType", "threshold", "marketplace"] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];

/** The contract's defaults (ASIN empty, rank_above, 500, US), with both channels on so a new alert is never silent. */
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
export function validateDraft(draft: AlertDraft): { alert: NewAlert } | { errors: FieldErrors<DraftField> } {
  const result = newAlertSchema.safeParse({
    ...draft,
    threshold: draft.conditionType === "buybox_lost" ? null : parseThreshold(draft.threshold),
    // Only seller-data alerts watch a connection; a rank or price alert is the workspace's.
    connectionId: SELLER_CONDITIONS.includes(draft.conditionType) && draft.connectionId ? draft.connectionId : undefined,
  });
  return result.success ? { alert: result.data } : { errors: fieldErrorsOf(result.error, DRAFT_FIELDS) };
}
