import { Hono } from "hono";
import * as z from "zod/mini";
import { unsubscribeReport } from "../dashboard/report-store";
import { isUnsubscribeToken } from "../dashboard/unsubscribe-token";
import type { AppEnv } from "../env";
import { zodValidator } from "../validation";

const unsubscribeQuery = z.object({
  user: z.string().check(z.minLength(1), z.maxLength(100)),
  token: z.string().check(z.regex(/^[0-9a-f]{64}$/, { error: "Invalid token" })),
  // Which report the link stops: the daily email's link says so; older weekly links have none.
  report: z._default(z.enum(["daily", "weekly"], { error: "report must be daily or weekly" }), "weekly"),
});

const page = (report: "daily" | "weekly") => {
  const name = report === "daily" ? "Daily report" : "Weekly report";
  const text = `You are unsubscribed: no more ${report} report emails. You can turn them back on in Settings → Notifications.`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>RankLayer ${report} report</title></head><body><main><h1>${name}</h1><p>${text}</p><p><a href="/settings">Your settings</a></p></main></body></html>`;
};

/** The daily or weekly report's unsubscribe link: works from the email, without signing in. */
export const reportRoutes = new Hono<AppEnv>().get("/unsubscribe", zodValidator("query", unsubscribeQuery), async (c) => {
  const { user, token, report } = c.req.valid("query");
  if (!(await isUnsubscribeToken(c.env, user, token))) return c.json({ detail: "This unsubscribe link is not valid." }, 403);
  await unsubscribeReport(c.env.DB, user, report);
  c.header("Cache-Control", "no-store");
  return c.html(page(report));
});
