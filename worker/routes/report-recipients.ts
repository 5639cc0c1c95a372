import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import type { Context } from "hono";
import { base64UrlEncode } from "../auth/signing-key";
import { normalizeEmail } from "../auth/email-sign-in";
import { sha256Hex } from "../shared/hmac";
import { clientAddressOf, currentAccount, requireAccount } from "../auth/session-middleware";
import { loadBranding } from "../branding/branding-store";
import { CONFIRM_LINK_DAYS, recipientConfirmEmail } from "../branding/recipient-email";
import { addRecipient, confirmRecipient, listRecipients, MAX_RECIPIENTS, removeRecipient } from "../branding/recipient-store";
import { findConnection, listConnections } from "../connections/connection-store";
import { DAY_MS } from "../contract/time";
import type { AppEnv } from "../env";
import { failure, jsonBody, retryAfter } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { recordAudit } from "../workspaces/audit-store";
import { escapeHtml } from "../shared/html";
import { sendToChosenAddress } from "./chosen-address-mail";
import { badInput, errorAnswer, jsonAnswer, notSignedIn } from "./schemas/answers";

/**
 * /api/branding/recipients: the addresses a workspace's weekly report goes to. An address is
 * added unconfirmed and mailed a link; only a confirmed one ever gets a report. An address is for
 * one seller connection's report (`connection_id`) or, without one, the whole workspace's.
 */
const recipientSchema = z.object({
  email: z.string(),
  confirmed: z.boolean(),
  connection_id: z.string().optional().openapi({ description: "The seller connection whose report it gets; absent: the whole workspace's." }),
  connection_name: z.string().optional(),
});
const recipientsSchema = z
  .object({
    recipients: z.array(recipientSchema),
    add_refusal: z.string().nullable().openapi({ description: "Why this account may add no address (a demo account); null when it may, its role permitting." }),
  })
  .openapi("ReportRecipients");
const addSchema = z.object({ email: z.string().max(320), connection_id: z.string().max(100).nullable().optional() }).strict();
const emailParam = z.object({ email: z.string().max(320).openapi({ param: { name: "email", in: "path" } }) });
const tokenQuery = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/).openapi({ param: { name: "token", in: "query" } }) });

const signedIn = { tags: ["Branding"], middleware: requireAccount };
/** A demo's reports are sample data, and its account is anyone's: it mails no address it is given. */
const DEMO_REFUSED = "A demo account cannot send the report to other addresses: its reports are sample data. Sign in by email to make your own account.";
const listAnswer = jsonAnswer("The workspace's report addresses.", recipientsSchema);

async function listed(c: Context<AppEnv>, workspaceId: string): Promise<z.infer<typeof recipientsSchema>> {
  const [rows, connections] = await Promise.all([listRecipients(c.env.DB, workspaceId), listConnections(c.env.DB, workspaceId)]);
  const names = new Map(connections.map((connection) => [connection.id, connection.name]));
  return {
    add_refusal: currentAccount(c).user.isDemo ? DEMO_REFUSED : null,
    recipients: rows.map((row) => ({
      email: row.email,
      confirmed: row.confirmedAt !== null,
      ...(row.connectionId !== null && { connection_id: row.connectionId, connection_name: names.get(row.connectionId) ?? row.connectionId }),
    })),
  };
}

/** Who added or removed a report address, in the workspace's audit log (null actor: the address's own unsubscribe link). */
async function audit(c: Context<AppEnv>, workspaceId: string, action: "report_recipient.add" | "report_recipient.remove", email: string, detail: Record<string, unknown> = {}) {
  const actorUserId = detail.via ? null : currentAccount(c).user.id;
  await recordAudit(c.env.DB, { workspaceId, actorUserId, action, target: email, detail: { email, ...detail }, clientAddress: clientAddressOf(c) });
}

