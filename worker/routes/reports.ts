import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import { unsubscribeAlertEmails, unsubscribeReport } from "../dashboard/report-store";
import { isUnsubscribeToken } from "../dashboard/unsubscribe-token";
import { failure } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { confirmUnsubscribePage, unsubscribedPage } from "./unsubscribe-pages";

const unsubscribeQuery = z.object({
  user: z.string().min(1).max(100),
  token: z.string().regex(/^[0-9a-f]{64}$/, { error: "Invalid token" }),
  // What the link stops: the daily report's and the alert emails' links say so; older weekly links say nothing.
  report: z.enum(["daily", "weekly", "alerts"], { error: "report must be daily, weekly or alerts" }).default("weekly"),
});

const answers = {
  200: { description: "A short page.", content: { "text/html": { schema: z.string() } } },
  403: failure("The link's token does not match."),
  422: failure("Bad input: `detail` lists each bad value."),
};

/**
 * The daily or weekly report's unsubscribe link (and the alert emails'), mounted ahead of the session and XSRF checks
 * (the signed token is the proof, and mail providers post without a session). Opening the link
 * only asks (mail scanners open links); the page's button, or a mail client's one-click POST
 * (RFC 8058, `List-Unsubscribe-Post`), unsubscribes.
 */
export const reportUnsubscribeRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      operationId: "unsubscribeReportPage",
      tags: ["Account"],
      summary: "The report email's unsubscribe link: a page asking to confirm (it changes nothing)",
      request: { query: unsubscribeQuery },
      responses: answers,
    }),
    async (c) => {
      const { user, token, report } = c.req.valid("query");
      if (!(await isUnsubscribeToken(c.get("services"), user, token))) throw new ApiError(403, "forbidden", "This unsubscribe link is not valid.");
      c.header("Cache-Control", "no-store");
      const search = new URL(c.req.url).search;
      if (report === "alerts") return c.html(confirmUnsubscribePage("Stop alert emails?", "No more RankLayer alert emails go to this account's address; alerts still show in the app and reach your webhook.", search));
      return c.html(confirmUnsubscribePage(`Stop the ${report} report emails?`, `No more ${report} RankLayer report emails go to this account's address.`, search));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      operationId: "unsubscribeReport",
      tags: ["Account"],
      summary: "Unsubscribe from the daily or weekly report, or from alert emails (the page's button, or a mail client's one-click POST)",
      request: { query: unsubscribeQuery },
      responses: answers,
    }),
    async (c) => {
      const { user, token, report } = c.req.valid("query");
      if (!(await isUnsubscribeToken(c.get("services"), user, token))) throw new ApiError(403, "forbidden", "This unsubscribe link is not valid.");
      c.header("Cache-Control", "no-store");
      if (report === "alerts") {
        await unsubscribeAlertEmails(c.env.DB, user);
        return c.html(unsubscribedPage("Alert emails", "You are unsubscribed: no more alert emails. You can turn them back on in Settings → Notifications (Email alerts)."));
      }
      await unsubscribeReport(c.env.DB, user, report);
      return c.html(
        unsubscribedPage(
          report === "daily" ? "Daily report" : "Weekly report",
          `You are unsubscribed: no more ${report} report emails. You can turn them back on in Settings → Notifications.`,
        ),
      );
    },
  );
