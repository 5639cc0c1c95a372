import * as z from "zod/mini";
import { asinSchema } from "./lookup";
import type { SellerRegion } from "./marketplaces";
import { ACCOUNT_MARKETPLACES } from "./user-status";

export {
  ACCOUNT_MARKETPLACES,
  ANONYMOUS_STATUS,
  isAccountMarketplace,
  type AccountMarketplace,
  type UserStatus,
} from "./user-status";

/**
 * Request schemas and response shapes of the seller account API, shared by the
 * Worker's validators and the /onboarding, /seller-central and /settings forms.
 */

/** Marketplaces the Data Refresh tab of /settings offers. */
export const REFRESH_MARKETPLACES = ["US", "CA", "UK", "DE"] as const;
export type RefreshMarketplace = (typeof REFRESH_MARKETPLACES)[number];

export const REFRESH_FREQUENCIES = ["hourly", "six_hours", "daily", "manual"] as const;
export type RefreshFrequency = (typeof REFRESH_FREQUENCIES)[number];

export const BRAND_NAME_MAX_LENGTH = 100;

function marketplaceEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.pipe(
    z.string({ error: "Marketplace is required" }).check(z.trim(), z.toUpperCase()),
    z.enum(values, { error: `Marketplace must be one of ${values.join(", ")}` }),
  );
}

export const onboardingSchema = z.object({
  marketplace: marketplaceEnum(ACCOUNT_MARKETPLACES),
  // Optional; a blank name is stored as no name.
  brandName: z.pipe(
    z.optional(
      z.nullable(
        z.string({ error: "Brand name must be text" }).check(
          z.trim(),
          z.maxLength(BRAND_NAME_MAX_LENGTH, { error: `Brand name must be at most ${BRAND_NAME_MAX_LENGTH} characters` }),
        ),
      ),
    ),
    z.transform((name): string | null => (name ? name : null)),
  ),
});
export type OnboardingInput = z.input<typeof onboardingSchema>;

export const catalogItemQuerySchema = z.object({
  asin: asinSchema,
  marketplace: z._default(marketplaceEnum(ACCOUNT_MARKETPLACES), "US"),
});
export type CatalogItemQuery = z.output<typeof catalogItemQuerySchema>;

const toggle = (name: string) => z.boolean({ error: `${name} must be true or false` });

export const notificationSettingsSchema = z.object({
  emailAlerts: toggle("emailAlerts"),
  inAppAlerts: toggle("inAppAlerts"),
  weeklyReport: toggle("weeklyReport"),
  /** Optional so older clients keep working: absent means off (read), or unchanged (saved). */
  dailyReport: z.optional(toggle("dailyReport")),
  rankDrops: toggle("rankDrops"),
  buyBoxLoss: toggle("buyBoxLoss"),
});

export const dataRefreshSettingsSchema = z.object({
  frequency: z.enum(REFRESH_FREQUENCIES, {
    error: `Frequency must be one of ${REFRESH_FREQUENCIES.join(", ")}`,
  }),
  marketplace: marketplaceEnum(REFRESH_MARKETPLACES),
});

/** PUT /api/settings: both groups, in full. */
export const settingsUpdateSchema = z.object({
  notifications: notificationSettingsSchema,
  dataRefresh: dataRefreshSettingsSchema,
});
export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;
export type NotificationSettings = SettingsUpdate["notifications"];
export type DataRefreshSettings = SettingsUpdate["dataRefresh"];

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
}

export interface SettingsResponse extends SettingsUpdate {
  connection: ConnectionStatus;
}

/** GET /api/auth/url: which Seller Central the seller signs in to (its region's). */
export const authUrlQuerySchema = z.object({
  marketplace: z._default(marketplaceEnum(ACCOUNT_MARKETPLACES), "US"),
});
