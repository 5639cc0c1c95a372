import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import { HOUR_MS } from "../contract/time";
import type { Context } from "hono";
import { connectsToSignedInAccount, sellerAccountFor } from "../account-lifecycle/connect-seller";
import { accountOfSellerId } from "../account-lifecycle/seller-link-store";
import { waysInOf } from "../account-lifecycle/ways-in-store";
import { userStatus } from "../accounts/account-status";
import { personalConnectionId, saveCredentials } from "../accounts/credentials-store";
import { connectionsChanged } from "../connections/connection-changed";
import { createDemoUser } from "../accounts/user-store";
import { clientAddressOf } from "../auth/session-middleware";
import { callbackErrorPage } from "../auth/callback-page";
import { callbackUrl, consentUrl } from "../auth/consent-url";
import { clearCookie, DEMO_ACCOUNT_COOKIE, OAUTH_STATE_COOKIE, readCookie, setHostCookie, setXsrfCookie } from "../auth/cookies";
import { DEMO_ACCOUNT_LIFETIME_SECONDS, demoAccountOf, signDemoAccount } from "../auth/demo-account";
import { knownAccounts, knowsAccount } from "../auth/known-browser";
import { consumeState, issueState, STATE_LIFETIME_SECONDS, type StateFailure } from "../auth/oauth-state";
import { signIn, signOut } from "../auth/sign-in";
import { encryptRefreshToken, keyringOf, type EncryptionKey } from "../auth/token-crypto";
import { xsrfTokenFor } from "../auth/xsrf";
import { recordAudit } from "../workspaces/audit-store";
import { storeWorkspaceGrant, workspaceConnectRefusal } from "./workspace-connect";
import type { Config } from "../config";
import { authUrlQuerySchema } from "../contract/account-request";
import type { AppEnv } from "../env";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { MARKETPLACE_REGION } from "../upstreams/spapi/endpoints";
import { refreshParticipations } from "../seller/participations";
import { exchangeAuthorizationCodeForTokens, LwaError } from "../upstreams/spapi/lwa";
import { authUrlSchema, userStatusSchema } from "./schemas/account";
import { badInput, errorAnswer, jsonAnswer, noContent } from "./schemas/answers";

const STATE_FAILURES: Record<StateFailure, string> = {
  missing: "The answer from Amazon carried no sign-in state, so it cannot be trusted.",
  invalid: "The sign-in state from Amazon is not one RankLayer issued.",
  expired: "The sign-in took longer than 10 minutes and expired.",
  mismatched: "The sign-in was started in another browser (or its cookie is gone).",
  reused: "This sign-in link has already been used.",
};
const START_AGAIN = " Start again from Connect Seller Central.";
const NO_CODE = "Amazon did not send back a seller id and authorization code." + START_AGAIN;

/** Amazon's selling-partner ids are short upper-case alphanumerics (and never a demo id). */
const SELLING_PARTNER_ID = /^[A-Z0-9]{6,32}$/;
const MAX_CODE_LENGTH = 1024;

/**
 * The refresh-token keys when Amazon sign-in may run; null (and logged for the operator)
 * when SP-API is not configured or its secrets are missing or malformed.
 */
