import type { Bindings } from "../env";

/** SP-API sign-in can be offered: the LWA client and the application id are set. */
export function isSellingPartnerApiConfigured(env: Bindings): boolean {
  return Boolean(env.LWA_CLIENT_ID && env.LWA_CLIENT_SECRET && env.SPAPI_APPLICATION_ID);
}

/**
 * Real seller sign-in also needs the operator's own secrets: without SESSION_SECRET the
 * signing key would be a generated dev fallback, and without TOKEN_ENCRYPTION_KEYS refresh
 * tokens could not be stored encrypted. OAuth refuses rather than run insecurely.
 */
export function isSellerSignInReady(env: Bindings): boolean {
  return isSellingPartnerApiConfigured(env) && Boolean(env.SESSION_SECRET && env.TOKEN_ENCRYPTION_KEYS);
}

/** Demo accounts exist when SP-API is not configured, or when DEMO_MODE=true says so anyway. */
export function isDemoSignInAvailable(env: Bindings): boolean {
  return !isSellingPartnerApiConfigured(env) || env.DEMO_MODE === "true";
}
