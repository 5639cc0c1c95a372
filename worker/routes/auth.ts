import type { Context } from "hono";
import { Hono } from "hono";
import { sellerAccountFor } from "../account/connect-seller";
import { createDemoUser, saveCredentials, userStatus } from "../auth/accounts-store";
import { callbackErrorPage } from "../auth/callback-page";
import { callbackUrl, consentUrl } from "../auth/consent-url";
import { clearCookie, DEMO_ACCOUNT_COOKIE, OAUTH_STATE_COOKIE, readCookie, setHostCookie, setXsrfCookie } from "../auth/cookies";
import { DEMO_ACCOUNT_LIFETIME_SECONDS, demoAccountOf, signDemoAccount } from "../auth/demo-account";
import { consumeState, issueState, STATE_LIFETIME_SECONDS, type StateFailure } from "../auth/oauth-state";
import { signIn, signOut } from "../auth/sign-in";
import { encryptRefreshToken, keyringOf, type EncryptionKey } from "../auth/token-crypto";
import { xsrfTokenFor } from "../auth/xsrf";
import type { AppEnv, Bindings } from "../env";
import { authUrlQuerySchema, type AuthUrlResponse } from "../contract/account";
import { configOf } from "../config";
import { exchangeAuthorizationCode, LwaError } from "../upstreams/spapi/lwa";
import { MARKETPLACE_REGION } from "../upstreams/spapi/endpoints";
import { hitClientLimit } from "../ratelimit/client-limit";
import { zodValidator } from "../validation";

const STATE_FAILURES: Record<StateFailure, string> = {
  missing: "The answer from Amazon carried no sign-in state, so it cannot be trusted.",
  invalid: "The sign-in state from Amazon is not one RankLayer issued.",
  expired: "The sign-in took longer than 10 minutes and expired.",
  mismatched: "The sign-in was started in another browser (or its cookie is gone).",
  reused: "This sign-in link has already been used.",
};
const START_AGAIN = " Start again from Connect Seller Central.";

/** Amazon's selling-partner ids are short upper-case alphanumerics (and never a demo id). */
const SELLING_PARTNER_ID = /^[A-Z0-9]{6,32}$/;
const MAX_CODE_LENGTH = 1024;

/**
 * The refresh-token keys when Amazon sign-in may run; null (and logged for the operator)
 * when SP-API is not configured or its secrets are missing or malformed.
 */
