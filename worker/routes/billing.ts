import { Hono } from "hono";
import { planSummary } from "../billing/features";
import { PLANS } from "../billing/plans";
import type { AppEnv } from "../env";

export const billingRoutes = new Hono<AppEnv>().get("/billing/plans", (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json({ plans: PLANS.map(planSummary) }, 200);
});
