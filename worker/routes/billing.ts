import { Hono } from "hono";
import { planSummary } from "../contract/features";
import { PLANS } from "../contract/plans";
import type { AppEnv } from "../env";

export const billingRoutes = new Hono<AppEnv>().get("/plans", (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json({ plans: PLANS.map(planSummary) }, 200);
});
