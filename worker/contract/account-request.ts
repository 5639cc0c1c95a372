import * as z from "./zod-jitless";
import {
  BRAND_NAME_MAX_LENGTH,
  REFRESH_FREQUENCIES,
  REFRESH_MARKETPLACES,
  type OnboardingInput,
  type SettingsUpdate,
} from "./account";
import { readMarketplaceCode } from "./marketplaces";
import { safeNextPath } from "./next-path";
import { notSingleLine, SINGLE_LINE } from "./single-line";
import { ACCOUNT_MARKETPLACES, type AccountMarketplace } from "./user-status";

/**
 * The seller account API's request schemas: the Worker's validators and their OpenAPI
 * entries. The shapes they produce are stated zod-free in account.ts; `satisfies` keeps
 * the two in step.
 */

function marketplaceEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .string({ error: "Marketplace is required" })
    .overwrite(readMarketplaceCode)
    .pipe(z.enum(values, { error: `Marketplace must be one of ${values.join(", ")}` }));
}

export const onboardingSchema = z.object({
  marketplace: marketplaceEnum(ACCOUNT_MARKETPLACES),
  // Optional; a blank name is stored as no name. It names the first seller connection, which
  // reaches report subjects: one line of plain text.
  brandName: z
    .string({ error: "Brand name must be text" })
    .trim()
    .max(BRAND_NAME_MAX_LENGTH, { error: `Brand name must be at most ${BRAND_NAME_MAX_LENGTH} characters` })
    .regex(SINGLE_LINE, { error: notSingleLine("Brand name") })
    .nullable()
    .optional()
    .transform((name): string | null => (name ? name : null)),
}) satisfies z.ZodType<{ marketplace: AccountMarketplace; brandName: string | null }, OnboardingInput>;

const toggle = (name: string) => z.boolean({ error: `${name} must be true or false` });

export const notificationSettingsSchema = z.object({
  emailAlerts: toggle("emailAlerts"),
  inAppAlerts: toggle("inAppAlerts"),
  weeklyReport: toggle("weeklyReport"),
  /** Optional so older clients keep working: absent means off (read), or unchanged (saved). */
  dailyReport: toggle("dailyReport").optional(),
  rankDrops: toggle("rankDrops"),
  buyBoxLoss: toggle("buyBoxLoss"),
});

export const dataRefreshSettingsSchema = z.object({
  frequency: z.enum(REFRESH_FREQUENCIES, { error: `Frequency must be one of ${REFRESH_FREQUENCIES.join(", ")}` }),
  marketplace: marketplaceEnum(REFRESH_MARKETPLACES),
});

/** PUT /api/settings: both groups, in full. */
export const settingsUpdateSchema = z.object({
  notifications: notificationSettingsSchema,
  dataRefresh: dataRefreshSettingsSchema,
}) satisfies z.ZodType<SettingsUpdate>;

/** GET /api/auth/url: which Seller Central the seller signs in to (its region's), and the page to come back to. */
export const authUrlQuerySchema = z.object({
  marketplace: marketplaceEnum(ACCOUNT_MARKETPLACES).default("US"),
  next: z
    .string()
    .max(2_000)
    .refine((next) => safeNextPath(next) !== null, "next must be a path on this site, such as /alerts.")
    .optional(),
});