function sellerSignInKeys(env: Bindings): EncryptionKey[] | null {
  const config = configOf(env);
  if (!config.sellerSignInReady) {
    if (config.sellingPartner) {
      console.error("SP-API is configured but SESSION_SECRET or TOKEN_ENCRYPTION_KEYS is not set: Amazon sign-in is off");
    }
    return null;
  }
  try {
    return keyringOf(env);
  } catch (error) {
    console.error(`Amazon sign-in is off: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

function callbackFailure(c: Context<AppEnv>, status: 400 | 403 | 409 | 502, message: string) {
  c.header("Cache-Control", "no-store");
  return c.html(callbackErrorPage(message), status);
}

export const authRoutes = new Hono<AppEnv>()
  .get("/xsrf", async (c) => {
    setXsrfCookie(c, await xsrfTokenFor(c.env, c.get("account")?.sessionId ?? null));
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  })
  .get("/url", zodValidator("query", authUrlQuerySchema), async (c) => {
    c.header("Cache-Control", "no-store");
    const { demoSignInAvailable: demoAvailable, sellingPartner } = configOf(c.env);
    if (!sellerSignInKeys(c.env) || !sellingPartner) {
      return c.json<AuthUrlResponse>({ authUrl: null, demoAvailable }, 200);
    }
    const { marketplace } = c.req.valid("query");
    const { state, nonce } = await issueState(c.env, marketplace);
    setHostCookie(c, OAUTH_STATE_COOKIE, nonce, STATE_LIFETIME_SECONDS);
    const authUrl = consentUrl({
      marketplace,
      applicationId: sellingPartner.applicationId,
      state,
      redirectUri: callbackUrl(configOf(c.env).siteOrigin),
      draftApp: sellingPartner.draftApp,
    });
    return c.json<AuthUrlResponse>({ authUrl, demoAvailable }, 200);
  })
  .get("/callback", async (c) => {
    const browserNonce = readCookie(c, OAUTH_STATE_COOKIE);
    clearCookie(c, OAUTH_STATE_COOKIE);
    const keys = sellerSignInKeys(c.env);
    const sellingPartner = configOf(c.env).sellingPartner;
    if (!keys || !sellingPartner) {
      return callbackFailure(c, 403, "Amazon sign-in is not configured on this server.");
    }
    const query = c.req.query();
    const check = await consumeState(c.env, query.state, browserNonce);
    if (!check.ok) return callbackFailure(c, 400, STATE_FAILURES[check.failure] + START_AGAIN);

    const sellingPartnerId = query.selling_partner_id ?? "";
    const code = query.spapi_oauth_code ?? "";
    if (!SELLING_PARTNER_ID.test(sellingPartnerId) || !code || code.length > MAX_CODE_LENGTH) {
      return callbackFailure(c, 400, "Amazon did not send back a seller id and authorization code." + START_AGAIN);
    }

    let refreshToken: string;
    try {
      refreshToken = await exchangeAuthorizationCode(
        { clientId: sellingPartner.clientId, clientSecret: sellingPartner.clientSecret, tokenUrl: sellingPartner.lwaTokenUrl },
        code,
        callbackUrl(configOf(c.env).siteOrigin),
      );
    } catch (error) {
      if (!(error instanceof LwaError)) throw error;
      console.error("LWA code exchange failed", error.kind, error.message);
      return error.kind === "invalid_grant"
        ? callbackFailure(c, 400, "Amazon did not accept the authorization code (codes expire after five minutes)." + START_AGAIN)
        : callbackFailure(c, 502, "Amazon's sign-in service could not complete the authorization. Please try again shortly.");
    }

    // Signed in by email, the seller joins that account; a seller id owned elsewhere changes nothing.
    const target = await sellerAccountFor(c.env.DB, c.get("account")?.user ?? null, sellingPartnerId);
    if (!target.ok) return callbackFailure(c, 409, target.detail);
    const user = target.user;
    const sealed = await encryptRefreshToken(keys, user.id, refreshToken);
    await saveCredentials(c.env.DB, user.id, {
      refreshTokenCiphertext: sealed.ciphertext,
      keyId: sealed.keyId,
      region: MARKETPLACE_REGION[check.marketplace],
      grantedAt: new Date().toISOString(),
    });
    await signIn(c, user.id);
    c.header("Cache-Control", "no-store");
    return c.redirect(user.onboardedAt ? "/seller-central" : "/onboarding", 302);
  })
  .post("/demo", async (c) => {
    if (!configOf(c.env).demoSignInAvailable) {
      return c.json({ detail: "Demo sign-in is turned off on this server. Sign in with Amazon instead." }, 403);
    }
    const current = c.get("account");
    if (current?.user.isDemo) return c.json(await userStatus(c.env.DB, current.user), 200);

    let user = await demoAccountOf(c.env, readCookie(c, DEMO_ACCOUNT_COOKIE));
    if (!user) {
      // Only a new demo account counts against the address's hourly allowance; returning to one's own does not.
      const decision = await hitClientLimit(c.env, c.req.raw, "demo-account", {
        limit: configOf(c.env).vars.DEMO_ACCOUNTS_PER_HOUR,
        windowMs: 60 * 60 * 1000,
      });
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.resetSeconds));
        const minutes = Math.ceil(decision.resetSeconds / 60);
        return c.json({ detail: `Too many demo accounts from this network: at most ${decision.limit} an hour. Try again in ${minutes} minutes.` }, 429);
      }
      user = await createDemoUser(c.env.DB);
    }
    setHostCookie(c, DEMO_ACCOUNT_COOKIE, await signDemoAccount(c.env, user.id), DEMO_ACCOUNT_LIFETIME_SECONDS);
    // A demo account belongs to this one browser: signing in again ends any session it had.
    await signIn(c, user.id, 1);
    return c.json(await userStatus(c.env.DB, user), 200);
  })
  .post("/logout", async (c) => {
    await signOut(c);
    return c.body(null, 204);
  });
