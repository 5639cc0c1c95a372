import type { SellerRegion } from "./marketplaces";

export {
  ACCOUNT_MARKETPLACES,
  ANONYMOUS_STATUS,
  isAccountMarketplace,
  type AccountMarketplace,
  type UserStatus,
} from "./user-status";
export type { CatalogItemQuery } from "./catalog-item";

/**
 * The seller account API's shapes and choices, shared by the Worker and the /onboarding,
 * /seller-central and /settings screens. Zod-free, so a screen that only shows these loads
 * no validator; the request schemas are in account-request.ts.
 */

/** Marketplaces the Data Refresh tab of /settings offers. */
export const REFRESH_MARKETPLACES = ["US", "CA", "UK", "DE"] as const;
export type RefreshMarketplace = (typeof REFRESH_MARKETPLACES)[number];

export const REFRESH_FREQUENCIES = ["hourly", "six_hours", "daily", "manual"] as const;
export type RefreshFrequency = (typeof REFRESH_FREQUENCIES)[number];

export const BRAND_NAME_MAX_LENGTH = 100;

/** POST /api/onboarding, as sent: the marketplace is normalized and a blank brand name stored as none. */
export interface OnboardingInput {
  marketplace: string;
  brandName?: string | null;
}

export interface NotificationSettings {
  emailAlerts: boolean;
  inAppAlerts: boolean;
  weeklyReport: boolean;
  /** Absent from older clients: off when read, unchanged when saved. */
  dailyReport?: boolean;
  rankDrops: boolean;
  buyBoxLoss: boolean;
}

export interface DataRefreshSettings {
  frequency: RefreshFrequency;
  marketplace: RefreshMarketplace;
}

/** PUT /api/settings: both groups, in full. */
export interface SettingsUpdate {
  notifications: NotificationSettings;
  dataRefresh: DataRefreshSettings;
}

export const DEFAULT_SETTINGS: SettingsUpdate = {
  notifications: { emailAlerts: true, inAppAlerts: true, weeklyReport: false, rankDrops: true, buyBoxLoss: true },
  dataRefresh: { frequency: "daily", marketplace: "US" },
};

/** SP-API regions: North America, Europe, Far East. */
export type { SellerRegion };

// Response shapes. The routes return exactly these, so `hc<AppType>` types them too.

export interface AuthUrlResponse {
  /** The Seller Central consent URL, or null when SP-API sign-in is not configured. */
  authUrl: string | null;
  demoAvailable: boolean;
}

export interface SalesRank {
  categoryTitle: string;
  rank: number;
}

export interface CatalogItemResult {
  asin: string;
  title: string;
  source: "spapi" | "mock" | "cache";
  salesRanks: SalesRank[];
  /** When SP-API (or the mock) produced the data, ISO 8601 UTC; kept on cache hits. */
  fetchedAt: string;
}

export interface ConnectionStatus {
  connected: boolean;
  demo: boolean;
  sellingPartnerId: string | null;
  region: SellerRegion | null;
  grantedAt: string | null;
  /** Amazon authorizations lapse 365 days after they are granted. */
  renewalDueAt: string | null;
  /** Set when Amazon refused this seller for good in a nightly run (revoked grant, missing role): what to do. */
  needsAttention?: { code: string; detail: string; since: string };
}

export interface SettingsResponse extends SettingsUpdate {
  connection: ConnectionStatus;
}
