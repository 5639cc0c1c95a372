/**
 * A fake Login with Amazon token endpoint for SP-API applications. It checks requests the
 * way LWA does (form body, client credentials, single-use authorization codes bound to a
 * redirect_uri, refresh tokens) and answers in LWA's shapes. It plays the real host, so
 * tests prove the real URL is used.
 *
 * Tests inside workerd drive it under https://lwa-fake.test/__control/:
 *   POST clients        { clientId, secret }                       the app's LWA client
 *   POST codes          { code, clientId, redirectUri, refreshToken, sellingPartnerId?, issuedSecondsAgo? } a code Amazon
 *                       would send to the callback, granted by that seller (SP-API counts usage per application and
 *                       seller); like Amazon's it expires five minutes after it was issued (issuedSecondsAgo: consent
 *                       given that long ago)
 *   POST token-lifetime { clientId, seconds }                      expires_in of later access tokens
 *   POST grant-latency  { refreshToken, ms }                       LWA takes `ms` to grant access for that refresh
 *                       token (a real grant takes a few hundred ms, unlike this fake's)
 *   POST revoke         { refreshToken }                           the seller revoked the app
 *   POST fail-grants    { refreshToken, status: 429 | 500 | 503, times } the next `times` refresh grants of that token
 *                       fail so (LWA throttling or failing now and then; OAuth's temporarily_unavailable /
 *                       server_error bodies), then grants go through again
 *   GET  calls?clientId=                                           { calls: SellerCallRecord[] }
 */
import type { FakeUpstream } from "./outbound.ts";
import type { SellerCallRecord } from "./spapi-calls.ts";

export const LWA_CONTROL_HOST = "lwa-fake.test";
const TOKEN_HOST = "api.amazon.com";
const TOKEN_PATH = "/auth/o2/token";
const FORM = "application/x-www-form-urlencoded";

interface PendingCode {
  clientId: string;
  redirectUri: string;
  refreshToken: string;
  sellingPartnerId?: string;
  issuedAt: number;
}

/** "The spapi_oauth_code ... expires after five minutes" (SP-API website authorization workflow). */
const CODE_LIFETIME_MS = 5 * 60_000;

export class LwaFake implements FakeUpstream {
  private secrets = new Map<string, string>();
  private codes = new Map<string, PendingCode>();
  /** refresh token → the client it was issued to. */
  private refreshTokens = new Map<string, { clientId: string; revoked: boolean; sellingPartnerId?: string }>();
  private accessTokens = new Map<string, { expiresAt: number; refreshToken: string }>();
  private lifetimes = new Map<string, number>();
  private grantLatencies = new Map<string, number>();
  private grantFailures = new Map<string, { status: number; left: number }>();
  private log: SellerCallRecord[] = [];
  private seq = 0;

  /**
   * The Creators fake answers Creators LWA grants (JSON bodies) on the same host; SP-API's
   * LWA calls are form-encoded, and those are ours.
   */
  handles(url: URL, request?: Request): boolean {
    if (url.hostname === LWA_CONTROL_HOST) return true;
    const contentType = request?.headers.get("content-type") ?? "";
    return url.hostname === TOKEN_HOST && url.pathname === TOKEN_PATH && contentType.startsWith(FORM);
  }

  /** Whether SP-API should accept this access token now. */
  isLiveAccessToken(token: string): boolean {
    const issued = this.accessTokens.get(token);
    if (!issued || issued.expiresAt <= Date.now()) return false;
    return this.refreshTokens.get(issued.refreshToken)?.revoked === false;
  }

  /** Access tokens granted so far from `refreshToken`. */
  accessTokensOf(refreshToken: string): string[] {
    return [...this.accessTokens].filter(([, issued]) => issued.refreshToken === refreshToken).map(([token]) => token);
  }

  /** The refresh token a live access token was granted from: which seller SP-API is serving. */
  refreshTokenOf(token: string): string | undefined {
    return this.isLiveAccessToken(token) ? this.accessTokens.get(token)?.refreshToken : undefined;
  }

  /** The selling partner who granted `refreshToken`, when the test named one. */
  sellingPartnerOf(refreshToken: string): string | undefined {
    return this.refreshTokens.get(refreshToken)?.sellingPartnerId;
  }

  /**
   * Whose SP-API usage a refresh token's calls count against: its application and the seller who
   * granted it (two grants of one seller to one application share it), or the token itself when
   * the test named no seller.
   */
  usageKeyOf(refreshToken: string): string {
    const issued = this.refreshTokens.get(refreshToken);
    return issued?.sellingPartnerId ? `${issued.clientId} ${issued.sellingPartnerId}` : refreshToken;
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.hostname === LWA_CONTROL_HOST) return this.control(request, url);

