import { Hono } from "hono";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { planOfUser } from "../billing/user-plan";
import { portfolioQuerySchema } from "../contract/dashboard";
import { PRO_PLAN } from "../contract/plans";
import { loadPortfolio, portfolioRangeRefusal } from "../dashboard/portfolio-service";
import type { AppEnv } from "../env";
import { zodValidator } from "../validation";

/** The portfolio: brands, categories and revenue of the user's tracked ASINs in one marketplace. */
export const portfolioRoutes = new Hono<AppEnv>().get("/", requireAccount, zodValidator("query", portfolioQuerySchema), async (c) => {
  c.header("Cache-Control", "private, no-store");
  const { user } = currentAccount(c);
  const query = c.req.valid("query");
  const plan = await planOfUser(c.env.DB, user);
  const refusal = portfolioRangeRefusal(plan.name, plan.historyDays, PRO_PLAN.historyDays, query.range);
  if (refusal) return c.json({ detail: refusal }, 403);
  return c.json(await loadPortfolio(c.var.services, user, query, Date.now()), 200);
});
