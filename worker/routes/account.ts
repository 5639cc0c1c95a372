import { requireRecentSignIn } from "../auth/recent-sign-in";
import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import { deleteAccount } from "../account-lifecycle/account-deletion";
import { CancelFailed } from "../billing/subscription-cancel";
import { exportAccount } from "../account-lifecycle/account-export";
import { confirmsDeletion, deletionPhrase, isRealSellerId } from "../account-lifecycle/account-rules";
import { waysInOf } from "../account-lifecycle/ways-in-store";
import { clearCookie, SESSION_COOKIE, XSRF_COOKIE } from "../auth/cookies";
import { rememberAccount } from "../auth/known-browser";
import { revokeOtherSessions } from "../auth/session";
import { resetKnownBrowsers } from "../accounts/user-store";
import { countOtherLiveSessions } from "../auth/session-store";
import { requireAccount } from "../auth/session-middleware";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { HOUR_MS } from "../contract/time";
import { failure, retryAfter } from "../openapi/responses";
import { sharedWorkspacesOf, workspacesOnlyOwnedBy } from "../workspaces/workspace-store";
import { badInput, errorAnswer, jsonAnswer, notSignedIn } from "./schemas/answers";
import { accountSchema, codeBodySchema, deleteBodySchema, deletionSchema, emailBodySchema, sentSchema, sessionsEndedSchema, signedInSchema } from "./schemas/sign-in";
import { sessionAccount } from "./passkeys";
import { auditRequest } from "./request-audit";
import { addressNotUsable, afterRedeem, sendEmailFor } from "./signin";
import { redeemAddEmailCode } from "../auth/email-sign-in-service";

/** What stays after a deletion, and for how long: the answer says it, as the privacy page does. */
export const KEPT_AFTER_DELETION = [
  "Invoices and payments stay at Stripe for as long as tax law requires; RankLayer cannot erase them.",
  "Database backups (D1 point-in-time recovery) roll over within 30 days.",
  "Rank history of the ASINs you tracked is public product data, shared by everyone who tracks them, and names nobody.",
];

const tags = ["Account"];
/** Account data exports (GET /export) per account an hour: enough to retry, not to read its history in a loop. */
const ACCOUNT_EXPORTS = { limit: 5, windowMs: HOUR_MS };
const NO_CONFIRMATION_WAITING = "No confirmation email is waiting for this account (it was used, expired, or never sent). Send a new one.";
const router = createRouter();
router.use(requireAccount);

