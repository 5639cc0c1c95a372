import { Hono } from "hono";
import { configOf } from "../config";
import type { AppEnv } from "../env";

export const healthRoutes = new Hono<AppEnv>().get("/", (c) =>
  c.json({ ok: true as const, version: configOf(c.env).vars.APP_VERSION }),
);
