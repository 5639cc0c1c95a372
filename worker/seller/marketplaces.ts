import type { AccountMarketplace, SellerRegion } from "../schemas/account";

/**
 * SP-API facts per marketplace: the marketplace id, the region whose endpoint serves it,
 * and the Seller Central host where its sellers authorize apps (SP-API docs: "Marketplace
 * IDs", "SP-API Endpoints", "Seller Central URLs").
 */
export const MARKETPLACE_IDS: Record<AccountMarketplace, string> = {
  US: "ATVPDKIKX0DER",
  CA: "A2EUQ1WTGCTBG2",
  MX: "A1AM78C64UM0Y8",
  UK: "A1F83G8C2ARO7P",
  DE: "A1PA6795UKMFR9",
  FR: "A13V1IB3VIYZZH",
  IT: "APJ6JRA9NG5V4",
  ES: "A1RKKUPIHCS9HS",
};

export const MARKETPLACE_REGION: Record<AccountMarketplace, SellerRegion> = {
  US: "na",
  CA: "na",
  MX: "na",
  UK: "eu",
  DE: "eu",
  FR: "eu",
  IT: "eu",
  ES: "eu",
};

/** The Selling Partner API host of each region. */
export const SPAPI_ENDPOINTS: Record<SellerRegion, string> = {
  na: "https://sellingpartnerapi-na.amazon.com",
  eu: "https://sellingpartnerapi-eu.amazon.com",
  fe: "https://sellingpartnerapi-fe.amazon.com",
};

/** Seller Central, where a seller of the marketplace signs in to authorize the app. */
export const SELLER_CENTRAL_URLS: Record<AccountMarketplace, string> = {
  US: "https://sellercentral.amazon.com",
  CA: "https://sellercentral.amazon.ca",
  MX: "https://sellercentral.amazon.com.mx",
  UK: "https://sellercentral-europe.amazon.com",
  DE: "https://sellercentral-europe.amazon.com",
  FR: "https://sellercentral-europe.amazon.com",
  IT: "https://sellercentral-europe.amazon.com",
  ES: "https://sellercentral-europe.amazon.com",
};

/** The LWA token endpoint SP-API applications use in every region. */
export const LWA_TOKEN_URL = "https://api.amazon.com/auth/o2/token";