export const accountRoutes = router
  .openapi(
    createRoute({ method: "get", path: "/", tags, summary: "The account's address, ways in and what deletion asks to type", responses: { 401: notSignedIn, 200: jsonAnswer("The account.", accountSchema) } }),
    async (c) => {
      const { user, sessionId } = sessionAccount(c);
      const [ways, otherSessions] = await Promise.all([waysInOf(c.env.DB, user), countOtherLiveSessions(c.env.DB, user.id, sessionId, new Date().toISOString())]);
      c.header("Cache-Control", "private, no-store");
      return c.json(
        {
          email: ways.address,
          sellingPartnerId: isRealSellerId(user.sellingPartnerId) ? user.sellingPartnerId : null,
          demo: user.isDemo,
          waysIn: { passkeys: ways.passkeys, email: ways.email, amazon: ways.amazon },
          otherSessions,
          deletionPhrase: deletionPhrase({ email: ways.address, sellingPartnerId: user.sellingPartnerId, isDemo: user.isDemo }),
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/email",
      tags,
      summary: "Add (or change) the account's email address: a confirmation link goes to it, with the sign-in limits",
      request: { body: { content: { "application/json": { schema: emailBodySchema } }, required: true } },
      responses: { 401: notSignedIn, 202: jsonAnswer("Sent.", sentSchema), 400: errorAnswer("The body is not JSON."), 403: errorAnswer("A demo account has no address, or no recent sign-in (`recent_sign_in_required`)."), 422: addressNotUsable, 429: errorAnswer("Past a sending limit (Retry-After)."), 502: failure("The email service failed; try again in a minute.", retryAfter), 503: failure("Email is not set up, or the email service refuses RankLayer's sending address (Retry-After).", retryAfter) },
    }),
    async (c) => {
      const account = sessionAccount(c);
      const { user } = account;
      if (user.isDemo) throw new ApiError(403, "forbidden", "A demo account cannot have an email address. Sign in by email to make your own account.");
      requireRecentSignIn(account);
      await sendEmailFor(c, c.req.valid("json").email, "add_email", user.id);
      return c.json({ detail: "We sent a confirmation link and a 6-digit code to that address. Open the link in this browser, or type the code here, within 15 minutes." }, 202);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/email/code",
      tags,
      summary: "Confirm the address being added with the 6-digit code from its email (typed where the account is signed in); 5 wrong codes end the request",
      request: { body: { content: { "application/json": { schema: codeBodySchema } }, required: true } },
      responses: {
        401: notSignedIn,
        200: jsonAnswer("The address is the account's now.", signedInSchema),
        400: errorAnswer("Wrong code (tries left said), or no confirmation email is waiting (none sent, used, expired or out of tries)."),
        409: errorAnswer("The address signs in to another account."),
        422: badInput,
      },
    }),
    async (c) => {
      const { user } = sessionAccount(c);
      return afterRedeem(c, await redeemAddEmailCode(c.env.DB, user.id, c.req.valid("json").code), NO_CONFIRMATION_WAITING);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sign-out-others",
      tags,
      summary: "Sign out every other browser signed in to the account (this one stays signed in); with an email address or passkey, they must use one to sign in again",
      responses: { 401: notSignedIn, 403: errorAnswer("No recent sign-in (`recent_sign_in_required`): re-verify, then retry."), 200: jsonAnswer("How many sessions ended, and whether Amazon sign-in no longer opens the account in those browsers.", sessionsEndedSchema) },
    }),
    async (c) => {
      const account = sessionAccount(c);
      requireRecentSignIn(account);
      const { user } = account;
      const ended = await revokeOtherSessions(c.env, account);
      // The browsers it signed out must not come back by Amazon sign-in alone (a lost phone, a shared
      // computer), unless Amazon is the account's only way in: then they would be locked out for good.
      const ways = await waysInOf(c.env.DB, user);
      const forgotBrowsers = ways.email || ways.passkeys > 0;
      if (forgotBrowsers) {
        await resetKnownBrowsers(c.env.DB, user.id, new Date().toISOString());
        await rememberAccount(c, user.id);
      }
      return c.json({ ended, forgotBrowsers }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/export",
      tags,
      summary: "Everything stored about the account, as a JSON download (no secrets)",
      responses: {
        401: notSignedIn,
        200: jsonAnswer("The export document.", z.record(z.string(), z.unknown())),
        429: { ...errorAnswer(`More than ${ACCOUNT_EXPORTS.limit} exports in an hour; \`Retry-After\` says when the next one is allowed.`), headers: retryAfter },
      },
    }),
    async (c) => {
      const { user } = sessionAccount(c);
      // Each export reads the whole rank history of the watchlist (some 120,000 points for 1,000 ASINs).
      const decision = await c.get("services").quota.hitAccount(user.id, "account-export", ACCOUNT_EXPORTS);
      if (!decision.allowed) {
        const minutes = Math.ceil(decision.resetSeconds / 60);
        throw new ApiError(429, "rate_limited", `Too many data exports: at most ${decision.limit} an hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
          "Retry-After": String(decision.resetSeconds),
        });
      }
      const document = await exportAccount(c.env.DB, c.get("services").history, c.get("services").config, user);
      c.header("Cache-Control", "private, no-store");
      c.header("Content-Disposition", `attachment; filename="ranklayer-account-${document.exportedAt.slice(0, 10)}.json"`);
      return c.json(document as unknown as Record<string, unknown>, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/",
      tags,
      summary: "Delete the account: cancels a Stripe subscription, erases every row, and says what it did",
      request: { body: { content: { "application/json": { schema: deleteBodySchema } }, required: true } },
      responses: { 401: notSignedIn,
        200: jsonAnswer("Deleted; the session is over.", deletionSchema),
        400: errorAnswer("The confirmation does not match, or the body is not JSON."),
        403: errorAnswer("No recent sign-in (`recent_sign_in_required`): re-verify, then retry."),
        409: errorAnswer("The account is the last owner of a workspace with other members: transfer ownership first."),
        422: badInput,
        502: errorAnswer("Stripe did not cancel the subscription; nothing was deleted."),
      },
    }),
    async (c) => {
      const account = sessionAccount(c);
      requireRecentSignIn(account);
      const { user } = account;
      const ways = await waysInOf(c.env.DB, user);
      const phrase = deletionPhrase({ email: ways.address, sellingPartnerId: user.sellingPartnerId, isDemo: user.isDemo });
      if (!confirmsDeletion(c.req.valid("json").confirm, phrase)) {
        throw new ApiError(400, "bad_request", `To delete the account, type ${phrase} exactly. Nothing was deleted.`);
      }
      // The personal workspace goes with the account whoever else is in it; the others need an owner left.
      const shared = (await workspacesOnlyOwnedBy(c.env.DB, user.id)).filter((workspace) => workspace.id !== user.id);
      if (shared.length > 0) {
        const names = shared.map((w) => w.name).join(", ");
        throw new ApiError(409, "conflict", `You are the last owner of ${names}, which has other members: make one of them owner (Team), or remove them, before deleting your account. Nothing was deleted.`);
      }
      // Its personal workspace goes with it, co-owners or not: only the others stay to be told.
      const stays = (await sharedWorkspacesOf(c.env.DB, user.id)).filter((workspaceId) => workspaceId !== user.id);
      let report;
      try {
        report = await deleteAccount(c.env.DB, c.get("services").sources.billing(), c.env.BRANDING, user.id);
      } catch (error) {
        if (!(error instanceof CancelFailed)) throw error;
        console.error("account deletion: Stripe cancel failed", error.message);
        throw new ApiError(502, "upstream_unavailable", "Stripe did not cancel your subscription, so nothing was deleted. Try again in a few minutes.", { "Retry-After": "60" });
      }
      // The workspaces it shared stay: their logs say the member's account went.
      const { revokedIn, ...answer } = report;
      for (const workspaceId of stays) {
        await auditRequest(c, { workspaceId, action: "account.delete", target: user.id, detail: { revokedKeys: revokedIn[workspaceId] ?? 0 } });
      }
      clearCookie(c, SESSION_COOKIE);
      clearCookie(c, XSRF_COOKIE);
      c.header("Cache-Control", "no-store");
      return c.json({ ...answer, kept: KEPT_AFTER_DELETION }, 200);
    },
  );
