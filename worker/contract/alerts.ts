import * as z from "./zod-jitless";
import { asinSchema, marketplaceSchema } from "./lookup";
import type { Marketplace } from "./marketplaces";
import { THRESHOLD_MAX } from "./alert-threshold";

/**
 * The Alerts API, shared by the Worker's validators and the /alerts form.
 * The conditions' meanings live in worker/alerts/rules.ts.
 */
export const ALERT_CONDITIONS = ["rank_above", "rank_drop", "price_change", "low_stock", "buybox_lost"] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** Conditions that need a connected seller's own data (FBA inventory, Buy Box). */
export const SELLER_CONDITIONS: readonly AlertCondition[] = ["low_stock", "buybox_lost"];

/** The threshold each condition starts with in the form; null when it takes none. */
export const DEFAULT_THRESHOLDS: Record<AlertCondition, number | null> = {
  rank_above: 500,
  rank_drop: 20,
  price_change: 10,
  low_stock: 10,
  buybox_lost: null,
};

/** The New Alert form's starting values: no ASIN yet, a rank threshold of #500 on the US marketplace. */
export const NEW_ALERT_DEFAULTS = {
  asin: "",
  conditionType: "rank_above" as AlertCondition,
  threshold: 500,
  marketplace: "US" as Marketplace,
};

const conditionSchema = z.enum(ALERT_CONDITIONS, {
  error: `Condition must be one of ${ALERT_CONDITIONS.join(", ")}`,
});

const thresholdSchema = z
  .int({ error: "Threshold must be a whole number" })
  .min(1, { error: "Threshold must be at least 1" })
  .max(THRESHOLD_MAX, { error: `Threshold must be at most ${THRESHOLD_MAX}` });

const channelFlag = (name: string) => z.boolean({ error: `${name} must be true or false` });

/**
 * What is wrong with `threshold` for `condition`, or null when it fits: buybox_lost takes none
 * (null or left out), every other condition needs one. The same rule for creating an alert and
 * for changing one, so one input is refused or stored alike by both.
 */
export function thresholdProblem(condition: AlertCondition, threshold: number | null | undefined): string | null {
  if (condition === "buybox_lost") return threshold == null ? null : "buybox_lost alerts take no threshold";
  return typeof threshold === "number" ? null : "Threshold is required for this condition";
}

/** Why `connectionId` does not apply to `condition`, or null when it does: only seller-data alerts watch one connection. */
function connectionProblem(condition: AlertCondition, connectionId: string | undefined): string | null {
  if (connectionId === undefined || SELLER_CONDITIONS.includes(condition)) return null;
  return `connectionId applies only to ${SELLER_CONDITIONS.join(" and ")} alerts`;
}

/** POST /api/alerts. buybox_lost takes no threshold; every other condition needs one. */
export const newAlertSchema = z
  .object({
    asin: asinSchema,
    conditionType: conditionSchema,
    threshold: thresholdSchema.nullable().optional(),
    marketplace: marketplaceSchema,
    email_enabled: channelFlag("email_enabled").default(true),
    in_app_enabled: channelFlag("in_app_enabled").default(true),
    /** A seller alert on one of the workspace's seller connections; any of them when left out. */
    connectionId: z.string().trim().min(1).max(64, { error: "At most 64 characters" }).optional(),
  })
  .superRefine((alert, ctx) => {
    const threshold = thresholdProblem(alert.conditionType, alert.threshold);
    if (threshold) ctx.addIssue({ code: "custom", message: threshold, path: ["threshold"] });
    const connection = connectionProblem(alert.conditionType, alert.connectionId);
    if (connection) ctx.addIssue({ code: "custom", message: connection, path: ["connectionId"] });
  });
export type NewAlertInput = z.input<typeof newAlertSchema>;
export type NewAlert = z.output<typeof newAlertSchema>;

const PATCH_FIELDS = "threshold, email_enabled, in_app_enabled or paused";

/**
 * PATCH /api/alerts/:id: any of threshold, channels or paused; the threshold is judged against the
 * alert's condition (thresholdProblem). Any other field is refused, not dropped: an ASIN, marketplace
 * or condition sent here would otherwise answer 200 with the alert unchanged.
 */
export const alertPatchSchema = z
  .strictObject(
    {
      threshold: thresholdSchema.nullable().optional(),
      email_enabled: channelFlag("email_enabled").optional(),
      in_app_enabled: channelFlag("in_app_enabled").optional(),
      paused: channelFlag("paused").optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `An alert's ${issue.keys.join(", ")} cannot be changed: send ${PATCH_FIELDS}, or create a new alert for another rule`
          : undefined,
    },
  )
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: `Send at least one of ${PATCH_FIELDS}`,
  });
export type AlertPatch = z.output<typeof alertPatchSchema>;

/** One alert as the API returns it, with the last check's outcome so the list can say what happened overnight. */
export interface AlertView {
  id: string;
  asin: string;
  conditionType: AlertCondition;
  threshold: number | null;
  marketplace: Marketplace;
  email_enabled: boolean;
  in_app_enabled: boolean;
  /** ISO time of the last firing, or null. */
  last_triggered: string | null;
  paused: boolean;
  /** Why it is paused: "plan_limit" when a downgrade paused it (upgrading resumes it), null when the user did or it runs. */
  paused_reason: "plan_limit" | null;
  /** What the last nightly check found, and on which UTC day; null before the first check. */
  last_result: "fired" | "ok" | "no_data" | null;
  /**
   * The data that result was judged on: live (Amazon's) or mock (labelled sample data, never a live
   * result); null before the first check, when the check read no data that day, or for a result
   * recorded before it was kept.
   */
  last_result_source: "live" | "mock" | null;
  last_checked_day: string | null;
  created_at: string;
  /** The seller connection a Buy Box or stock alert watches; absent: any of the workspace's. */
  connectionId?: string | null;
}

/** GET /api/alerts. */
export interface AlertList {
  alerts: AlertView[];
  /** Active (not paused) alerts, and the plan's cap on them (null: no cap). */
  active: number;
  activeLimit: number | null;
}
