import { Hono } from "hono";
import * as z from "zod/mini";
import { unsubscribeWeeklyReport } from "../dashboard/report-store";
import { isUnsubscribeToken } from "../dashboard/unsubscribe-token";
import type { AppEnv } from "../env";
import { zodValidator } from "../validation";

const unsubscribeQuery = z.object({
  user: z.string().check(z.minLength(1), z.maxLength(100)),
  token: z.string().check(z.regex(/^[0-9a-f]{64}$/, { error: "Invalid token" })),
});

const page = (text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>RankLayer weekly report</title></head><body><main><h1>Weekly report</h1><p>${text}</p><p><a href="/settings">Your settings</a></p></main></body></html>`;

/** The weekly report's unsubscribe link: works from the email, without signing in. */
export const reportRoutes = new Hono<AppEnv>().get("/unsubscribe", zodValidator("query", unsubscribeQuery), async (c) => {
  const { user, token } = c.req.valid("query");
  if (!(await isUnsubscribeToken(c.var.services, user, token))) return c.json({ detail: "This unsubscribe link is not valid." }, 403);
  await unsubscribeWeeklyReport(c.env.DB, user);
  c.header("Cache-Control", "no-store");
  return c.html(page("You are unsubscribed: no more weekly report emails. You can turn them back on in Settings → Notifications."));
});
