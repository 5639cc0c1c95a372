import { errorName, isTimeout, retryAfterOf, TokenCache } from "../http";
import { LWA_TOKEN_URL } from "./endpoints";
import { isolateSlot } from "../../shared/isolate-state";

/**
 * Login with Amazon for SP-API: the authorization-code exchange at the end of the website
 * authorization workflow, and refresh-token grants for access tokens, which are cached per
 * seller until shortly before they expire. Token values never appear in errors or logs.
 */
export interface LwaClient {
  clientId: string;
  clientSecret: string;
  /** Replaces LWA's token endpoint (a fake LWA in browser tests); unset means Amazon's. */
  tokenUrl?: string;
}

export type LwaErrorKind =
  /** The code or refresh token was refused: the seller must authorize again. */
  | "invalid_grant"
  /** Our client id or secret was refused. */
  | "invalid_client"
  | "throttled"
  | "unavailable";

export class LwaError extends Error {
  constructor(
    readonly kind: LwaErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "LwaError";
  }
}

const TIMEOUT_MS = 8000;
const MAX_CACHED_TOKENS = 1000;

/**
 * The code exchange's refresh token and the access token LWA grants with it (null when the
 * answer has none): sign-in uses that one for its own calls, so it mints no second token.
 */
export async function exchangeAuthorizationCodeForTokens(client: LwaClient, code: string, redirectUri: string): Promise<{ refreshToken: string; accessToken: string | null }> {
  const grant = await postTokenRequest(client, {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  if (typeof grant.refresh_token !== "string" || grant.refresh_token === "") {
    throw new LwaError("unavailable", "the LWA code exchange answered without a refresh_token");
  }
  return { refreshToken: grant.refresh_token, accessToken: typeof grant.access_token === "string" && grant.access_token !== "" ? grant.access_token : null };
}

// Per isolate, keyed by the caller's cache key (the seller and the grant it came from).
const accessTokens = isolateSlot(() => new TokenCache(MAX_CACHED_TOKENS));

/** A valid access token for a seller: the cached one, a grant under way, or a new refresh grant. */
export function sellerAccessToken(client: LwaClient, cacheKey: string, refreshToken: () => Promise<string>): Promise<string> {
  return accessTokens().token(cacheKey, async () => {
    const answer = await postTokenRequest(client, {
      grant_type: "refresh_token",
      refresh_token: await refreshToken(),
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    return { token: answer.access_token, expiresInSeconds: answer.expires_in };
  });
}

/** Forget a seller's access token (refused by SP-API, or the seller disconnected). */
export function dropSellerAccessToken(cacheKey: string): void {
  accessTokens().drop(cacheKey);
}

interface TokenAnswer {
  access_token: string;
  expires_in: unknown;
  refresh_token?: unknown;
}

/**
 * POSTs a token request. A request whose connection failed with no answer (most often a kept-alive
 * connection the server closed just as it went out) is sent once more: a refresh grant may be asked
 * twice, and a code LWA did read is refused the second time (invalid_grant), no worse than failing
 * now. One that timed out is not: its time is spent.
 */
async function fetchTokenEndpoint(client: LwaClient, fields: Record<string, string>): Promise<Response> {
  const send = () =>
    fetch(client.tokenUrl ?? LWA_TOKEN_URL, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8", Accept: "application/json" },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  const unreachable = (error: unknown) => new LwaError("unavailable", `the LWA token endpoint could not be reached: ${errorName(error) || "network error"}`);
  try {
    return await send();
  } catch (error) {
    if (isTimeout(error)) throw unreachable(error);
    return send().catch((again: unknown) => {
      throw unreachable(again);
    });
  }
}

async function postTokenRequest(client: LwaClient, fields: Record<string, string>): Promise<TokenAnswer> {
  const res = await fetchTokenEndpoint(client, fields);

  if (res.status === 429) {
    throw new LwaError("throttled", "LWA is throttling token requests", retryAfterOf(res));
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const error = typeof body?.error === "string" ? body.error : "";
    const description = typeof body?.error_description === "string" ? `: ${body.error_description}` : "";
    if (error === "invalid_grant") throw new LwaError("invalid_grant", `LWA refused the grant${description}`);
    if (error === "invalid_client" || error === "unauthorized_client") {
      throw new LwaError("invalid_client", `LWA refused the app's client credentials${description}`);
    }
    throw new LwaError("unavailable", `the LWA token endpoint answered HTTP ${res.status} ${error}`.trim());
  }
  if (typeof body?.access_token !== "string" || body.access_token === "") {
    throw new LwaError("unavailable", "the LWA token endpoint answered without an access_token");
  }
  return { access_token: body.access_token, expires_in: body.expires_in, refresh_token: body.refresh_token };
}
