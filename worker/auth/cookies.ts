import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

/**
 * The cookies of sign-in. `__Host-` names make the browser insist on Secure, Path=/ and
 * no Domain, so no subdomain can plant or read them. The XSRF cookie is the one the SPA
 * must read, so it alone is not HttpOnly.
 */
export const SESSION_COOKIE = "__Host-session";
export const OAUTH_STATE_COOKIE = "__Host-oauth-state";
export const DEMO_ACCOUNT_COOKIE = "__Host-demo-account";
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";

export function readCookie(c: Context, name: string): string | undefined {
  return getCookie(c, name) || undefined;
}

export function setHostCookie(c: Context, name: string, value: string, maxAgeSeconds: number): void {
  setCookie(c, name, value, { httpOnly: true, secure: true, sameSite: "Lax", path: "/", maxAge: maxAgeSeconds });
}

export function setXsrfCookie(c: Context, token: string): void {
  setCookie(c, XSRF_COOKIE, token, { httpOnly: false, secure: true, sameSite: "Lax", path: "/" });
}

export function clearCookie(c: Context, name: string): void {
  deleteCookie(c, name, { secure: true, path: "/" });
}
