/**
 * The signed-in state every page's header reads. Kept free of zod so the first-load
 * bundle can import it without the validator's bytes.
 */

import { MARKETPLACES, type Marketplace } from "./marketplaces";

type AccountCode<M extends Marketplace> = M extends Marketplace
  ? (typeof MARKETPLACES)[M]["sellerAccounts"] extends true
    ? M
    : never
  : never;

/** Marketplaces a seller may pick at onboarding and fetch catalog items from. */
export type AccountMarketplace = AccountCode<Marketplace>;
export const ACCOUNT_MARKETPLACES = (Object.keys(MARKETPLACES) as Marketplace[]).filter(
  (code) => MARKETPLACES[code].sellerAccounts,
) as [AccountMarketplace, ...AccountMarketplace[]];

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
