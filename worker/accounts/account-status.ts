import type { ConnectionStatus, SellerRegion, UserStatus } from "../contract/account";
import { ANONYMOUS_STATUS, isAccountMarketplace } from "../contract/account";
import { renewalDueAt } from "../connections/grant-rules";
import { findCredentials, type CredentialsRecord } from "./credentials-store";
import type { UserRecord } from "./user-store";

/**
 * What the pages show of an account: its signed-in status (every page's header) and its
 * Amazon connection (Settings). The status rules are pure; `userStatus` reads the credentials.
 */

export { AUTHORIZATION_LIFETIME_DAYS, renewalDueAt } from "../connections/grant-rules";

/** `workspaceId`: the workspace the request acts in, whose seller account `connected` is about (the personal one by default). */
export async function userStatus(db: D1Database, user: UserRecord | null, workspaceId = user?.id): Promise<UserStatus> {
  if (!user) return ANONYMOUS_STATUS;
  const credentials = user.isDemo || !workspaceId ? null : await findCredentials(db, workspaceId);
  return {
    authenticated: true,
    connected: credentials !== null,
    marketplace: isAccountMarketplace(user.marketplace) ? user.marketplace : "US",
    brandName: user.brandName,
    demo: user.isDemo,
    onboarded: user.onboardedAt !== null,
  };
}

export function connectionStatus(user: UserRecord, credentials: CredentialsRecord | null): ConnectionStatus {
  if (!credentials || user.isDemo) {
    return {
      connected: false,
      demo: user.isDemo,
      sellingPartnerId: null,
      region: null,
      grantedAt: null,
      renewalDueAt: null,
    };
  }
  return {
    connected: true,
    demo: false,
    sellingPartnerId: credentials.sellingPartnerId,
    region: credentials.region as SellerRegion,
    grantedAt: credentials.grantedAt,
    renewalDueAt: renewalDueAt(credentials.grantedAt),
  };
}
