import { createRoute } from "@hono/zod-openapi";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Context } from "hono";
import * as z from "../openapi/zod";
import { clearCookie } from "../auth/cookies";
import { redeemCode } from "../auth/email-sign-in-service";
import { emailOfAccount, requestIdsFor } from "../auth/email-sign-in-store";
import { finishAuthentication } from "../auth/passkeys";
import { markVerified } from "../auth/session";
import { requireAccount } from "../auth/session-middleware";
import type { AppEnv } from "../env";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { sessionAccount } from "./passkeys";
import { badInput, errorAnswer, jsonAnswer, notSignedIn } from "./schemas/answers";
import { codeBodySchema, passkeySignInBodySchema, sentSchema } from "./schemas/sign-in";
import { browserRequestIds, holdSignInRequest, relyingParty, sendEmailFor, SIGN_IN_REQUEST_COOKIE } from "./signin";

/**
 * Re-verification for the sensitive account changes (auth/recent-sign-in.ts): the signed-in
 * person proves again it is them, with a passkey of this account or a code mailed to its address,
 * and this session counts as freshly signed in. The page keeps what was typed and retries.
 */
const tags = ["Account"];
const verifiedSchema = z.object({ verifiedAt: z.string() }).openapi("Reverified");
const NOT_THIS_ACCOUNT = "That passkey does not sign in to this account, or it took too long. Try again, or use a code by email.";
const NO_ADDRESS = "This account has no email address to send a code to: use a passkey, or sign in with Amazon again.";
const SENT = "We sent a 6-digit code to your address. Type it here within 15 minutes.";
const NO_CODE = "No code is waiting for this account in this browser (it was used or expired). Send a new one.";

async function verified(c: Context<AppEnv>, sessionId: string) {
  const nowIso = new Date().toISOString();
  if (!(await markVerified(c.env, sessionId, nowIso))) throw new ApiError(401, "unauthenticated", "Sign in first.");
  return c.json({ verifiedAt: nowIso }, 200);
}

const router = createRouter();
router.use(requireAccount);

export const reverifyRoutes = router
  .openapi(
    createRoute({
      method: "post",
      path: "/passkey",
      tags,
      summary: "Re-verify with one of the account's passkeys (the challenge from POST /api/signin/passkey/options)",
      request: { body: { content: { "application/json": { schema: passkeySignInBodySchema } }, required: true } },
      responses: { 401: notSignedIn, 200: jsonAnswer("This session counts as signed in now.", verifiedSchema), 400: errorAnswer(NOT_THIS_ACCOUNT), 422: badInput },
    }),
    async (c) => {
      const { user, sessionId } = sessionAccount(c);
      const body = c.req.valid("json");
      const userId = await finishAuthentication(c.env.DB, relyingParty(c), { challengeId: body.challengeId, response: body.response as unknown as AuthenticationResponseJSON });
      if (userId !== user.id) throw new ApiError(400, "bad_request", NOT_THIS_ACCOUNT);
      return verified(c, sessionId);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/email",
      tags,
      summary: "Email a 6-digit code to the account's own address, for re-verifying (the sign-in limits apply)",
      responses: {
        401: notSignedIn,
        202: jsonAnswer("Sent.", sentSchema),
        409: errorAnswer(`${NO_ADDRESS} Or the email service refuses the address for good (suppressed after a bounce, not allowed).`),
        429: errorAnswer("Past a sending limit (Retry-After)."),
        502: errorAnswer("The email service failed; try again in a minute (Retry-After)."),
        503: errorAnswer("Email is not set up, or the email service refuses RankLayer's sending address (Retry-After)."),
      },
    }),
    async (c) => {
      const { user } = sessionAccount(c);
      const address = await emailOfAccount(c.env.DB, user.id);
      if (!address) throw new ApiError(409, "conflict", NO_ADDRESS);
      holdSignInRequest(c, await sendEmailFor(c, address, "sign_in", null, true));
      return c.json({ detail: SENT }, 202);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/email/code",
      tags,
      summary: "Type the emailed code; 5 wrong codes end it",
      request: { body: { content: { "application/json": { schema: codeBodySchema } }, required: true } },
      responses: { 401: notSignedIn, 200: jsonAnswer("This session counts as signed in now.", verifiedSchema), 400: errorAnswer("Wrong code (tries left said), or none waiting."), 422: badInput },
    }),
    async (c) => {
      const { user, sessionId } = sessionAccount(c);
      const address = await emailOfAccount(c.env.DB, user.id);
      // Only this browser's requests for the account's own address: a code for another address
      // (a sign-in started in this browser) must not sign anyone in from here.
      const ids = address ? await requestIdsFor(c.env.DB, browserRequestIds(c), address) : [];
      if (ids.length === 0) throw new ApiError(400, "bad_request", NO_CODE);
      const redeemed = await redeemCode(c.env.DB, ids, c.req.valid("json").code);
      if (!redeemed.ok) {
        if (redeemed.failure === "wrong_code") throw new ApiError(400, "bad_request", `That code is not right: ${redeemed.triesLeft} ${redeemed.triesLeft === 1 ? "try" : "tries"} left.`);
        throw new ApiError(400, "bad_request", redeemed.failure === "exhausted" ? "Too many wrong codes: this code no longer works. Send a new one." : NO_CODE);
      }
      if (redeemed.purpose !== "sign_in" || redeemed.user.id !== user.id) throw new ApiError(400, "bad_request", NO_CODE);
      clearCookie(c, SIGN_IN_REQUEST_COOKIE);
      return verified(c, sessionId);
    },
  );
