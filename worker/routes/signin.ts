import { createRoute } from "@hono/zod-openapi";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Context } from "hono";
import { clearCookie, readCookie, setHostCookie } from "../auth/cookies";
import { addressChangedEmail, limitDetail, normalizeEmail, SIGN_IN_LIFETIME_MS, SIGN_IN_LIMITS, type SignInLimits, type SignInPurpose } from "../auth/email-sign-in";
import { redeemCode, redeemLink, sendSignInEmail, type Redeemed } from "../auth/email-sign-in-service";
import { accountOfEmail, emailOfAccount } from "../auth/email-sign-in-store";
import { knownAccounts, knowsAccount } from "../auth/known-browser";
import { finishAuthentication, relyingPartyOf, startAuthentication, type RelyingParty } from "../auth/passkeys";
import { signIn } from "../auth/sign-in";
import { userStatus } from "../accounts/account-status";
import { findUser } from "../accounts/user-store";
import type { AppEnv } from "../env";
import { createRouter } from "../openapi/router";
import { clientAddress } from "../ratelimit/lookup-limit";
import { ApiError } from "../shared/api-error";
import { failure, retryAfter } from "../openapi/responses";
import { addressRefused, senderRefusedError } from "./chosen-address-mail";
import { recipientRefusal } from "../upstreams/email/email-errors";
import { badInput, errorAnswer, jsonAnswer } from "./schemas/answers";
import {
  challengeSchema,
  codeBodySchema,
  emailBodySchema,
  linkBodySchema,
  linkConfirmationSchema,
  passkeySignInBodySchema,
  sentSchema,
  signedInSchema,
} from "./schemas/sign-in";

const notJson = errorAnswer("The body is not JSON.");
/** The 422 of a route that mails an address typed in the body. */
export const addressNotUsable = errorAnswer("Not an email address, or one the email service refuses for good (suppressed after a bounce, not allowed): `detail` names the field and why.");

/** The browser that asked for an email holds its request id: a code works only there. */
export const SIGN_IN_REQUEST_COOKIE = "__Host-signin-request";
/**
 * The requests one browser's cookie holds, newest first: asking again (a second click, the same
 * address after "Use another address") keeps the earlier emails working there, since the first
 * one often arrives last. As many as one address may be sent in an hour.
 */
const MAX_REQUESTS_PER_BROWSER = SIGN_IN_LIMITS.perAddress;

/** The request ids in this browser's sign-in cookie, newest first (ids are UUIDs, joined by "."). */
export function browserRequestIds(c: Context<AppEnv>): string[] {
  const value = readCookie(c, SIGN_IN_REQUEST_COOKIE) ?? "";
  return value.split(".").filter((id) => /^[0-9a-f-]{36}$/.test(id)).slice(0, MAX_REQUESTS_PER_BROWSER);
}

/** This browser asked for `requestId`'s email: its code works here (with the earlier ones it holds). */
export function holdSignInRequest(c: Context<AppEnv>, requestId: string): void {
  const held = [requestId, ...browserRequestIds(c)].slice(0, MAX_REQUESTS_PER_BROWSER);
  setHostCookie(c, SIGN_IN_REQUEST_COOKIE, held.join("."), SIGN_IN_LIFETIME_MS / 1000);
}

const SENT = "We sent a sign-in link and a 6-digit code to that address. They work once, for 15 minutes. Check your spam folder if nothing arrives.";
const BAD_LINK = "This sign-in link is invalid, already used or expired. Ask for a new email.";
const NO_REQUEST = "Ask for a sign-in email from this browser first: the code works only in the browser that asked for it.";
const EXHAUSTED = "Too many wrong codes: this email's link and code no longer work. Ask for a new email.";
const TAKEN = "This address already signs in to another RankLayer account, so it was not added. Nothing was changed.";
const OTHER_ACCOUNT =
  "This link adds the address to a RankLayer account, and works only in a browser signed in to that account: open it there, or type the code from the same email in Settings → Account there. If you did not ask for it, ignore it: nothing was changed.";

/**
 * Sends a sign-in (or add-an-address) email within the limits, answering the same whether or
 * not the address has an account. Shared by POST /api/signin/email, POST /api/account/email and
 * the re-verification code (`ownAddress`: the account's stored address, not one typed in the body).
 */
