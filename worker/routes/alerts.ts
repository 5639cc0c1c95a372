import { hasRoomToTrack, trackedLimitDetail } from "../billing/tracked-limit-store";
import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import type { Context } from "hono";
import { ALERT_ORDER, countActiveAlerts, createAlert, deleteAlert, findAlert, findDuplicateAlert, listAlerts, ruleThreshold, updateAlert, type AlertRule } from "../alerts/alert-store";
import { findCredentials } from "../accounts/credentials-store";
import { notSellingDetail, sellingMarketplaces } from "../seller/participations";
import type { UserRecord } from "../accounts/user-store";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { planCoversMarketplace } from "../billing/entitlements";
import { callerPlan } from "./caller-plan";
import { ALERT_CONDITIONS, type AlertCondition, type AlertList, alertPatchSchema, type AlertView, newAlertSchema, SELLER_CONDITIONS, thresholdProblem } from "../contract/alerts";
import { upgradeHint } from "../contract/billing";
import { LOOKUP_MARKETPLACES, type Marketplace } from "../contract/marketplaces";
import { pageQuerySchema, type Page } from "../contract/pagination";
import { canActivateAlert, type Plan } from "../contract/plans";
import type { AppEnv } from "../env";
import { commonErrors, failure, KEY_ONLY, noContent, notFound, ok } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { alertsOfConnection, NO_SUCH_CONNECTION } from "../dashboard/connection-scope";
import { findConnection } from "../connections/connection-store";
import { ApiError } from "../shared/api-error";
import { paginate } from "../shared/paginate";
import { cursorRefusal } from "../validation";
import { pausedReasonSchema } from "./watchlist";

const isoTime = z.string().openapi({ format: "date-time", example: "2026-11-24T04:00:00.000Z" });
const alertSchema: z.ZodType<AlertView> = z
  .object({
    id: z.string(),
    asin: z.string().openapi({ example: "B08N5WRWNW" }),
    conditionType: z.enum(ALERT_CONDITIONS),
    threshold: z.number().int().nullable(),
    marketplace: z.enum(LOOKUP_MARKETPLACES),
    email_enabled: z.boolean(),
    in_app_enabled: z.boolean(),
    last_triggered: isoTime.nullable(),
    paused: z.boolean(),
    paused_reason: pausedReasonSchema,
    last_result: z.enum(["fired", "ok", "no_data"]).nullable(),
    last_result_source: z.enum(["live", "mock"]).nullable().openapi({
      description:
        "The data the last result was judged on: live (Amazon's) or mock (labelled sample data, never a live result). Null before the first check, when that check read no data, or for results from before it was kept.",
    }),
    last_checked_day: z.string().openapi({ format: "date" }).nullable(),
    created_at: isoTime,
    connectionId: z.string().nullable().optional().openapi({ description: "The seller connection a Buy Box or stock alert watches; absent: any." }),
  })
  .openapi("Alert");
const alertBodySchema = z.object({ alert: alertSchema });
const alertListSchema: z.ZodType<AlertList & Page> = z
  .object({
    alerts: z.array(alertSchema),
    active: z.number().int(),
    activeLimit: z.number().int().nullable(),
    next_cursor: z.string().nullable().openapi({ description: "Pass as `cursor` to get the next page; null on the last page." }),
  })
  .openapi("AlertList");

const alertListQuerySchema = pageQuerySchema.extend({
  connection: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .openapi({ description: "One seller connection's alerts: those on it, and those on any connection about its ASINs. All by default." }),
});

const idParam = z.object({ id: z.string().openapi({ description: "The alert's id.", example: "00000000-0000-4000-8000-000000000000" }) });
const conflict = { 409: failure("You already have an alert with this exact rule.") };

