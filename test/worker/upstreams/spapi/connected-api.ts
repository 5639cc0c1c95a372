import { SpApiSellerApi } from "../../../../worker/upstreams/spapi/client";
import { dropSellerAccessToken, sellerAccessToken } from "../../../../worker/upstreams/spapi/lwa";
import { connectSeller, registerLwaClient, sellerEnv, TestBrowser } from "../../support/seller-browser";

/**
 * A seller connected through the fake LWA, and an SP-API client of it with its own token cache
 * key (prefixed `keyPrefix`), so tests never share a cached access token.
 */
export async function connectedApi(keyPrefix: string) {
  const bindings = sellerEnv();
  await registerLwaClient(bindings);
  const seller = await connectSeller(new TestBrowser(bindings));
  const client = { clientId: bindings.LWA_CLIENT_ID!, clientSecret: bindings.LWA_CLIENT_SECRET! };
  const key = `${keyPrefix}:${crypto.randomUUID()}`;
  const api = new SpApiSellerApi({
    region: "na",
    accessToken: () => sellerAccessToken(client, key, async () => seller.refreshToken),
    dropAccessToken: () => dropSellerAccessToken(key),
  });
  return { api, seller, client };
}
