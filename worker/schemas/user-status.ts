/**
 * The signed-in state every page's header reads. Kept free of zod so the first-load
 * bundle can import it without the validator's bytes.
 */

/** Marketplaces a seller may pick at onboarding and fetch catalog items from. */
export const ACCOUNT_MARKETPLACES = ["US", "CA", "MX", "UK", "DE", "FR", "IT", "ES"] as const;
export type AccountMarketplace = (typeof ACCOUNT_MARKETPLACES)[number];

export function isAccountMarketplace(value: string): value is AccountMarketplace {
  return (ACCOUNT_MARKETPLACES as readonly string[]).includes(value);
}

/** The answer of GET /api/user/status. */
export interface UserStatus {
  authenticated: boolean;
  /** A real seller connection with a stored refresh token; demo accounts are never connected. */
  connected: boolean;
  marketplace: AccountMarketplace;
  brandName: string | null;
  demo: boolean;
  onboarded: boolean;
}

export const ANONYMOUS_STATUS: UserStatus = {
  authenticated: false,
  connected: false,
  marketplace: "US",
  brandName: null,
  demo: false,
  onboarded: false,
};
