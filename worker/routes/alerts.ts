import { type Context, Hono } from "hono";
import { countActiveAlerts, createAlert, deleteAlert, findAlert, findDuplicateAlert, listAlerts, ruleThreshold, updateAlert, type AlertRule } from "../alerts/alert-store";
import { findCredentials } from "../accounts/credentials-store";
import type { UserRecord } from "../accounts/user-store";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { canActivateAlert, type Plan } from "../contract/plans";
import { planOfUser } from "../billing/user-plan";
import { planCoversMarketplace } from "../billing/entitlements";
import { upgradeHint } from "../contract/billing";
import type { AppEnv } from "../env";
import { type AlertCondition, type AlertList, alertPatchSchema, newAlertSchema, SELLER_CONDITIONS } from "../contract/alerts";
import { pageQuerySchema, type Page } from "../contract/pagination";
import { paginate } from "../shared/paginate";
import { cursorError, zodValidator } from "../validation";

/** low_stock and buybox_lost read the seller's own FBA and Buy Box data: a connected or demo account. */
async function hasSellerData(db: D1Database, user: UserRecord): Promise<boolean> {
  return user.isDemo || (await findCredentials(db, user.id)) !== null;
}

async function sellerConditionRefused(c: Context<AppEnv>, condition: AlertCondition) {
  if (!SELLER_CONDITIONS.includes(condition) || (await hasSellerData(c.env.DB, currentAccount(c).user))) return null;
  return c.json({ detail: `${condition} alerts need a connected seller account (or the demo).` }, 403);
}

function limitReached(c: Context<AppEnv>, plan: Plan) {
  return c.json(
    { detail: `Your ${plan.name} plan allows ${plan.activeAlertLimit} active alerts. Pause or delete one first.${upgradeHint(plan)}` },
    403,
  );
}

function marketplaceRefused(c: Context<AppEnv>, plan: Plan, marketplace: string) {
  if (planCoversMarketplace(plan, marketplace)) return null;
  return c.json(
    { detail: `Your ${plan.name} plan covers the ${plan.marketplaces.join(", ")} marketplace only, not ${marketplace}.${upgradeHint(plan)}` },
    403,
  );
}

const notFound = (c: Context<AppEnv>) => c.json({ detail: "No such alert." }, 404);

/** 409 when the user already has an alert with this exact rule; null when the rule is new. */
async function duplicateRefused(c: Context<AppEnv>, rule: AlertRule, exceptId?: string) {
  if (!(await findDuplicateAlert(c.env.DB, currentAccount(c).user.id, rule, exceptId))) return null;
  const threshold = rule.threshold === null ? "" : ` and threshold ${rule.threshold}`;
  return c.json(
    { detail: `You already have a ${rule.conditionType} alert for ${rule.asin} (${rule.marketplace})${threshold}. Edit that one instead.` },
    409,
  );
}

export const alertRoutes = new Hono<AppEnv>()
  .get("/", requireAccount, zodValidator("query", pageQuerySchema), async (c) => {
    const { user } = currentAccount(c);
    const [alerts, plan] = await Promise.all([listAlerts(c.env.DB, user.id), planOfUser(c.env.DB, user)]);
    const page = paginate(alerts, (alert) => alert.id, c.req.valid("query"));
    if (!page.ok) return c.json(cursorError(page.detail), 422);
    const list: AlertList & Page = {
      alerts: page.items,
      active: alerts.filter((alert) => !alert.paused).length,
      activeLimit: plan.activeAlertLimit,
      next_cursor: page.next_cursor,
    };
    c.header("Cache-Control", "private, no-store");
    return c.json(list, 200);
  })
  .post("/", requireAccount, zodValidator("json", newAlertSchema), async (c) => {
    const { user } = currentAccount(c);
    const input = c.req.valid("json");
    const refused = await sellerConditionRefused(c, input.conditionType);
    if (refused) return refused;
    const rule = { ...input, threshold: ruleThreshold(input.conditionType, input.threshold) };
    const duplicate = await duplicateRefused(c, rule);
    if (duplicate) return duplicate;
    const plan = await planOfUser(c.env.DB, user);
    const outside = marketplaceRefused(c, plan, input.marketplace);
    if (outside) return outside;
    if (!canActivateAlert(plan, await countActiveAlerts(c.env.DB, user.id))) return limitReached(c, plan);
    // The insert re-checks the cap and the rule itself, in case another request got there meanwhile.
    const alert = await createAlert(c.env.DB, user.id, input, plan.activeAlertLimit);
    if (alert) return c.json({ alert }, 201);
    return (await duplicateRefused(c, rule)) ?? limitReached(c, plan);
  })
  .patch("/:id", requireAccount, zodValidator("json", alertPatchSchema), async (c) => {
    const { user } = currentAccount(c);
    const id = c.req.param("id");
    const patch = c.req.valid("json");
    const alert = await findAlert(c.env.DB, user.id, id);
    if (!alert) return notFound(c);
    if (patch.threshold !== undefined && alert.conditionType === "buybox_lost") {
      return c.json({ detail: [{ loc: ["json", "threshold"], msg: "buybox_lost alerts take no threshold", type: "custom" }] }, 422);
    }
    if (patch.threshold != null) {
      const duplicate = await duplicateRefused(c, { ...alert, threshold: patch.threshold }, id);
      if (duplicate) return duplicate;
    }
    if (!(patch.paused === false && alert.paused)) {
      const updated = await updateAlert(c.env.DB, user.id, id, patch, null);
      return updated ? c.json({ alert: updated }, 200) : notFound(c);
    }
    // Un-pausing makes the alert active again: the same checks as creating it.
    const refused = await sellerConditionRefused(c, alert.conditionType);
    if (refused) return refused;
    const plan = await planOfUser(c.env.DB, user);
    const outside = marketplaceRefused(c, plan, alert.marketplace);
    if (outside) return outside;
    if (!canActivateAlert(plan, await countActiveAlerts(c.env.DB, user.id))) return limitReached(c, plan);
    const updated = await updateAlert(c.env.DB, user.id, id, patch, plan.activeAlertLimit);
    return updated ? c.json({ alert: updated }, 200) : limitReached(c, plan);
  })
  .delete("/:id", requireAccount, async (c) => {
    const { user } = currentAccount(c);
    return (await deleteAlert(c.env.DB, user.id, c.req.param("id"))) ? c.body(null, 204) : notFound(c);
  });
