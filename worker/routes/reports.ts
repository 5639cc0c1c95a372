import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import { unsubscribeReport } from "../dashboard/report-store";
import { isUnsubscribeToken } from "../dashboard/unsubscribe-token";
import { failure } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";

const unsubscribeQuery = z.object({
  user: z.string().min(1).max(100),
  token: z.string().regex(/^[0-9a-f]{64}$/, { error: "Invalid token" }),
  // Which report the link stops: the daily email's link says so; older weekly links have none.
  report: z.enum(["daily", "weekly"], { error: "report must be daily or weekly" }).default("weekly"),
});

const page = (report: "daily" | "weekly") => {
  const name = report === "daily" ? "Daily report" : "Weekly report";
  const text = `You are unsubscribed: no more ${report} report emails. You can turn them back on in Settings → Notifications.`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>RankLayer ${report} report</title></head><body><main><h1>${name}</h1><p>${text}</p><p><a href="/settings">Your settings</a></p></main></body></html>`;
};

/** The daily or weekly report's unsubscribe link: works from the email, without signing in. */
export const reportRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/unsubscribe",
    operationId: "unsubscribeReport",
    tags: ["Account"],
    summary: "The daily or weekly report email's unsubscribe link",
    request: { query: unsubscribeQuery },
    responses: {
      200: { description: "A page saying it is done.", content: { "text/html": { schema: z.string() } } },
      403: failure("The link's token does not match."),
      422: failure("Bad input: `detail` lists each bad value."),
    },
  }),
  async (c) => {
    const { user, token, report } = c.req.valid("query");
    if (!(await isUnsubscribeToken(c.var.services, user, token))) throw new ApiError(403, "forbidden", "This unsubscribe link is not valid.");
    await unsubscribeReport(c.env.DB, user, report);
    c.header("Cache-Control", "no-store");
    return c.html(page(report));
  },
);
