import { Hono } from "hono";
import { userStatus } from "../accounts/account-status";
import type { AppEnv } from "../env";

export const userRoutes = new Hono<AppEnv>()
  .get("/status", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await userStatus(c.env.DB, c.get("account")?.user ?? null), 200);
  });