const routes = {
  list: createRoute({
    method: "get", path: "/", operationId: "listAlerts", tags: ["Alerts"], summary: "Your alerts, oldest first",
    security: KEY_ONLY, middleware: [requireAccount] as const,
    request: { query: alertListQuerySchema },
    responses: { 200: ok("One page of alerts, with the active count and the plan's cap.", alertListSchema), 404: notFound("seller connection (`connection`)"), ...commonErrors },
  }),
  create: createRoute({
    method: "post", path: "/", operationId: "createAlert", tags: ["Alerts"], summary: "Create an alert",
    description: "`buybox_lost` takes no threshold (422 when one is sent); every other condition needs one. `connectionId` is for `low_stock` and `buybox_lost` only. Checked every night at 02:30 UTC.",
    security: KEY_ONLY, middleware: [requireAccount] as const,
    request: {
      body: {
        required: true,
        content: { "application/json": { schema: newAlertSchema, example: { asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500, marketplace: "US" } } },
      },
    },
    responses: { 201: ok("Created.", alertBodySchema), 404: notFound("seller connection (connectionId)"), ...conflict, ...commonErrors },
  }),
  update: createRoute({
    method: "patch", path: "/{id}", operationId: "updateAlert", tags: ["Alerts"], summary: "Change an alert's threshold or channels, or pause it",
    description: "The threshold is judged as on creating: 422 for one on a `buybox_lost` alert, and for a null one on any other. Any field besides these four is refused with 422: the rule itself (ASIN, marketplace, condition, seller account) is a new alert.",
    security: KEY_ONLY, middleware: [requireAccount] as const,
    request: { params: idParam, body: { required: true, content: { "application/json": { schema: alertPatchSchema, example: { paused: true } } } } },
    responses: { 200: ok("The alert after the change.", alertBodySchema), 404: notFound("alert"), ...conflict, ...commonErrors },
  }),
  remove: createRoute({
    method: "delete", path: "/{id}", operationId: "deleteAlert", tags: ["Alerts"], summary: "Delete an alert (its past notifications stay)",
    security: KEY_ONLY, middleware: [requireAccount] as const,
    request: { params: idParam },
    responses: { 204: noContent, 404: notFound("alert"), ...commonErrors },
  }),
};

/** low_stock and buybox_lost read the seller's own FBA and Buy Box data: a connected or demo account. */
async function hasSellerData(db: D1Database, user: UserRecord, workspaceId: string): Promise<boolean> {
  return user.isDemo || (await findCredentials(db, workspaceId)) !== null;
}

const limitReached = (plan: Plan) =>
  new ApiError(403, "plan_limit", `Your ${plan.name} plan allows ${plan.activeAlertLimit} active alerts. Pause or delete one first.${upgradeHint(plan)}`);

const trackedLimitReached = (plan: Plan) => new ApiError(403, "plan_limit", trackedLimitDetail(plan, upgradeHint(plan)));

const limitsOf = (plan: Plan) => ({ activeLimit: plan.activeAlertLimit, trackedLimit: plan.watchlistLimit });

/**
 * The refusal of a write the statement's own limit checks stopped (another request took the
 * place meanwhile): the active-alert cap when it is full, else the tracked-ASIN limit.
 */
async function refusalAfterRace(c: Context<AppEnv>, plan: Plan): Promise<ApiError> {
  const full = !canActivateAlert(plan, await countActiveAlerts(c.env.DB, currentAccount(c).workspace.id));
  return full ? limitReached(plan) : trackedLimitReached(plan);
}

const noSuchAlert = () => new ApiError(404, "not_found", "No such alert.");

/** 409 when the user already has an alert with this exact rule. */
async function assertNewRule(c: Context<AppEnv>, rule: AlertRule, exceptId?: string): Promise<void> {
  if (!(await findDuplicateAlert(c.env.DB, currentAccount(c).workspace.id, rule, exceptId))) return;
  const threshold = rule.threshold === null ? "" : ` and threshold ${rule.threshold}`;
  throw new ApiError(409, "conflict", `You already have a ${rule.conditionType} alert for ${rule.asin} (${rule.marketplace})${threshold}. Edit that one instead.`);
}

/**
 * The checks of making an alert active, creating it or un-pausing it: seller data for seller
 * conditions, then (`thenCheck`) anything the caller adds, then the plan's marketplaces and its
 * active-alert cap. Throws the refusal; answers the plan when the alert may run.
 */
async function assertCanActivate(
  c: Context<AppEnv>,
  alert: { conditionType: AlertCondition; marketplace: Marketplace; asin: string; connectionId?: string | null },
  thenCheck?: () => Promise<void>,
): Promise<Plan> {
  const { user, workspace } = currentAccount(c);
  if (SELLER_CONDITIONS.includes(alert.conditionType) && !(await hasSellerData(c.env.DB, user, workspace.id))) {
    throw new ApiError(403, "forbidden", `${alert.conditionType} alerts need a connected seller account (or the demo).`);
  }
  if (SELLER_CONDITIONS.includes(alert.conditionType)) {
    // Seller data exists only where the seller sells (getMarketplaceParticipations).
    const selling = await sellingMarketplaces(c.env.DB, { id: workspace.id, isDemo: user.isDemo }, alert.connectionId);
    if (!(selling as readonly string[]).includes(alert.marketplace)) {
      const msg = notSellingDetail(alert.marketplace, selling, `${alert.conditionType === "low_stock" ? "FBA stock" : "the Buy Box"} of your offers`);
      throw new ApiError(422, "validation_failed", [{ loc: ["json", "marketplace"], msg, type: "custom" }]);
    }
  }
  await thenCheck?.();
  const plan = await callerPlan(c);
  if (!planCoversMarketplace(plan, alert.marketplace)) {
    throw new ApiError(
      403,
      "plan_limit",
      `Your ${plan.name} plan covers the ${plan.marketplaces.join(", ")} marketplace only, not ${alert.marketplace}.${upgradeHint(plan)}`,
    );
  }
  if (!canActivateAlert(plan, await countActiveAlerts(c.env.DB, workspace.id))) throw limitReached(plan);
  // Paused or not, an alert makes the nightly run fetch its ASIN: held to the plan's tracked-ASIN limit.
  if (!(await hasRoomToTrack(c.env.DB, workspace.id, alert, plan.watchlistLimit))) {
    throw trackedLimitReached(plan);
  }
  return plan;
}