function sellerSignInKeys(config: Config): EncryptionKey[] | null {
  if (!config.sellerSignInReady) {
    if (config.sellingPartner) {
      console.error("SP-API is configured but SESSION_SECRET or TOKEN_ENCRYPTION_KEYS is not set: Amazon sign-in is off");
    }
    return null;
  }
  try {
    return keyringOf(config);
  } catch (error) {
    console.error(`Amazon sign-in is off: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

const unprovenSeller = (sellingPartnerId: string) =>
  `Seller account ${sellingPartnerId} already has a RankLayer account, and this browser has not signed in to it before (or was signed out of it from another browser). ` +
  "Amazon tells us which seller id to use but not that the authorization is that seller's, so a new browser signs in " +
  "by email or with a passkey first, then reconnects Amazon in Settings → Connection Status. Nothing was changed.";

/**
 * Amazon sign-in reaches an existing account only from a browser that signed in to it before
 * (known-browser.ts), or with its session: the callback's seller id came through the browser, and
 * an attacker's own consent with another seller's id would otherwise sign them in to that seller's
 * account and replace its grant. An email account connecting its first seller is sellerAccountFor's to judge.
 */
async function unprovenSellerRefusal(c: Context<AppEnv>, sellingPartnerId: string): Promise<{ status: 403; message: string; withSupport: true } | null> {
  const signedIn = c.get("account")?.user ?? null;
  if (signedIn && connectsToSignedInAccount(signedIn)) return null;
  const owner = await accountOfSellerId(c.env.DB, sellingPartnerId);
  if (!owner || owner.id === signedIn?.id || knowsAccount(await knownAccounts(c), owner)) return null;
  console.warn(`Amazon sign-in to the account of seller ${sellingPartnerId} refused: this browser never signed in to it`);
  return { status: 403, message: unprovenSeller(sellingPartnerId), withSupport: true };
}

/** The callback is a page the browser lands on: its failures are pages too, not JSON. */
function callbackFailure(c: Context<AppEnv>, status: 400 | 403 | 409 | 502, message: string, withSupport = false) {
  c.header("Cache-Control", "no-store");
  return c.html(callbackErrorPage(message, Boolean(c.get("account")), withSupport), status);
}

const xsrfRoute = createRoute({
  method: "get",
  path: "/xsrf",
  tags: ["Auth"],
  summary: "Set the XSRF-TOKEN cookie every state-changing request echoes in X-XSRF-TOKEN",
  responses: { 204: noContent("The cookie is set: the session's token, or a random one when signed out.") },
});

const urlRoute = createRoute({
  method: "get",
  path: "/url",
  tags: ["Auth"],
  summary: "The Seller Central consent URL for the marketplace's region, and whether the demo is offered",
  request: { query: authUrlQuerySchema },
  responses: { 200: jsonAnswer("authUrl is null when SP-API sign-in is not configured.", authUrlSchema), 422: badInput },
});

const callbackQuerySchema = z.object({
  state: z.string().optional(),
  selling_partner_id: z.string().optional(),
  spapi_oauth_code: z.string().optional(),
});

const callbackRoute = createRoute({
  method: "get",
  path: "/callback",
  tags: ["Auth"],
  summary: "Where Amazon sends the seller back after consent: signs in and redirects",
  description:
    "A page the browser lands on, not a JSON API: when sign-in fails it answers an HTML page saying why and to start " +
    "again (400: the state or code is missing, expired, reused or refused; 403: Amazon sign-in is not configured; " +
    "403 also: a seller connection started in another workspace or session, by a role without the connections permission " +
    "(checked again here), or past the plan's seller-account limit (checked again here); 409: the seller id already belongs " +
    "to another account than the signed-in one, or a Reconnect was consented by another seller or region than its " +
    "connection's; 502: Amazon's sign-in service failed). A Connect (POST /api/connections/start) adds or renews that " +
    "workspace's connection, a Reconnect renews only its own, and both redirect to Settings; a refusal stores nothing.",
  request: { query: callbackQuerySchema },
  responses: { 302: { description: "Signed in: to /onboarding the first time; after that to the `next` page /api/auth/url was given, else /seller-central." } },
});

const demoRoute = createRoute({
  method: "post",
  path: "/demo",
  tags: ["Auth"],
  summary: "Sign this browser into its own demo account (the same one on a second visit)",
  responses: {
    200: jsonAnswer("Signed in to the demo account.", userStatusSchema),
    403: errorAnswer("Demo sign-in is turned off on this server."),
    429: errorAnswer("Too many new demo accounts from this network (Retry-After)."),
  },
});

const logoutRoute = createRoute({
  method: "post",
  path: "/logout",
  tags: ["Auth"],
  summary: "End this browser's session",
  responses: { 204: noContent("Signed out; both cookies cleared.") },
});

export const authRoutes = createRouter()
  .openapi(xsrfRoute, async (c) => {
    setXsrfCookie(c, await xsrfTokenFor(c.get("services"), c.get("account")?.sessionId ?? null));
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  })
  .openapi(urlRoute, async (c) => {
    c.header("Cache-Control", "no-store");
    const config = c.get("services").config;
    const { demoSignInAvailable: demoAvailable, sellingPartner } = config;
    if (!sellerSignInKeys(config) || !sellingPartner) return c.json({ authUrl: null, demoAvailable }, 200);
    const { marketplace, next } = c.req.valid("query");
    const { state, nonce } = await issueState(c.get("services"), marketplace, Date.now(), undefined, next);
    setHostCookie(c, OAUTH_STATE_COOKIE, nonce, STATE_LIFETIME_SECONDS);
    const authUrl = consentUrl({
      marketplace,
      applicationId: sellingPartner.applicationId,
      state,
      redirectUri: callbackUrl(config.siteOrigin),
      draftApp: sellingPartner.draftApp,
    });
    return c.json({ authUrl, demoAvailable }, 200);
  })
  .openapi(
    callbackRoute,
    async (c) => {
      const browserNonce = readCookie(c, OAUTH_STATE_COOKIE);
      clearCookie(c, OAUTH_STATE_COOKIE);
      const config = c.get("services").config;
      const keys = sellerSignInKeys(config);
      const sellingPartner = config.sellingPartner;
      if (!keys || !sellingPartner) return callbackFailure(c, 403, "Amazon sign-in is not configured on this server.");
      const query = c.req.valid("query");
      const check = await consumeState(c.get("services"), query.state, browserNonce);
      if (!check.ok) return callbackFailure(c, 400, STATE_FAILURES[check.failure] + START_AGAIN);

      const sellingPartnerId = query.selling_partner_id ?? "";
      const code = query.spapi_oauth_code ?? "";
      if (!SELLING_PARTNER_ID.test(sellingPartnerId) || !code || code.length > MAX_CODE_LENGTH) {
        return callbackFailure(c, 400, NO_CODE);
      }
      const region = MARKETPLACE_REGION[check.marketplace];
      const connectTarget = check.target;
      // Refused before the code is exchanged: no token is ever held for a grant that is not stored.
      const refusal = connectTarget
        ? await workspaceConnectRefusal(c, connectTarget, { sellingPartnerId, region })
        : await unprovenSellerRefusal(c, sellingPartnerId);
      if (refusal) return callbackFailure(c, refusal.status, refusal.message, "withSupport" in refusal && refusal.withSupport === true);

      let refreshToken: string;
      let accessToken: string | null;
      try {
        ({ refreshToken, accessToken } = await exchangeAuthorizationCodeForTokens(
          { clientId: sellingPartner.clientId, clientSecret: sellingPartner.clientSecret, tokenUrl: sellingPartner.lwaTokenUrl },
          code,
          callbackUrl(config.siteOrigin),
        ));
      } catch (error) {
        if (!(error instanceof LwaError)) throw error;
        console.error("LWA code exchange failed", error.kind, error.message);
        return error.kind === "invalid_grant"
          ? callbackFailure(c, 400, "Amazon did not accept the authorization code (codes expire after five minutes)." + START_AGAIN)
          : callbackFailure(c, 502, "Amazon's sign-in service could not complete the authorization. Please try again shortly.");
      }

      if (connectTarget) {
        const stored = await storeWorkspaceGrant(c, keys, connectTarget, { sellingPartnerId, region, refreshToken, accessToken });
        if (!("connection" in stored)) return callbackFailure(c, stored.status, stored.message);
        c.header("Cache-Control", "no-store");
        return c.redirect(`/settings?connection=${encodeURIComponent(stored.connection.id)}#connection-status`, 302);
      }
      // Signed in by email, the seller joins that account; a seller id owned elsewhere changes nothing.
      const target = await sellerAccountFor(c.env.DB, c.get("account")?.user ?? null, sellingPartnerId);
      if (!target.ok) return callbackFailure(c, 409, target.detail);
      const user = target.user;
      // Sealed to the connection it is stored as (the personal workspace's id for its first seller).
      const connectionId = await personalConnectionId(c.env.DB, user.id, user.sellingPartnerId, region);
      const sealed = await encryptRefreshToken(keys, connectionId, refreshToken);
      await saveCredentials(c.env.DB, user.id, { refreshTokenCiphertext: sealed.ciphertext, keyId: sealed.keyId, region, grantedAt: new Date().toISOString() }, connectionId);
      // Sign-in and every reconnect: the marketplaces the seller sells in (onboarding, seller alerts, the nightly run).
      await refreshParticipations(c.env.DB, connectionId, region, accessToken);
      // The connection lives in the seller account's personal workspace (its id is the account's).
      await recordAudit(c.env.DB, { workspaceId: user.id, actorUserId: user.id, action: "connection.connect", target: connectionId, detail: { region }, clientAddress: clientAddressOf(c) });
      await connectionsChanged(c.env.DB, c.get("services"), user.id);
      // Amazon's answer does not prove the seller id (unprovenSellerRefusal), so for an account with
      // an address or passkey it is no recent sign-in: sensitive changes ask for one of those.
      const ways = await waysInOf(c.env.DB, user);
      await signIn(c, user.id, undefined, { verified: !ways.email && ways.passkeys === 0 });
      c.header("Cache-Control", "no-store");
      // A first sign-in sets up the account first; after that, the page the visitor came from.
      return c.redirect(user.onboardedAt ? (check.next ?? "/seller-central") : "/onboarding", 302);
    },
    // A query Amazon would never send (a repeated parameter) is answered as a page as well.
    (result, c) => {
      if (!result.success) return callbackFailure(c, 400, NO_CODE);
    },
  )
  .openapi(demoRoute, async (c) => {
    const config = c.get("services").config;
    if (!config.demoSignInAvailable) {
      throw new ApiError(403, "forbidden", "Demo sign-in is turned off on this server. Sign in with Amazon instead.");
    }
    const current = c.get("account");
    if (current?.user.isDemo) return c.json(await userStatus(c.env.DB, current.user), 200);

    let user = await demoAccountOf(c.get("services"), readCookie(c, DEMO_ACCOUNT_COOKIE));
    if (!user) {
      // Only a new demo account counts against the address's hourly allowance; returning to one's own does not.
      const decision = await c.get("services").quota.hitClient(c.req.raw, "demo-account", {
        limit: config.vars.DEMO_ACCOUNTS_PER_HOUR,
        windowMs: HOUR_MS,
      });
      if (!decision.allowed) {
        const minutes = Math.ceil(decision.resetSeconds / 60);
        throw new ApiError(
          429,
          "rate_limited",
          `Too many demo accounts from this network: at most ${decision.limit} an hour. Try again in ${minutes} minutes.`,
          { "Retry-After": String(decision.resetSeconds) },
        );
      }
      user = await createDemoUser(c.env.DB);
    }
    setHostCookie(c, DEMO_ACCOUNT_COOKIE, await signDemoAccount(c.get("services"), user.id), DEMO_ACCOUNT_LIFETIME_SECONDS);
    // A demo account belongs to this one browser: signing in again ends any session it had.
    await signIn(c, user.id, 1);
    return c.json(await userStatus(c.env.DB, user), 200);
  })
  .openapi(logoutRoute, async (c) => {
    await signOut(c);
    return c.body(null, 204);
  });
