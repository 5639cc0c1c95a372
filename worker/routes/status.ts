import { Hono } from "hono";
import type { AppEnv } from "../env";
import { checkStatus } from "../status/checks";

export const statusRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const report = await checkStatus(c.var.services);
  c.header("Cache-Control", "no-store");
  return c.json(report, 200);
});
