import { createRoute } from "@hono/zod-openapi";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { callerPlan } from "./caller-plan";
import { portfolioQuerySchema } from "../contract/dashboard";
import { PRO_PLAN } from "../contract/plans";
import { loadPortfolio, portfolioRangeRefusal } from "../dashboard/portfolio-service";
import { failure, json, sessionErrors } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { portfolioSchema } from "./dashboard-schemas";

/** The portfolio: brands, categories and revenue of the user's tracked ASINs in one marketplace. */
export const portfolioRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "portfolio",
    tags: ["Dashboard"],
    summary: "Brands, categories and revenue of the tracked ASINs",
    middleware: [requireAccount],
    request: { query: portfolioQuerySchema },
    responses: { 200: json("The portfolio.", portfolioSchema), ...sessionErrors, 404: failure("No such seller connection in this workspace (`connection`).") },
  }),
  async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { user, workspace } = currentAccount(c);
    const query = c.req.valid("query");
    const plan = await callerPlan(c);
    const refusal = portfolioRangeRefusal(plan.name, plan.historyDays, PRO_PLAN.historyDays, query.range);
    if (refusal) throw new ApiError(403, "plan_limit", refusal);
    return c.json(await loadPortfolio(c.get("services"), user, workspace.id, query, Date.now()), 200);
  },
);
