import { requireRecentSignIn } from "../auth/recent-sign-in";
import { createRoute } from "@hono/zod-openapi";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Context } from "hono";
import { canRemovePasskey } from "../account-lifecycle/account-rules";
import { deletePasskeyKeepingAWayIn, waysInOf } from "../account-lifecycle/ways-in-store";
import { defaultPasskeyName, finishRegistration, startRegistration } from "../auth/passkeys";
import { listPasskeys, renamePasskey, type PasskeyRecord } from "../auth/passkeys-store";
import { requireAccount } from "../auth/session-middleware";
import type { AppEnv, SignedInAccount } from "../env";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { badInput, errorAnswer, jsonAnswer, noContent, notSignedIn } from "./schemas/answers";
import { challengeSchema, passkeyIdParamSchema, passkeyListSchema, passkeyNameSchema, passkeyRegistrationBodySchema, passkeySchema } from "./schemas/sign-in";
import { relyingParty } from "./signin";

/** The signed-in browser's account; never an API key's: sign-in methods are changed in the web app only. */
export function sessionAccount(c: Context<AppEnv>): SignedInAccount {
  const account = c.get("account");
  if (!account) throw new ApiError(401, "unauthenticated", "Sign in first.");
  if (c.get("apiKey")) throw new ApiError(403, "forbidden", "This is done in the signed-in web app, not with an API key.");
  return account;
}

const shown = (passkey: PasskeyRecord) => ({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: passkey.lastUsedAt });
const tags = ["Account"];
const NOT_YOURS = "No such passkey on your account.";
/** Also for an account Amazon signs in to: that works only in browsers that signed in before. */
const LAST_WAY_IN = "This passkey is your account's last way to sign in from a new computer or phone, so it stays. Add an email address or another passkey first.";
const NOT_FOR_DEMO = "A demo account signs in with Continue with Demo only, in one browser, so it cannot have a passkey. Sign in by email to make your own account.";

/** A signed-in account that may add passkeys: a demo account belongs to one browser (one session), and a passkey would sign it in anywhere. */
function passkeyHolder(c: Context<AppEnv>): SignedInAccount {
  const account = sessionAccount(c);
  if (account.user.isDemo) throw new ApiError(403, "forbidden", NOT_FOR_DEMO);
  // A passkey added from a stolen session would sign its thief in for good.
  requireRecentSignIn(account);
  return account;
}

const router = createRouter();
router.use(requireAccount);

export const passkeyRoutes = router
  .openapi(
    createRoute({ method: "get", path: "/", tags, summary: "The account's passkeys", responses: { 401: notSignedIn, 200: jsonAnswer("Oldest first.", passkeyListSchema) } }),
    async (c) => {
      const { user } = sessionAccount(c);
      c.header("Cache-Control", "private, no-store");
      return c.json({ passkeys: (await listPasskeys(c.env.DB, user.id)).map(shown) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/registration/options",
      tags,
      summary: "A WebAuthn challenge for adding a passkey (five minutes, once)",
      responses: { 401: notSignedIn, 200: jsonAnswer("Options for navigator.credentials.create().", challengeSchema), 403: errorAnswer("Not this site's address, a demo account, or no recent sign-in (`recent_sign_in_required`).") },
    }),
    async (c) => {
      const { user } = passkeyHolder(c);
      const ways = await waysInOf(c.env.DB, user);
      const label = ways.address ?? user.sellingPartnerId;
      c.header("Cache-Control", "no-store");
      return c.json(await startRegistration(c.env.DB, relyingParty(c), { userId: user.id, label }), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/registration",
      tags,
      summary: "Add the passkey the authenticator made for the challenge",
      request: { body: { content: { "application/json": { schema: passkeyRegistrationBodySchema } }, required: true } },
      responses: { 401: notSignedIn, 201: jsonAnswer("Added.", passkeySchema), 400: errorAnswer("Not verified, or the challenge expired."), 403: errorAnswer("Not this site's address, or a demo account."), 422: badInput },
    }),
    async (c) => {
      const { user } = passkeyHolder(c);
      const body = c.req.valid("json");
      const result = await finishRegistration(c.env.DB, relyingParty(c), user.id, {
        challengeId: body.challengeId,
        name: body.name || defaultPasskeyName(Date.now()),
        response: body.response as unknown as RegistrationResponseJSON,
      });
      if (!result.ok) throw new ApiError(400, "bad_request", result.detail);
      return c.json(shown(result.passkey), 201);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{id}",
      tags,
      summary: "Rename a passkey",
      request: { params: passkeyIdParamSchema, body: { content: { "application/json": { schema: passkeyNameSchema } }, required: true } },
      responses: { 401: notSignedIn, 200: jsonAnswer("Renamed.", passkeySchema), 400: errorAnswer("The body is not JSON."), 404: errorAnswer(NOT_YOURS), 422: badInput },
    }),
    async (c) => {
      const { user } = sessionAccount(c);
      const renamed = await renamePasskey(c.env.DB, user.id, c.req.valid("param").id, c.req.valid("json").name);
      if (!renamed) throw new ApiError(404, "not_found", NOT_YOURS);
      return c.json(shown(renamed), 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}",
      tags,
      summary: "Remove a passkey, unless it is the account's last passkey and it has no email address",
      request: { params: passkeyIdParamSchema },
      responses: { 401: notSignedIn, 403: errorAnswer("No recent sign-in (`recent_sign_in_required`): re-verify, then retry."), 204: noContent("Removed."), 404: errorAnswer(NOT_YOURS), 409: errorAnswer("The last way to sign in from a new browser (no other passkey, no email address).") },
    }),
    async (c) => {
      const account = sessionAccount(c);
      requireRecentSignIn(account);
      const { user } = account;
      const id = c.req.valid("param").id;
      const mine = (await listPasskeys(c.env.DB, user.id)).some((passkey) => passkey.id === id);
      if (!mine) throw new ApiError(404, "not_found", NOT_YOURS);
      if (!canRemovePasskey(await waysInOf(c.env.DB, user))) {
        throw new ApiError(409, "conflict", LAST_WAY_IN);
      }
      if (!(await deletePasskeyKeepingAWayIn(c.env.DB, user.id, id))) {
        // Another removal ran meanwhile: this one is gone already, or now the last way in.
        if (!(await listPasskeys(c.env.DB, user.id)).some((passkey) => passkey.id === id)) throw new ApiError(404, "not_found", NOT_YOURS);
        throw new ApiError(409, "conflict", LAST_WAY_IN);
      }
      return c.body(null, 204);
    },
  );
