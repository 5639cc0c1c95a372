import type { JWTPayload } from "jose";
import { isolateSlot } from "../shared/isolate-state";
import { loadOnce, onFirstUse, type LoadedOnce } from "../shared/on-first-use";
import type { Deployment } from "../config";

/** jose's functions (jose-on-demand.ts), loaded with an isolate's first signed-in request. */
export const joseFunctions = onFirstUse(() => import("./jose-on-demand"));

const FALLBACK_KEY_NAME = "session_signing_key";
const encoder = new TextEncoder();

// Per isolate: the D1 row never changes once written, so it is read once (and kept as the key, loadOnce).
const fallback = isolateSlot<LoadedOnce<Uint8Array>>(() => ({}));

/**
 * The HMAC key for session tokens, OAuth state and XSRF tokens: SESSION_SECRET when the
 * operator set it; otherwise (a fresh clone running `npm start`) a random key generated
 * once and kept in D1, so demo sessions work locally and survive restarts.
 */
export function signingKey({ env, config }: Deployment): Uint8Array | Promise<Uint8Array> {
  const secret = config.vars.SESSION_SECRET;
  if (secret) return encoder.encode(secret);
  return loadOnce(fallback(), () => loadOrCreateFallbackKey(env.DB));
}

async function loadOrCreateFallbackKey(db: D1Database): Promise<Uint8Array> {
  const generated = base64UrlEncode(crypto.getRandomValues(new Uint8Array(32)));
  // Only without SESSION_SECRET (a local clone): the store loads here, not at start-up.
  const { getOrCreateAppSecret } = await import("./auth-state-store");
  const stored = await getOrCreateAppSecret(db, FALLBACK_KEY_NAME, generated);
  if (stored.created) {
    console.warn(
      "SESSION_SECRET is not set: generated a local/dev session signing key and stored it in D1. " +
        "Set SESSION_SECRET (wrangler secret put SESSION_SECRET) in production.",
    );
  }
  if (stored.value === null) throw new Error("the generated session signing key could not be read back from D1");
  return base64UrlDecode(stored.value);
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function base64UrlDecode(text: string): Uint8Array {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A random id: 32 bytes as base64url. */
export function randomToken(): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * The payload of a token RankLayer signed for `audience` (sessions, OAuth state, demo
 * cookies), or a throw from jose: a bad signature, another audience or an expired token.
 */
export async function verifySignedToken({ env, config }: Deployment, token: string, audience: string): Promise<JWTPayload> {
  const { jwtVerify } = await joseFunctions();
  const { payload } = await jwtVerify(token, await signingKey({ env, config }), { algorithms: ["HS256"], audience });
  return payload;
}
