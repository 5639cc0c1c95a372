/**
 * Marketplaces and ASIN rules shared by the Worker and the web app.
 * Kept free of zod so the home page can import it without the validator's bytes.
 */
export const LOOKUP_MARKETPLACES = ["US", "CA", "MX", "UK", "DE", "FR", "IT", "ES", "JP"] as const;
export type Marketplace = (typeof LOOKUP_MARKETPLACES)[number];

export const DEFAULT_MARKETPLACE: Marketplace = "US";
export const ASIN_LENGTH = 10;
export const ASIN_PATTERN = /^[A-Z0-9]{10}$/;

/** Trim and upper-case, the way every ASIN input is read. */
export function normalizeAsin(raw: string): string {
  return raw.trim().toUpperCase();
}

export function isMarketplace(value: string): value is Marketplace {
  return (LOOKUP_MARKETPLACES as readonly string[]).includes(value);
}

/** ISO 4217 currency of each marketplace's prices. */
export const MARKETPLACE_CURRENCY: Record<Marketplace, string> = {
  US: "USD",
  CA: "CAD",
  MX: "MXN",
  UK: "GBP",
  DE: "EUR",
  FR: "EUR",
  IT: "EUR",
  ES: "EUR",
  JP: "JPY",
};

/** The storefront host, as the Creators API names a marketplace. */
export const MARKETPLACE_HOST: Record<Marketplace, string> = {
  US: "www.amazon.com",
  CA: "www.amazon.ca",
  MX: "www.amazon.com.mx",
  UK: "www.amazon.co.uk",
  DE: "www.amazon.de",
  FR: "www.amazon.fr",
  IT: "www.amazon.it",
  ES: "www.amazon.es",
  JP: "www.amazon.co.jp",
};
