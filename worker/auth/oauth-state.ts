import { errors, SignJWT } from "jose";
import type { Deployment } from "../config";
import { isAccountMarketplace, type AccountMarketplace } from "../contract/account";
import { safeNextPath } from "../contract/next-path";
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
 * What a "connect a seller account to this workspace" state is for: the callback stores the grant
 * in that workspace only, for a browser whose session works in it. A Reconnect names its
 * connection too, so the grant can only renew that one, never add another seller account.
 */
export interface ConnectTarget {
  workspaceId: string;
  connectionId: string | null;
}

/**
 * Without a `target`, the state signs in (the account's own seller), and may carry `next`: the
 * page of this site the visitor came from, to return to once signed in.
 */
export async function issueState(
  { env, config }: Deployment,
  marketplace: AccountMarketplace,
  now = Date.now(),
  target?: ConnectTarget,
  next?: string,
): Promise<IssuedState> {
  const nonce = randomToken();
  const issuedAt = Math.floor(now / 1000);
  const claims = target
    ? { mkt: marketplace, ws: target.workspaceId, ...(target.connectionId ? { cn: target.connectionId } : {}) }
    : { mkt: marketplace, ...(next ? { nx: next } : {}) };
  const state = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setJti(nonce)
    .setAudience(STATE_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + STATE_LIFETIME_SECONDS)
    .sign(await signingKey({ env, config }));
  return { state, nonce };
}

export type StateFailure = "missing" | "invalid" | "expired" | "mismatched" | "reused";
export type StateCheck =
  | { ok: true; marketplace: AccountMarketplace; target: ConnectTarget | null; /** A sign-in's way back: a path on this site, or null. */ next: string | null }
  | { ok: false; failure: StateFailure };

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
  let connectionId: unknown;
  let next: unknown;
  let expiresAt: number | undefined;
  try {
    const payload = await verifySignedToken({ env, config }, state, STATE_AUDIENCE);
    nonce = payload.jti;
    marketplace = payload.mkt;
    workspaceId = payload.ws ?? null;
    connectionId = payload.cn ?? null;
    next = payload.nx;
    expiresAt = payload.exp;
  } catch (error) {
    return { ok: false, failure: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
  if (!nonce || !expiresAt || typeof marketplace !== "string" || !isAccountMarketplace(marketplace)) return { ok: false, failure: "invalid" };
  const target = targetOf(workspaceId, connectionId);
  if (target === undefined) return { ok: false, failure: "invalid" };
  if (!browserNonce || browserNonce !== nonce) return { ok: false, failure: "mismatched" };

  if (!(await recordStateUse(env.DB, nonce, new Date(expiresAt * 1000).toISOString(), new Date().toISOString()))) {
    return { ok: false, failure: "reused" };
  }
  return { ok: true, marketplace, target, next: typeof next === "string" ? safeNextPath(next) : null };
}

/** The state's target: null for a sign-in; undefined for claims RankLayer never issues (a connection without its workspace). */
function targetOf(workspaceId: unknown, connectionId: unknown): ConnectTarget | null | undefined {
  if (workspaceId === null) return connectionId === null ? null : undefined;
  if (typeof workspaceId !== "string" || !(connectionId === null || typeof connectionId === "string")) return undefined;
  return { workspaceId, connectionId };
}
