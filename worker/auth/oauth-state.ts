import { errors, SignJWT } from "jose";
import type { Deployment } from "../config";
import { isAccountMarketplace, type AccountMarketplace } from "../contract/account";
import { recordStateUse } from "./auth-state-store";
import { randomToken, signingKey, verifySignedToken } from "./signing-key";

/**
 * The OAuth `state`: a short-lived HS256 token carrying a nonce that is also kept in an
 * HttpOnly cookie of the browser that started sign-in, and recorded when used, so a state
 * works once, in that browser, for ten minutes.
 */
export const STATE_LIFETIME_SECONDS = 10 * 60;
const STATE_AUDIENCE = "ranklayer:oauth-state";

export interface IssuedState {
  state: string;
  /** Goes into the browser-binding cookie. */
  nonce: string;
}

/**
 * `workspaceId` makes it a "connect a seller account to this workspace" state: the callback then
 * adds a connection to that workspace, and only for a browser whose session works in it.
 */
export async function issueState(
  { env, config }: Deployment,
  marketplace: AccountMarketplace,
  now = Date.now(),
  workspaceId?: string,
): Promise<IssuedState> {
  const nonce = randomToken();
  const issuedAt = Math.floor(now / 1000);
  const state = await new SignJWT(workspaceId ? { mkt: marketplace, ws: workspaceId } : { mkt: marketplace })
    .setProtectedHeader({ alg: "HS256" })
    .setJti(nonce)
    .setAudience(STATE_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + STATE_LIFETIME_SECONDS)
    .sign(await signingKey({ env, config }));
  return { state, nonce };
}

export type StateFailure = "missing" | "invalid" | "expired" | "mismatched" | "reused";
export type StateCheck = { ok: true; marketplace: AccountMarketplace; workspaceId: string | null } | { ok: false; failure: StateFailure };

/** Verifies a state from the callback against this browser's cookie and uses it up. */
export async function consumeState(
  { env, config }: Deployment,
  state: string | undefined,
  browserNonce: string | undefined,
): Promise<StateCheck> {
  if (!state) return { ok: false, failure: "missing" };
  let nonce: string | undefined;
  let marketplace: unknown;
  let workspaceId: unknown;
  let expiresAt: number | undefined;
  try {
    const payload = await verifySignedToken({ env, config }, state, STATE_AUDIENCE);
    nonce = payload.jti;
    marketplace = payload.mkt;
    workspaceId = payload.ws ?? null;
    expiresAt = payload.exp;
  } catch (error) {
    return { ok: false, failure: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
  if (!nonce || !expiresAt || typeof marketplace !== "string" || !isAccountMarketplace(marketplace) || !(workspaceId === null || typeof workspaceId === "string")) {
    return { ok: false, failure: "invalid" };
  }
  if (!browserNonce || browserNonce !== nonce) return { ok: false, failure: "mismatched" };

  if (!(await recordStateUse(env.DB, nonce, new Date(expiresAt * 1000).toISOString(), new Date().toISOString()))) {
    return { ok: false, failure: "reused" };
  }
  return { ok: true, marketplace, workspaceId };
}