export function recipientRoutes(editorWorkspace: (c: Context<AppEnv>) => string, readerWorkspace: (c: Context<AppEnv>) => string) {
  return createRouter()
    .openapi(createRoute({ ...signedIn, method: "get", path: "/", summary: "Where the weekly report goes", responses: { 200: listAnswer, 401: notSignedIn } }), async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(await listed(c, readerWorkspace(c)), 200);
    })
    .openapi(
      createRoute({
        ...signedIn,
        method: "post",
        path: "/",
        summary: "Add an address: it is mailed a confirmation link and gets no report until it is confirmed",
        request: { body: jsonBody(addSchema) },
        responses: {
          200: listAnswer,
          400: errorAnswer("The body is not JSON."),
          401: notSignedIn,
          403: errorAnswer("Not an owner or admin of the workspace, or a demo account."),
          409: errorAnswer("The workspace names the most addresses it may."),
          422: badInput,
          429: failure("Past a sending limit: one confirmation an hour per address and workspace, 20 per workspace, 10 per address from all workspaces; nothing changed.", retryAfter),
          502: failure("The confirmation email could not be sent; nothing changed.", retryAfter),
          503: failure("Email is not configured on this deployment, or the email service refuses its sending address (Retry-After); nothing changed.", retryAfter),
        },
      }),
      async (c) => {
        const workspaceId = editorWorkspace(c);
        if (currentAccount(c).user.isDemo) throw new ApiError(403, "forbidden", DEMO_REFUSED);
        const body = c.req.valid("json");
        const email = normalizeEmail(body.email);
        if (!email) throw new ApiError(422, "validation_failed", [{ loc: ["body", "email"], msg: "Not an email address.", type: "value_error" }]);
        const connectionId = body.connection_id ?? null;
        if (connectionId !== null && !(await findConnection(c.env.DB, workspaceId, connectionId))) {
          throw new ApiError(422, "validation_failed", [{ loc: ["body", "connection_id"], msg: "Not a seller connection of this workspace.", type: "value_error" }]);
        }
        const mail = c.get("services").config.alertEmail;
        const sender = c.get("services").sources.alertEmail();
        if (!mail || !sender) throw new ApiError(503, "not_configured", "Email is not configured on this deployment, so no confirmation link can be sent.");
        const existing = await listRecipients(c.env.DB, workspaceId);
        const known = existing.find((row) => row.email === email);
        if (!known && existing.length >= MAX_RECIPIENTS) {
          throw new ApiError(409, "conflict", `A workspace may send its report to at most ${MAX_RECIPIENTS} addresses. Remove one first.`);
        }
        const token = base64UrlEncode(crypto.getRandomValues(new Uint8Array(32)));
        // A confirmed address only changes scope; any other is mailed a new link first and stored
        // only once the mail went, so a refused or failed mail leaves the list as it was.
        if (!known?.confirmedAt) {
          const confirmUrl = new URL(`/api/branding/recipients/confirm?token=${token}`, c.get("services").config.siteOrigin).href;
          const workspaceName = (await loadBranding(c.env.DB, workspaceId)).displayName ?? "A RankLayer workspace";
          const message = recipientConfirmEmail({ to: email, from: mail.from, workspaceName, confirmUrl });
          const notSent = `The confirmation email to ${email} could not be sent just now, so nothing was changed${known ? ": an earlier link keeps working for its 7 days" : ": the address was not added"}. Try again in a minute.`;
          await sendToChosenAddress(c, { kind: "report-confirmation", workspaceId, email, sender, message, notSent });
        }
        await addRecipient(c.env.DB, workspaceId, email, await sha256Hex(token), connectionId);
        await audit(c, workspaceId, "report_recipient.add", email, { connection_id: connectionId });
        return c.json(await listed(c, workspaceId), 200);
      },
    )
    .openapi(
      createRoute({
        ...signedIn,
        method: "delete",
        path: "/{email}",
        summary: "Stop sending the report to an address",
        request: { params: emailParam },
        responses: { 200: listAnswer, 401: notSignedIn, 403: errorAnswer("Not an owner or admin of the workspace."), 404: errorAnswer("No such address.") },
      }),
      async (c) => {
        const workspaceId = editorWorkspace(c);
        const typed = c.req.valid("param").email.trim().toLowerCase();
        const email = normalizeEmail(typed) ?? "";
        // A row stored before addresses lost the root's dot (`a@example.com.`) goes by the form it was listed as.
        if (!(await removeRecipient(c.env.DB, workspaceId, email, [typed]))) throw new ApiError(404, "not_found", "The report does not go to that address.");
        await audit(c, workspaceId, "report_recipient.remove", email);
        return c.json(await listed(c, workspaceId), 200);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/confirm",
        tags: ["Branding"],
        summary: "The confirmation link mailed to an address (public: the token is the proof)",
        request: { query: tokenQuery },
        responses: {
          200: { description: "A short page saying the address is confirmed.", content: { "text/html": { schema: z.string() } } },
          404: errorAnswer("The link is unknown, used, or older than 7 days."),
          422: badInput,
        },
      }),
      async (c) => {
        const notBefore = new Date(Date.now() - CONFIRM_LINK_DAYS * DAY_MS).toISOString();
        const confirmed = await confirmRecipient(c.env.DB, await sha256Hex(c.req.valid("query").token), notBefore);
        if (!confirmed) throw new ApiError(404, "not_found", "This confirmation link is unknown, already used, or older than 7 days. Ask for a new one.");
        c.header("Cache-Control", "no-store");
        return c.html(`<!doctype html><meta charset="utf-8"><title>Confirmed</title><p>Confirmed: ${escapeHtml(confirmed.email)} will get the weekly report.</p>`, 200) as never;
      },
    );
}