/** /api/alerts and /api/v1/alerts: list, create, change (pause, un-pause) and delete the user's alerts. */
export const alertRoutes = createRouter()
  .openapi(routes.list, async (c) => {
    const { workspace } = currentAccount(c);
    const { connection, ...pageQuery } = c.req.valid("query");
    const [all, plan] = await Promise.all([listAlerts(c.env.DB, workspace.id), callerPlan(c)]);
    const alerts = connection ? await alertsOfConnection(c.env.DB, workspace.id, all, connection) : all;
    const page = paginate(alerts, ALERT_ORDER, pageQuery);
    if (!page.ok) throw cursorRefusal(page.detail);
    const list: AlertList & Page = {
      alerts: page.items,
      // The plan's cap counts the workspace's active alerts, whichever client the list is filtered to.
      active: all.filter((alert) => !alert.paused).length,
      activeLimit: plan.activeAlertLimit,
      next_cursor: page.next_cursor,
    };
    c.header("Cache-Control", "private, no-store");
    return c.json(list, 200);
  })
  .openapi(routes.create, async (c) => {
    const { workspace } = currentAccount(c);
    const input = c.req.valid("json");
    if (input.connectionId && !(await findConnection(c.env.DB, workspace.id, input.connectionId))) throw new ApiError(404, "not_found", NO_SUCH_CONNECTION);
    const rule = { ...input, threshold: ruleThreshold(input.conditionType, input.threshold), connectionId: input.connectionId ?? null };
    const plan = await assertCanActivate(c, input, () => assertNewRule(c, rule));
    // The insert re-checks both limits and the rule itself, in case another request got there meanwhile.
    const alert = await createAlert(c.env.DB, workspace.id, input, limitsOf(plan));
    if (alert) return c.json({ alert }, 201);
    await assertNewRule(c, rule);
    throw await refusalAfterRace(c, plan);
  })
  .openapi(routes.update, async (c) => {
    const { workspace } = currentAccount(c);
    const { id } = c.req.valid("param");
    const patch = c.req.valid("json");
    const alert = await findAlert(c.env.DB, workspace.id, id);
    if (!alert) throw noSuchAlert();
    // Judged as creating the alert judges it: a null threshold fits only buybox_lost, which keeps none.
    const thresholdRefusal = patch.threshold === undefined ? null : thresholdProblem(alert.conditionType, patch.threshold);
    if (thresholdRefusal) throw new ApiError(422, "validation_failed", [{ loc: ["json", "threshold"], msg: thresholdRefusal, type: "custom" }]);
    // The view leaves out a null connection: compared as null, as creating compares it.
    if (patch.threshold != null) await assertNewRule(c, { ...alert, threshold: patch.threshold, connectionId: alert.connectionId ?? null }, id);
    if (!(patch.paused === false && alert.paused)) {
      // Pausing an alert the plan stopped must not make it tracked past the plan's limit: it needs the limits.
      const plan = patch.paused && alert.paused ? await callerPlan(c) : null;
      const limits = plan ? { ...limitsOf(plan), key: alert, outsidePlan: !planCoversMarketplace(plan, alert.marketplace) } : null;
      const updated = await updateAlert(c.env.DB, workspace.id, id, patch, limits);
      if (!updated) throw noSuchAlert();
      return c.json({ alert: updated }, 200);
    }
    // Un-pausing makes the alert active again: the same checks as creating it.
    const plan = await assertCanActivate(c, alert);
    const updated = await updateAlert(c.env.DB, workspace.id, id, patch, { ...limitsOf(plan), key: alert });
    if (!updated) throw (await findAlert(c.env.DB, workspace.id, id)) ? await refusalAfterRace(c, plan) : noSuchAlert();
    return c.json({ alert: updated }, 200);
  })
  .openapi(routes.remove, async (c) => {
    const { workspace } = currentAccount(c);
    if (!(await deleteAlert(c.env.DB, workspace.id, c.req.valid("param").id))) throw noSuchAlert();
    return c.body(null, 204);
  });
