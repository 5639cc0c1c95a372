import { findCredentials, type CredentialsRecord } from "../accounts/credentials-store";
import { replaceConnectionCiphertext } from "../connections/connection-store";
import type { UserRecord } from "../accounts/user-store";
import { decryptRefreshToken, encryptRefreshToken, keyringOf } from "../auth/token-crypto";
import type { SellerRegion } from "../contract/account";
import type { Deployment } from "../config";
import { dropSellerAccessToken, sellerAccessToken } from "../upstreams/spapi/lwa";
import { RECONNECT, SellerApiError, type SellerApi } from "../upstreams/spapi/seller-api";
import { SpApiSellerApi } from "../upstreams/spapi/client";

/**
 * The SP-API client of a connected seller (services.ts gives a demo account the mock instead).
 * A real account without a stored grant has no data source.
 */
export async function sellerApiFor(deployment: Deployment, user: UserRecord): Promise<SellerApi> {
  const credentials = await findCredentials(deployment.env.DB, user.id);
  if (!credentials) {
    throw new SellerApiError(403, "Your Amazon seller account is not connected. Connect it on /connect to fetch catalog data.");
  }
  return sellerApiForConnection(deployment, credentials);
}

/** The SP-API client of one connected seller connection (its token is sealed with its id). */
export function sellerApiForConnection({ env, config }: Deployment, credentials: CredentialsRecord): SellerApi {
  const sellingPartner = config.sellingPartner;
  if (!sellingPartner) {
    console.error("a connected seller asked for SP-API data, but LWA_CLIENT_ID/LWA_CLIENT_SECRET/SPAPI_APPLICATION_ID are not set");
    throw new SellerApiError(502, "Amazon's Selling Partner API is not configured on this server right now.");
  }
  const client = { clientId: sellingPartner.clientId, clientSecret: sellingPartner.clientSecret, tokenUrl: sellingPartner.lwaTokenUrl };
  // A new grant (reconnect) gets a new cache entry; the old one simply ages out.
  const tokenCacheKey = accessTokenCacheKey(credentials.id, credentials.grantedAt);

  const refreshToken = async (): Promise<string> => {
    let keys;
    try {
      keys = keyringOf(config);
    } catch (error) {
      console.error("cannot read stored refresh tokens:", error instanceof Error ? error.message : error);
      throw new SellerApiError(502, "Stored seller authorizations cannot be read on this server right now.");
    }
    const opened = await decryptRefreshToken(keys, credentials.id, credentials.refreshTokenCiphertext).catch((error: unknown) => {
      console.error("a stored refresh token did not decrypt:", error instanceof Error ? error.name : "error");
      throw new SellerApiError(403, `Your stored Amazon authorization can no longer be read. ${RECONNECT}.`);
    });
    if (opened.stale) {
      // Key rotation: move the row to the newest key while we hold the plaintext.
      const sealed = await encryptRefreshToken(keys, credentials.id, opened.refreshToken);
      await replaceConnectionCiphertext(env.DB, credentials.id, credentials.refreshTokenCiphertext, sealed);
    }
    return opened.refreshToken;
  };

  return new SpApiSellerApi({
    region: credentials.region as SellerRegion,
    accessToken: () => sellerAccessToken(client, tokenCacheKey, refreshToken),
    dropAccessToken: () => dropSellerAccessToken(tokenCacheKey),
  });
}

export function accessTokenCacheKey(connectionId: string, grantedAt: string): string {
  return `${connectionId}:${grantedAt}`;
}
