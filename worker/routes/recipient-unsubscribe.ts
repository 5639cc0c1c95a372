import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import { clientAddressOf } from "../auth/session-middleware";
import { isRecipientUnsubscribeToken } from "../branding/recipient-unsubscribe";
import { removeRecipient } from "../branding/recipient-store";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { recordAudit } from "../workspaces/audit-store";
import { badInput, errorAnswer } from "./schemas/answers";
import { confirmUnsubscribePage, unsubscribedPage } from "./unsubscribe-pages";

const unsubscribeQuery = z.object({
  workspace: z.string().max(100).openapi({ param: { name: "workspace", in: "query" } }),
  email: z.string().max(320).openapi({ param: { name: "email", in: "query" } }),
  token: z.string().regex(/^[0-9a-f]{64}$/).openapi({ param: { name: "token", in: "query" } }),
});

const answers = {
  200: { description: "A short page.", content: { "text/html": { schema: z.string() } } },
  403: errorAnswer("The link's signature is wrong."),
  422: badInput,
};

const NOT_VALID = "This unsubscribe link is not valid.";

/**
 * The unsubscribe link in a report sent to an address a workspace chose, mounted ahead of the
 * session and XSRF checks (the signature is the proof). Opening it only asks; the page's button,
 * or a mail client's one-click POST (RFC 8058), removes the address.
 */
export const recipientUnsubscribeRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags: ["Branding"],
      summary: "The unsubscribe link in a report sent to a chosen address: a page asking to confirm (public: signed)",
      request: { query: unsubscribeQuery },
      responses: answers,
    }),
    async (c) => {
      const { workspace, email, token } = c.req.valid("query");
      if (!(await isRecipientUnsubscribeToken(c.get("services"), workspace, email, token))) throw new ApiError(403, "forbidden", NOT_VALID);
      c.header("Cache-Control", "no-store");
      return c.html(confirmUnsubscribePage("Stop these weekly reports?", `${email} gets no more weekly reports from this workspace.`, new URL(c.req.url).search), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags: ["Branding"],
      summary: "Stop the reports to a chosen address (the page's button, or a mail client's one-click POST; public: signed)",
      request: { query: unsubscribeQuery },
      responses: answers,
    }),
    async (c) => {
      const { workspace, email, token } = c.req.valid("query");
      if (!(await isRecipientUnsubscribeToken(c.get("services"), workspace, email, token))) throw new ApiError(403, "forbidden", NOT_VALID);
      if (await removeRecipient(c.env.DB, workspace, email)) {
        await recordAudit(c.env.DB, {
          workspaceId: workspace,
          actorUserId: null,
          action: "report_recipient.remove",
          target: email,
          detail: { email, via: "unsubscribe link" },
          clientAddress: clientAddressOf(c),
        });
      }
      c.header("Cache-Control", "no-store");
      return c.html(unsubscribedPage("Unsubscribed", `${email} gets no more weekly reports from this workspace.`), 200);
    },
  );
