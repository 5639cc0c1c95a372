import { createRoute, z } from "@hono/zod-openapi";
import { unsubscribeWeeklyReport } from "../dashboard/report-store";
import { isUnsubscribeToken } from "../dashboard/unsubscribe-token";
import { failure } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";

const unsubscribeQuery = z.object({
  user: z.string().min(1).max(100),
  token: z.string().regex(/^[0-9a-f]{64}$/, { error: "Invalid token" }),
});

const page = (text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>RankLayer weekly report</title></head><body><main><h1>Weekly report</h1><p>${text}</p><p><a href="/settings">Your settings</a></p></main></body></html>`;

/** The weekly report's unsubscribe link: works from the email, without signing in. */
export const reportRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/unsubscribe",
    operationId: "unsubscribeWeeklyReport",
    tags: ["Account"],
    summary: "The weekly report email's unsubscribe link",
    request: { query: unsubscribeQuery },
    responses: {
      200: { description: "A page saying it is done.", content: { "text/html": { schema: z.string() } } },
      403: failure("The link's token does not match."),
      422: failure("Bad input: `detail` lists each bad value."),
    },
  }),
  async (c) => {
    const { user, token } = c.req.valid("query");
    if (!(await isUnsubscribeToken(c.env, user, token))) throw new ApiError(403, "forbidden", "This unsubscribe link is not valid.");
    await unsubscribeWeeklyReport(c.env.DB, user);
    c.header("Cache-Control", "no-store");
    return c.html(page("You are unsubscribed: no more weekly report emails. You can turn them back on in Settings → Notifications."));
  },
);
