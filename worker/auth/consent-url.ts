import type { AccountMarketplace } from "../contract/account";
import { SELLER_CENTRAL_URLS } from "../upstreams/spapi/endpoints";

export interface ConsentRequest {
  marketplace: AccountMarketplace;
  applicationId: string;
  state: string;
  redirectUri: string;
  /** The app is still a draft: Amazon then wants version=beta. */
  draftApp: boolean;
}

/** Step 3 of the SP-API website authorization workflow: Seller Central's consent page. */
export function consentUrl(request: ConsentRequest): string {
  const url = new URL("/apps/authorize/consent", SELLER_CENTRAL_URLS[request.marketplace]);
  url.searchParams.set("application_id", request.applicationId);
  url.searchParams.set("state", request.state);
  url.searchParams.set("redirect_uri", request.redirectUri);
  if (request.draftApp) url.searchParams.set("version", "beta");
  return url.toString();
}

/**
 * Where Amazon sends the seller back; also the redirect_uri of the code exchange. Built from
 * the configured site origin, never from the request's Host (which a client chooses).
 */
export function callbackUrl(siteOrigin: string): string {
  return new URL("/api/auth/callback", siteOrigin).toString();
}
