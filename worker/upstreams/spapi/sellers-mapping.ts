import { ACCOUNT_MARKETPLACES, type AccountMarketplace } from "../../contract/account";
import { MARKETPLACE_IDS } from "./endpoints";

/**
 * The part of SP-API Sellers v1 getMarketplaceParticipations answers RankLayer reads:
 * { payload: [{ marketplace: { id, countryCode, … }, participation: { isParticipating, … } }] }.
 */
export interface MarketplaceParticipationsPayload {
  payload?: readonly { marketplace?: { id?: string }; participation?: { isParticipating?: boolean } }[];
}

/**
 * The RankLayer marketplaces the seller participates in, in the marketplace table's order.
 * Marketplaces RankLayer does not serve (and entries it cannot read) are left out; a
 * participation Amazon marks as not participating is not one.
 */
export function participatingMarketplaces(body: MarketplaceParticipationsPayload): AccountMarketplace[] {
  const ids = new Set((body.payload ?? []).filter((entry) => entry.participation?.isParticipating === true).map((entry) => entry.marketplace?.id));
  return ACCOUNT_MARKETPLACES.filter((marketplace) => ids.has(MARKETPLACE_IDS[marketplace]));
}
