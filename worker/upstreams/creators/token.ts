import { isTimeout, retryAfterOf, TokenCache, type GrantedToken } from "../http";
import { isolateSlot } from "../../shared/isolate-state";
import { UpstreamError } from "./product-source";

/**
 * OAuth2 client-credentials tokens for the Creators API, as Amazon's reference SDKs
 * get them (creatorsapi-nodejs-sdk auth/OAuth2Config.js + OAuth2TokenManager.js):
 * - credential versions 2.x: Amazon Cognito, one endpoint per region, form-encoded
 *   body, scope "creatorsapi/default", and API calls carry "Bearer <t>, Version <v>";
 * - credential versions 3.x: Login with Amazon, one endpoint per region, JSON body,
 *   scope "creatorsapi::default", and API calls carry plain "Bearer <t>".
 * Both send grant_type, client_id, client_secret in the body and answer
 * { access_token, token_type, expires_in }.
 */
export const TOKEN_ENDPOINTS: Readonly<Record<string, string>> = {
  "2.1": "https://creatorsapi.auth.us-east-1.amazoncognito.com/oauth2/token", // NA
  "2.2": "https://creatorsapi.auth.eu-south-2.amazoncognito.com/oauth2/token", // EU
  "2.3": "https://creatorsapi.auth.us-west-2.amazoncognito.com/oauth2/token", // FE
  "3.1": "https://api.amazon.com/auth/o2/token", // NA
  "3.2": "https://api.amazon.co.uk/auth/o2/token", // EU
  "3.3": "https://api.amazon.co.jp/auth/o2/token", // FE
};
export const COGNITO_SCOPE = "creatorsapi/default";
export const LWA_SCOPE = "creatorsapi::default";

export interface TokenCredentials {
  credentialId: string;
  credentialSecret: string;
  version: string;
  /** Non-empty: the token endpoint to use instead of the version's real one. */
  authUrl?: string;
}

export function isLwaVersion(version: string): boolean {
  return version.startsWith("3.");
}

export function tokenEndpoint(credentials: TokenCredentials): string {
  if (credentials.authUrl) return credentials.authUrl;
  const endpoint = TOKEN_ENDPOINTS[credentials.version];
  if (!endpoint) {
    throw new UpstreamError("unauthorized", `unsupported Creators credential version ${credentials.version}`);
  }
  return endpoint;
}

export function authorizationHeader(token: string, version: string): string {
  return isLwaVersion(version) ? `Bearer ${token}` : `Bearer ${token}, Version ${version}`;
}

// Per isolate, so every request an isolate serves shares one token per credential.
const tokens = isolateSlot(() => new TokenCache());

function cacheKey(credentials: TokenCredentials): string {
  return `${credentials.credentialId}\n${tokenEndpoint(credentials)}`;
}

/**
 * A valid access token: the cached one, the grant already under way for this
 * credential, or a new grant. `signal` bounds only this caller's wait; the shared
 * grant has its own bound so one caller's deadline cannot fail the others.
 */
export async function getAccessToken(
  credentials: TokenCredentials,
  fetcher: typeof fetch,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<string> {
  return untilAborted(
    tokens().token(cacheKey(credentials), () => requestToken(credentials, fetcher, timeoutMs)),
    signal,
  );
}

/** Forget a token the API refused, unless a newer one already replaced it. */
export function dropAccessToken(credentials: TokenCredentials, token: string): void {
  tokens().drop(cacheKey(credentials), token);
}

async function requestToken(
  credentials: TokenCredentials,
  fetcher: typeof fetch,
  timeoutMs: number,
): Promise<GrantedToken> {
  const lwa = isLwaVersion(credentials.version);
  const fields = {
    grant_type: "client_credentials",
    client_id: credentials.credentialId,
    client_secret: credentials.credentialSecret,
    scope: lwa ? LWA_SCOPE : COGNITO_SCOPE,
  };
  let res: Response;
  try {
    res = await fetcher(tokenEndpoint(credentials), {
      method: "POST",
      headers: {
        "Content-Type": lwa ? "application/json" : "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: lwa ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw networkError("token grant", error);
  }

  if (res.status === 429) {
    throw new UpstreamError("throttled", "token grant throttled", retryAfterOf(res));
  }
  if (res.status === 400 || res.status === 401 || res.status === 403) {
    // invalid_client / unauthorized_client: the credential itself was refused.
    const body = await res.text().catch(() => "");
    const described = oauthError(body);
    // The OAuth error name (invalid_client, unauthorized_client …) is the code /status shows.
    throw new UpstreamError("unauthorized", `token grant refused (${res.status}): ${described}`, undefined, /^[a-z_]+/.exec(described)?.[0] ?? "Unauthorized");
  }
  if (!res.ok) throw new UpstreamError("unavailable", `token grant failed with HTTP ${res.status}`, retryAfterOf(res));

  let body: unknown;
  try {
    body = await res.json();
  } catch (error) {
    throw networkError("token grant", error);
  }
  const grant = body as { access_token?: unknown; expires_in?: unknown };
  if (typeof grant.access_token !== "string" || grant.access_token === "") {
    throw new UpstreamError("unavailable", "token grant answered without an access_token");
  }
  return { token: grant.access_token, expiresInSeconds: grant.expires_in };
}

/** OAuth2 errors are { error, error_description }; never echo anything else (it could hold secrets). */
function oauthError(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; error_description?: unknown };
    return [parsed.error, parsed.error_description].filter((part) => typeof part === "string").join(": ");
  } catch {
    return "unreadable error body";
  }
}

/** A thrown fetch or body read: our bound ran out (timeout) or the network failed. */
export function networkError(what: string, error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (isTimeout(error)) return new UpstreamError("timeout", `${what} got no answer in time`);
  return new UpstreamError("unavailable", `${what} failed: ${error instanceof Error ? error.message : String(error)}`);
}

/** Settles with `promise`, or rejects as a timeout when `signal` aborts first. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(networkError("request", signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(networkError("request", signal.reason));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
