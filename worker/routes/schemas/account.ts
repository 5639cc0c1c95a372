import * as z from "../../openapi/zod";
import {
  ACCOUNT_MARKETPLACES,
  REFRESH_FREQUENCIES,
  REFRESH_MARKETPLACES,
  type AuthUrlResponse,
  type SettingsResponse,
  type UserStatus,
} from "../../contract/account";
import type { ChannelSettings, WebhookSecretResponse, WebhookTestResult } from "../../contract/channels";

/**
 * Response schemas of the account routes (auth, user, onboarding, settings): the OpenAPI
 * entries of the shapes contract/account.ts and contract/channels.ts state zod-free, which
 * `satisfies` keeps equal.
 */

export const userStatusSchema = z
  .object({
    authenticated: z.boolean(),
    connected: z.boolean().openapi({ description: "A real seller connection; demo accounts are never connected." }),
    marketplace: z.enum(ACCOUNT_MARKETPLACES),
    brandName: z.string().nullable(),
    demo: z.boolean(),
    onboarded: z.boolean(),
  })
  .openapi("UserStatus") satisfies z.ZodType<UserStatus>;

export const authUrlSchema = z
  .object({
    authUrl: z.string().nullable().openapi({ description: "The Seller Central consent URL; null when SP-API sign-in is not configured." }),
    demoAvailable: z.boolean(),
  })
  .openapi("AuthUrl") satisfies z.ZodType<AuthUrlResponse>;

const connectionStatusSchema = z
  .object({
    connected: z.boolean(),
    demo: z.boolean(),
    sellingPartnerId: z.string().nullable(),
    region: z.enum(["na", "eu", "fe"]).nullable(),
    grantedAt: z.string().nullable(),
    renewalDueAt: z.string().nullable().openapi({ description: "Amazon authorizations lapse 365 days after they are granted." }),
    needsAttention: z
      .object({ code: z.string(), detail: z.string(), since: z.string() })
      .optional()
      .openapi({ description: "Present when Amazon refused this seller for good in a nightly run: what to do about it." }),
  })
  .openapi("ConnectionStatus");

export const settingsSchema = z
  .object({
    notifications: z.object({
      emailAlerts: z.boolean(),
      inAppAlerts: z.boolean(),
      weeklyReport: z.boolean(),
      rankDrops: z.boolean(),
      buyBoxLoss: z.boolean(),
    }),
    dataRefresh: z.object({ frequency: z.enum(REFRESH_FREQUENCIES), marketplace: z.enum(REFRESH_MARKETPLACES) }),
    connection: connectionStatusSchema,
  })
  .openapi("Settings") satisfies z.ZodType<SettingsResponse>;

export const channelSettingsSchema = z
  .object({
    alertEmail: z.string().nullable(),
    accountEmail: z.string().nullable(),
    webhookUrl: z.string().nullable(),
    webhookUrlUnreadable: z.boolean().openapi({ description: "A URL is saved but cannot be read: save it again." }),
    webhookSecretSet: z.boolean(),
    emailConfigured: z.boolean().openapi({ description: "Whether this deployment can send email at all." }),
    deliveryProblems: z
      .array(
        z.object({
          channel: z.enum(["email", "webhook"]),
          status: z.enum(["failed", "retrying"]),
          detail: z.string(),
          refusedForGood: z.boolean().openapi({ description: "The email service refused the address for good: the detail names it and what to do." }),
          firedAt: z.string().openapi({ description: "When that alert fired." }),
        }),
      )
      .openapi({ description: "The channels whose latest alert did not get through: failed for good, or failed and waiting for a retry." }),
    reportProblems: z
      .array(
        z.object({
          kind: z.enum(["daily", "weekly"]),
          recipient: z.string().nullable().openapi({ description: "An address the workspace chose; null: the workspace's own report, to its alert email." }),
          period: z.string().openapi({ description: "The report's UTC day (daily) or Monday (weekly)." }),
          status: z.enum(["failed", "retrying"]),
          detail: z.string(),
          refusedForGood: z.boolean().openapi({ description: "The email service refused the address for good: the detail names it and what to do." }),
        }),
      )
      .openapi({ description: "The report emails whose latest send did not get through: failed for good, or failed and waiting for a retry." }),
    alertEmailRefusal: z.string().nullable().openapi({ description: "Why this account may set no alert email (a demo account); null when it may." }),
  })
  .openapi("ChannelSettings") satisfies z.ZodType<ChannelSettings>;

export const webhookSecretSchema = z
  .object({ secret: z.string().openapi({ description: "Shown in this answer only." }) })
  .openapi("WebhookSecret") satisfies z.ZodType<WebhookSecretResponse>;

export const webhookTestResultSchema = z
  .object({ ok: z.boolean(), status: z.number().int().optional(), detail: z.string().optional() })
  .openapi("WebhookTestResult", { description: "What the receiver answered, or why nothing was sent." }) satisfies z.ZodType<WebhookTestResult>;