export async function sendEmailFor(c: Context<AppEnv>, rawEmail: string, purpose: SignInPurpose, userId: string | null, ownAddress = false): Promise<string> {
  const email = normalizeEmail(rawEmail);
  if (!email) throw new ApiError(422, "validation_failed", [{ loc: ["body", "email"], msg: "Enter an email address like name@example.com.", type: "invalid_format" }]);
  const { config, sources } = c.get("services");
  const sender = sources.alertEmail();
  if (!sender || !config.alertEmail) {
    throw new ApiError(503, "not_configured", "Email sign-in is not set up on this server (it needs the ALERT_EMAIL binding and ALERT_EMAIL_FROM).");
  }
  const mail = { sender, from: config.alertEmail.from, siteOrigin: config.siteOrigin, limits: await limitsFor(c, email, purpose) };
  let result;
  try {
    result = await sendSignInEmail(c.env.DB, mail, { email, client: clientAddress(c.req.raw), purpose, userId });
  } catch (error) {
    console.error("sign-in email not sent", error);
    const refused = recipientRefusal(error);
    // The account's own address has no field to correct: the other ways of re-verifying are named instead.
    if (refused !== null && ownAddress) throw new ApiError(409, "conflict", `Your address ${email} cannot be sent email: ${refused}. Use a passkey, or sign in with Amazon again.`);
    if (refused !== null) throw addressRefused(email, refused);
    throw senderRefusedError(error) ?? new ApiError(502, "upstream_unavailable", "The email could not be sent just now. Try again in a minute.", { "Retry-After": "60" });
  }
  if (!result.sent) throw new ApiError(429, "rate_limited", limitDetail(result), { "Retry-After": String(result.retryAfterSeconds) });
  return result.requestId;
}

/**
 * The sending limits of this request. Anyone may ask for an address's sign-in emails, so five asks
 * an hour from anywhere would keep its owner out; a browser that signed in to that address's
 * account before (known-browser.ts, a signed cookie no one else holds) is spared the per-address
 * limits (the hour's and the day's).
 * The per-network and global limits still hold, and the answer says nothing of the address to others.
 */
async function limitsFor(c: Context<AppEnv>, email: string, purpose: SignInPurpose): Promise<SignInLimits> {
  if (purpose !== "sign_in") return SIGN_IN_LIMITS;
  const known = await knownAccounts(c);
  if (known.length === 0) return SIGN_IN_LIMITS;
  const account = await accountOfEmail(c.env.DB, email);
  return account && knowsAccount(known, account) ? { ...SIGN_IN_LIMITS, perAddress: Number.POSITIVE_INFINITY, perAddressPerDay: Number.POSITIVE_INFINITY } : SIGN_IN_LIMITS;
}

/** Signs in (or confirms an address) after a redeemed link or code; refusals become errors (`invalid`: what an unusable one is told). */
export async function afterRedeem(c: Context<AppEnv>, redeemed: Redeemed, invalid = BAD_LINK) {
  if (!redeemed.ok) {
    if (redeemed.failure === "taken") throw new ApiError(409, "conflict", TAKEN);
    if (redeemed.failure === "other_account") throw new ApiError(403, "forbidden", OTHER_ACCOUNT);
    if (redeemed.failure === "wrong_code") {
      throw new ApiError(400, "bad_request", `That code is not right: ${redeemed.triesLeft} ${redeemed.triesLeft === 1 ? "try" : "tries"} left.`);
    }
    throw new ApiError(400, "bad_request", redeemed.failure === "exhausted" ? EXHAUSTED : invalid);
  }
  clearCookie(c, SIGN_IN_REQUEST_COOKIE);
  c.header("Cache-Control", "no-store");
  if (redeemed.purpose === "add_email") {
    if (redeemed.previousEmail) await tellEarlierAddress(c, redeemed.previousEmail, redeemed.email);
    return c.json({ purpose: "add_email" as const, created: false, email: redeemed.email, status: null }, 200);
  }
  await signIn(c, redeemed.user.id);
  return c.json({ purpose: "sign_in" as const, created: redeemed.created, email: redeemed.email, status: await userStatus(c.env.DB, redeemed.user) }, 200);
}

/** The earlier address hears that another one now signs in; the change stands if that mail fails (logged). */
async function tellEarlierAddress(c: Context<AppEnv>, earlier: string, newEmail: string): Promise<void> {
  const { config, sources } = c.get("services");
  const sender = sources.alertEmail();
  if (!sender || !config.alertEmail) return;
  const notice = addressChangedEmail({ to: earlier, from: config.alertEmail.from, newEmail, changedAt: new Date().toISOString(), siteOrigin: config.siteOrigin });
  await sender.send(notice).catch((error: unknown) => console.error("address change notice not sent", error));
}

/**
 * Each sign-in challenge is a stored row, asked for by anyone signed out: one network gets
 * PASSKEY_CHALLENGES of them (a sign-in takes one, a retry another), so a flood of them cannot
 * load the database everyone's requests write to.
 */
const PASSKEY_CHALLENGES = { limit: 30, windowMs: 10 * 60 * 1000 };

