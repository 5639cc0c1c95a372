import { marketplaceColumn as column, type SellerRegion } from "../../contract/marketplaces";

// SP-API facts per marketplace, read off the one marketplace table.
export const MARKETPLACE_IDS = column("id");
export const MARKETPLACE_REGION = column("region");
export const SELLER_CENTRAL_URLS = column("sellerCentral");

/** The Selling Partner API host of each region. */
export const SPAPI_ENDPOINTS: Record<SellerRegion, string> = {
  na: "https://sellingpartnerapi-na.amazon.com",
  eu: "https://sellingpartnerapi-eu.amazon.com",
  fe: "https://sellingpartnerapi-fe.amazon.com",
};

/** The LWA token endpoint SP-API applications use in every region. */
export const LWA_TOKEN_URL = "https://api.amazon.com/auth/o2/token";
