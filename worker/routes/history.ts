import { Hono } from "hono";
import { planOfUser } from "../billing/user-plan";
import { upgradeHint } from "../contract/billing";
import type { AppEnv } from "../env";
import { rankHistory } from "../history/history-store";
import { rankVelocity } from "../history/velocity";
import { ANONYMOUS_HISTORY_RANGE, HISTORY_RANGE_DAYS, historyQuerySchema, type HistoryResponse } from "../contract/history";
import { zodValidator } from "../validation";
import { DAY_MS, utcDay } from "../contract/time";


export const historyRoutes = new Hono<AppEnv>().get("/", zodValidator("query", historyQuerySchema), async (c) => {
  const { asin, marketplace, range, days: askedDays } = c.req.valid("query");
  const days = askedDays ?? HISTORY_RANGE_DAYS[range];
  const account = c.get("account");
  // The answer depends on who asks (plan limits), so no shared cache may keep it.
  c.header("Cache-Control", "private, no-store");

  if (!account) {
    if (days > HISTORY_RANGE_DAYS[ANONYMOUS_HISTORY_RANGE]) return c.json({ detail: "Sign in to see 30 and 90 days" }, 401);
  } else {
    const plan = await planOfUser(c.env.DB, account.user);
    if (days > plan.historyDays) {
      return c.json(
        {
          detail: `Your ${plan.name} plan shows ${plan.historyDays} days of rank history.${upgradeHint(plan)}`,
        },
        403,
      );
    }
  }

  const now = Date.now();
  const points = await rankHistory(c.var.services.history, asin, marketplace, utcDay(now - (days - 1) * DAY_MS), utcDay(now));
  const body: HistoryResponse = { asin, marketplace, range, days, points, velocity: rankVelocity(points) };
  return c.json(body, 200);
});
