import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../shared/api-error";
import { onFirstUse } from "../shared/on-first-use";
import { forgetSessionCopies } from "../shared/session-copies";
import { readCookie, SESSION_COOKIE } from "./cookies";
import { isSafeMethod } from "../shared/safe-methods";
import type { SignedInAccount } from "./session";

// The session code, and drizzle with it, loads with an isolate's first signed-in request: an
// anonymous lookup needs none of it (docs/adr/0012-split-worker-build.md).
const sessionCode = onFirstUse(() => import("./session"));

/**
 * A request that may change state (any method but GET, HEAD and OPTIONS: a form, a webhook, an
 * unsubscribe) forgets this isolate's session copies (shared/session-copies.ts) before and after
 * it runs, so what it changes shows on this isolate's next request.
 */
export const forgetSessionsOnChange: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isSafeMethod(c.req.method)) return next();
  forgetSessionCopies();
  try {
    await next();
  } finally {
    forgetSessionCopies();
  }
};

/** Sets `account` from the session cookie; a request without a valid session is anonymous. */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  // An API key request is authenticated already; its cookies (if any) are ignored.
  if (c.get("apiKey")) return next();
  const token = readCookie(c, SESSION_COOKIE);
  c.set("account", token ? await (await sessionCode()).readSession(c.get("services"), token) : null);
  return next();
};

/** Names every way in: an email sign-in whose session ended must not read that it needs Amazon or the demo. */
export const SIGN_IN_FIRST = "Sign in first: by email, with your Amazon seller account, or with the demo.";

/**
 * What /api/v1 tells a caller without a key: only scripts and the extension call it (the web app
 * reads the same data at /api/watchlist, /api/alerts…), and they cannot sign in.
 */
export const SEND_A_KEY = "This needs an API key: send it as `Authorization: Bearer rl_live_…` (Settings → API Access on a plan with API access).";

/** 401 for routes that need a signed-in account. */
export const requireAccount: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("account")) {
    // Scripts authenticate with an API key (RFC 6750 challenge); browsers ignore a Bearer challenge.
    const detail = c.req.path.startsWith("/api/v1/") ? SEND_A_KEY : SIGN_IN_FIRST;
    throw new ApiError(401, "unauthenticated", detail, { "WWW-Authenticate": 'Bearer realm="ranklayer"' });
  }
  return next();
};

/** The signed-in account of a route behind `requireAccount`. */
export function currentAccount(c: Context<AppEnv>): SignedInAccount {
  const account = c.get("account");
  if (!account) throw new ApiError(401, "unauthenticated", "Sign in first.");
  return account;
}

/** The workspace a signed-in request acts in (its data is what every store call names). */
export function currentWorkspace(c: Context<AppEnv>): SignedInAccount["workspace"] {
  return currentAccount(c).workspace;
}

/** The caller's network address, for the audit log. */
export function clientAddressOf(c: Context<AppEnv>): string | null {
  return c.req.header("CF-Connecting-IP") ?? null;
}