async function takePasskeyChallenge(c: Context<AppEnv>): Promise<void> {
  const decision = await c.get("services").quota.hitClient(c.req.raw, "passkey-challenge", PASSKEY_CHALLENGES);
  if (decision.allowed) return;
  const minutes = Math.ceil(decision.resetSeconds / 60);
  throw new ApiError(
    429,
    "rate_limited",
    `Too many passkey sign-ins from this network: at most ${PASSKEY_CHALLENGES.limit} in 10 minutes. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { "Retry-After": String(decision.resetSeconds) },
  );
}

export function relyingParty(c: Context<AppEnv>): RelyingParty {
  const rp = relyingPartyOf(c.get("services").config.siteOrigin, new URL(c.req.url).origin, c.req.header("Origin"));
  if (!rp) throw new ApiError(403, "forbidden", "Passkeys work only on this site's own address.");
  return rp;
}

const tags = ["Auth"];

export const signInRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/email",
      tags,
      summary: "Email a one-time sign-in link and 6-digit code (15 minutes); the same answer whether or not the address has an account",
      request: { body: { content: { "application/json": { schema: emailBodySchema } }, required: true } },
      responses: {
        202: jsonAnswer("Sent (the address is not said to have an account or not).", sentSchema),
        400: notJson,
        422: addressNotUsable,
        429: errorAnswer("Past a sending limit: 5 an hour (10 a day) per address, 20 an hour per client, 1000 an hour in all (Retry-After)."),
        502: failure("The email service failed; try again in a minute.", retryAfter),
        503: failure("Email is not set up on this server, or the email service refuses its sending address (Retry-After).", retryAfter),
      },
    }),
    async (c) => {
      holdSignInRequest(c, await sendEmailFor(c, c.req.valid("json").email, "sign_in", null));
      c.header("Cache-Control", "no-store");
      return c.json({ detail: SENT }, 202);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/email/link",
      tags,
      summary: "Use the token of an emailed link (once): signs in, making a Free account on the first sign-in, or confirms an added address",
      description:
        "A sign-in link opened in a browser other than the one that asked for it is not used at once: it answers 202 with its address, and signs in when posted again with `confirm: true`.",
      request: { body: { content: { "application/json": { schema: linkBodySchema } }, required: true } },
      responses: {
        200: jsonAnswer("Signed in, or the address confirmed.", signedInSchema),
        202: jsonAnswer("Opened in a browser that did not ask for it: the link is left unused until posted with `confirm: true`.", linkConfirmationSchema),
        400: errorAnswer("Invalid, used or expired."),
        403: errorAnswer("A link that adds an address, opened where its account is not signed in (the link stays unused)."),
        409: errorAnswer("The address belongs to another account (add_email)."),
        422: badInput,
      },
    }),
    async (c) => {
      const { token, confirm } = c.req.valid("json");
      const signedInUserId = c.get("account")?.user.id ?? null;
      const redeemed = await redeemLink(c.env.DB, token, { signedInUserId, requestIds: browserRequestIds(c), confirmed: confirm === true });
      if (!redeemed.ok && redeemed.failure === "confirm") {
        c.header("Cache-Control", "no-store");
        const signedInAs = signedInUserId ? await emailOfAccount(c.env.DB, signedInUserId) : null;
        return c.json({ confirm: true as const, email: redeemed.email, signedIn: signedInUserId !== null, signedInAs }, 202);
      }
      return afterRedeem(c, redeemed);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/email/code",
      tags,
      summary: "Type the 6-digit code in the browser that asked for it; 5 wrong codes end the request",
      request: { body: { content: { "application/json": { schema: codeBodySchema } }, required: true } },
      responses: {
        200: jsonAnswer("Signed in.", signedInSchema),
        400: errorAnswer("Wrong code (tries left said), no request in this browser, or the request is used, expired or out of tries."),
        422: badInput,
      },
    }),
    async (c) => {
      const requestIds = browserRequestIds(c);
      if (requestIds.length === 0) throw new ApiError(400, "bad_request", NO_REQUEST);
      return afterRedeem(c, await redeemCode(c.env.DB, requestIds, c.req.valid("json").code));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/passkey/options",
      tags,
      summary: "A WebAuthn challenge for signing in with a passkey (five minutes, once)",
      responses: {
        200: jsonAnswer("Options for navigator.credentials.get().", challengeSchema),
        403: errorAnswer("Not this site's address."),
        429: errorAnswer("Past 30 challenges in 10 minutes from one network (Retry-After)."),
      },
    }),
    async (c) => {
      const rp = relyingParty(c);
      await takePasskeyChallenge(c);
      return c.json(await startAuthentication(c.env.DB, rp), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/passkey",
      tags,
      summary: "Sign in with a passkey's answer to the challenge",
      request: { body: { content: { "application/json": { schema: passkeySignInBodySchema } }, required: true } },
      responses: { 200: jsonAnswer("Signed in.", signedInSchema), 400: errorAnswer("Unknown passkey, bad signature, or the challenge expired."), 422: badInput },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const userId = await finishAuthentication(c.env.DB, relyingParty(c), { challengeId: body.challengeId, response: body.response as unknown as AuthenticationResponseJSON });
      const user = userId ? await findUser(c.env.DB, userId) : null;
      if (!user) throw new ApiError(400, "bad_request", "This passkey is not registered with RankLayer, or the sign-in took too long. Try again, or sign in by email.");
      await signIn(c, user.id);
      c.header("Cache-Control", "no-store");
      const email = await emailOfAccount(c.env.DB, user.id);
      return c.json({ purpose: "sign_in" as const, created: false, email, status: await userStatus(c.env.DB, user) }, 200);
    },
  );