    const contentType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim();
    const fields = Object.fromEntries(new URLSearchParams(await request.text()));
    const clientId = fields.client_id ?? "";
    const known = this.secrets.get(clientId);
    const base: Omit<SellerCallRecord, "seq" | "status"> = {
      kind: "lwa",
      method: request.method,
      url: url.href,
      contentType,
      grantType: fields.grant_type,
      clientId,
      clientSecretValid: known !== undefined && known === fields.client_secret,
      code: fields.code,
      redirectUri: fields.redirect_uri,
      refreshToken: fields.refresh_token,
    };
    const refuse = (status: number, error: string, description: string) => {
      this.record({ ...base, status, error: `${error}: ${description}` });
      return json(status, { error, error_description: description });
    };
    if (request.method !== "POST") return refuse(405, "invalid_request", "token requests are POSTs");
    if (!base.clientSecretValid) return refuse(401, "invalid_client", "Client authentication failed");

    if (fields.grant_type === "authorization_code") {
      const pending = fields.code ? this.codes.get(fields.code) : undefined;
      if (!pending || pending.clientId !== clientId || Date.now() - pending.issuedAt > CODE_LIFETIME_MS) {
        return refuse(400, "invalid_grant", "The authorization code is invalid or expired");
      }
      if (pending.redirectUri !== fields.redirect_uri) return refuse(400, "invalid_grant", "redirect_uri does not match");
      this.codes.delete(fields.code!); // codes are single use
      this.refreshTokens.set(pending.refreshToken, { clientId, revoked: false, sellingPartnerId: pending.sellingPartnerId });
      const token = this.issueAccessToken(clientId, pending.refreshToken);
      this.record({ ...base, status: 200, refreshToken: pending.refreshToken, accessToken: token.access_token });
      return json(200, { ...token, refresh_token: pending.refreshToken });
    }
    if (fields.grant_type === "refresh_token") {
      const issued = fields.refresh_token ? this.refreshTokens.get(fields.refresh_token) : undefined;
      if (!issued || issued.clientId !== clientId || issued.revoked) {
        return refuse(400, "invalid_grant", "The request has an invalid grant parameter : refresh_token");
      }
      const failure = this.grantFailures.get(fields.refresh_token!);
      if (failure && failure.left > 0) {
        failure.left -= 1;
        return refuse(failure.status, failure.status === 503 ? "temporarily_unavailable" : failure.status === 429 ? "slow_down" : "server_error", "Please try again later");
      }
      const latency = this.grantLatencies.get(fields.refresh_token!);
      if (latency) await new Promise((resolve) => setTimeout(resolve, latency));
      const token = this.issueAccessToken(clientId, fields.refresh_token!);
      this.record({ ...base, status: 200, accessToken: token.access_token });
      return json(200, token);
    }
    return refuse(400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
  }

  private issueAccessToken(clientId: string, refreshToken: string) {
    const lifetime = this.lifetimes.get(clientId) ?? 3600;
    const token = `Atza|fake-${crypto.randomUUID()}`;
    this.accessTokens.set(token, { expiresAt: Date.now() + lifetime * 1000, refreshToken });
    return { access_token: token, token_type: "bearer", expires_in: lifetime };
  }

  private async control(request: Request, url: URL): Promise<Response> {
    const action = url.pathname.slice("/__control/".length);
    const input = request.method === "POST" ? ((await request.json().catch(() => ({}))) as Record<string, unknown>) : {};
    const text = (name: string) => (typeof input[name] === "string" ? (input[name] as string) : "");
    switch (`${request.method} ${action}`) {
      case "POST clients":
        this.secrets.set(text("clientId"), text("secret"));
        return json(200, { ok: true });
      case "POST codes":
        this.codes.set(text("code"), {
          clientId: text("clientId"),
          redirectUri: text("redirectUri"),
          refreshToken: text("refreshToken"),
          sellingPartnerId: text("sellingPartnerId") || undefined,
          issuedAt: Date.now() - (typeof input.issuedSecondsAgo === "number" ? input.issuedSecondsAgo * 1000 : 0),
        });
        return json(200, { ok: true });
      case "POST token-lifetime":
        this.lifetimes.set(text("clientId"), Number(input.seconds));
        return json(200, { ok: true });
      case "POST grant-latency":
        this.grantLatencies.set(text("refreshToken"), Number(input.ms));
        return json(200, { ok: true });
      case "POST fail-grants":
        this.grantFailures.set(text("refreshToken"), { status: Number(input.status), left: Number(input.times) });
        return json(200, { ok: true });
      case "POST revoke": {
        const issued = this.refreshTokens.get(text("refreshToken"));
        if (issued) issued.revoked = true;
        return json(200, { ok: true });
      }
      case "GET calls": {
        const clientId = url.searchParams.get("clientId");
        return json(200, { calls: this.log.filter((call) => !clientId || call.clientId === clientId) });
      }
      default:
        return json(404, { error: `no control action ${request.method} ${action}` });
    }
  }

  private record(call: Omit<SellerCallRecord, "seq">): void {
    this.seq += 1;
    this.log.push({ seq: this.seq, ...call });
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}
