/**
 * The marketplaces RankLayer supports, in one table keyed by code: every list, currency,
 * host and name elsewhere is derived from it. Shared by the Worker and the web app, and
 * kept free of zod so the home page can import it without the validator's bytes.
 */

/** The SP-API region whose endpoint serves a marketplace (and whose LWA grant covers it). */
export type SellerRegion = "na" | "eu" | "fe";

export interface MarketplaceInfo {
  /** Amazon's marketplace id (SP-API "Marketplace IDs"). */
  id: string;
  /** The storefront host, as the Creators API names a marketplace. */
  host: string;
  /** ISO 4217 currency of the marketplace's prices. */
  currency: string;
  /** Seller Central, where a seller of the marketplace signs in to authorize the app. */
  sellerCentral: string;
  region: SellerRegion;
  name: string;
  /** Whether a seller account may use it (onboarding, catalog fetch): SP-API sign-in covers NA and EU. */
  sellerAccounts: boolean;
}

export const MARKETPLACES = {
  US: { id: "ATVPDKIKX0DER", host: "www.amazon.com", currency: "USD", sellerCentral: "https://sellercentral.amazon.com", region: "na", name: "United States", sellerAccounts: true },
  CA: { id: "A2EUQ1WTGCTBG2", host: "www.amazon.ca", currency: "CAD", sellerCentral: "https://sellercentral.amazon.ca", region: "na", name: "Canada", sellerAccounts: true },
  MX: { id: "A1AM78C64UM0Y8", host: "www.amazon.com.mx", currency: "MXN", sellerCentral: "https://sellercentral.amazon.com.mx", region: "na", name: "Mexico", sellerAccounts: true },
  UK: { id: "A1F83G8C2ARO7P", host: "www.amazon.co.uk", currency: "GBP", sellerCentral: "https://sellercentral-europe.amazon.com", region: "eu", name: "United Kingdom", sellerAccounts: true },
  DE: { id: "A1PA6795UKMFR9", host: "www.amazon.de", currency: "EUR", sellerCentral: "https://sellercentral-europe.amazon.com", region: "eu", name: "Germany", sellerAccounts: true },
  FR: { id: "A13V1IB3VIYZZH", host: "www.amazon.fr", currency: "EUR", sellerCentral: "https://sellercentral-europe.amazon.com", region: "eu", name: "France", sellerAccounts: true },
  IT: { id: "APJ6JRA9NG5V4", host: "www.amazon.it", currency: "EUR", sellerCentral: "https://sellercentral-europe.amazon.com", region: "eu", name: "Italy", sellerAccounts: true },
  ES: { id: "A1RKKUPIHCS9HS", host: "www.amazon.es", currency: "EUR", sellerCentral: "https://sellercentral-europe.amazon.com", region: "eu", name: "Spain", sellerAccounts: true },
  JP: { id: "A1VC38T7YXB528", host: "www.amazon.co.jp", currency: "JPY", sellerCentral: "https://sellercentral.amazon.co.jp", region: "fe", name: "Japan", sellerAccounts: false },
} as const satisfies Record<string, MarketplaceInfo>;

export type Marketplace = keyof typeof MARKETPLACES;

/** Every supported code, in the table's order. */
export const LOOKUP_MARKETPLACES = Object.keys(MARKETPLACES) as Marketplace[];

export const DEFAULT_MARKETPLACE: Marketplace = "US";
export const ASIN_LENGTH = 10;
export const ASIN_PATTERN = /^[A-Z0-9]{10}$/;

/** Trim and upper-case, the way every ASIN input is read. */
export function normalizeAsin(raw: string): string {
  return raw.trim().toUpperCase();
}

/** A typed-in code as every input reads it: any case, spaces around ignored, and GB (the UK's ISO code, Amazon's in some APIs) as UK. */
export function readMarketplaceCode(raw: string): string {
  const code = raw.trim().toUpperCase();
  return code === "GB" ? "UK" : code;
}

export function isMarketplace(value: string): value is Marketplace {
  return Object.hasOwn(MARKETPLACES, value);
}

/** One field of the table as a record keyed by code. */
export function marketplaceColumn<K extends keyof MarketplaceInfo>(key: K): Record<Marketplace, MarketplaceInfo[K]> {
  return Object.fromEntries(LOOKUP_MARKETPLACES.map((code) => [code, MARKETPLACES[code][key]])) as Record<
    Marketplace,
    MarketplaceInfo[K]
  >;
}

export const MARKETPLACE_CURRENCY = marketplaceColumn("currency");
export const MARKETPLACE_HOST = marketplaceColumn("host");
export const MARKETPLACE_NAMES = marketplaceColumn("name");
