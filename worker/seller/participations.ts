import { findCredentials } from "../accounts/credentials-store";
import type { UserRecord } from "../accounts/user-store";
import { ACCOUNT_MARKETPLACES, type AccountMarketplace, type SellerRegion } from "../contract/account";
import { MARKETPLACES } from "../contract/marketplaces";
import { MARKETPLACE_REGION } from "../upstreams/spapi/endpoints";
import { SellerApiError } from "../upstreams/spapi/seller-api";
import { SpApiSellerApi } from "../upstreams/spapi/client";
import { parseParticipations, saveParticipations } from "./participations-store";

/**
 * Reads the marketplaces the seller sells in from Amazon (getMarketplaceParticipations) and
 * stores them; called at sign-in and on every reconnect (the Amazon callback), with the access
 * token the code exchange just granted (so sign-in mints no second one). A failure, or no
 * token, is logged and stores "unknown" (the region's marketplaces are offered until the next
 * sign-in): signing in never fails because of it. Answers what was stored.
 */
export async function refreshParticipations(db: D1Database, userId: string, region: SellerRegion, accessToken: string | null): Promise<AccountMarketplace[] | null> {
  let marketplaces: AccountMarketplace[] | null = null;
  if (accessToken) {
    const api = new SpApiSellerApi({ region, accessToken: async () => accessToken, dropAccessToken: () => undefined });
    try {
      marketplaces = await api.getMarketplaceParticipations();
    } catch (error) {
      if (!(error instanceof SellerApiError)) throw error;
      console.error(`getMarketplaceParticipations failed for seller ${userId} (${error.status}): ${error.message}`);
    }
  }
  await saveParticipations(db, userId, marketplaces);
  return marketplaces;
}

/**
 * The marketplaces a user's seller data (Buy Box, FBA stock, sales) can come from: the ones
 * Amazon says they sell in, within their authorization's region; every one for the demo;
 * the region's while the participations are unknown; none without a connected account.
 */
export async function sellingMarketplaces(db: D1Database, user: Pick<UserRecord, "id" | "isDemo">): Promise<AccountMarketplace[]> {
  if (user.isDemo) return [...ACCOUNT_MARKETPLACES];
  const credentials = await findCredentials(db, user.id);
  if (!credentials) return [];
  const inRegion = ACCOUNT_MARKETPLACES.filter((marketplace) => MARKETPLACE_REGION[marketplace] === credentials.region);
  const participating = parseParticipations(credentials.marketplaces);
  return participating === null ? inRegion : inRegion.filter((marketplace) => participating.includes(marketplace));
}

/** The refusal of seller data in a marketplace the seller does not sell in, naming the ones they do. */
export function notSellingDetail(marketplace: AccountMarketplace | string, selling: readonly AccountMarketplace[], what: string): string {
  const list = selling.length === 0 ? "none" : selling.join(", ");
  const name = (MARKETPLACES as Record<string, { name: string } | undefined>)[marketplace]?.name ?? marketplace;
  return `Your seller account does not sell in ${name} (${marketplace}), so ${what} cannot be read there. Amazon lists your marketplaces as: ${list}.`;
}
