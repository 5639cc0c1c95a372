import { FREE_PLAN } from "./contract/plans";
import type { Bindings } from "./env";
import { CREATORS_REGIONS, creatorsRegionsOf, type CreatorsCredential, type CreatorsRegion, type CreatorsRegionConfig } from "./shared/creators-regions";

export { CREATORS_REGIONS, type CreatorsConfig, type CreatorsCredential, type CreatorsRegion, type CreatorsRegionConfig } from "./shared/creators-regions";

/**
 * The deployment's configuration: wrangler.toml vars, secrets and optional bindings, read
 * once per environment object into one typed value. Every "is X configured" question is
 * answered here, by one rule: a string var counts only when it is non-empty after trimming,
 * and a number var that is unset or malformed takes its default.
 *
 * The vars are read by plain functions, not a zod schema: no value is ever refused (each falls
 * back to its default), and the schema's 70 parts were a third of the zod schemas a cold start built.
 */

/** A string var: trimmed, and undefined when empty or unset. */
const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);
/** An integer var of at least `min`, or undefined when it is unset or malformed. */
const intOrUndefined = (value: unknown, min: number): number | undefined => {
  const parsed = Number.parseInt(typeof value === "string" ? value : "", 10);
  return Number.isFinite(parsed) && parsed >= min ? parsed : undefined;
};
/** An integer var of at least `min`, or `fallback` when it is unset or malformed. */
const int =
  (fallback: number, min = 1) =>
  (value: unknown): number =>
    intOrUndefined(value, min) ?? fallback;
/** An optional integer var of at least `min`: undefined when unset or malformed. */
const optionalInt =
  (min = 1) =>
  (value: unknown): number | undefined =>
    intOrUndefined(value, min);
/** A positive rate var ("1", "0.5", "200"), or `fallback` when unset or malformed. */
const rate =
  (fallback: number) =>
  (value: unknown): number => {
    const parsed = Number.parseFloat(typeof value === "string" ? value : "");
    return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
  };

const DEFAULT_LOOKUP_REFRESH_AFTER_SECONDS = 6 * 60 * 60;
const DEFAULT_UPSTREAM_TIMEOUT_MS = 4000;
/** How long lookup-log rows gather before one write: one D1 statement per window, not per lookup. */
export const DEFAULT_LOOKUP_LOG_FLUSH_MS = 250;
/** An API key's use is written to D1 at most this often: one write a second for a busy key. */
export const DEFAULT_API_KEY_USAGE_FLUSH_MS = 1_000;
const DEFAULT_SITE_URL = "https://ranklayer.com";
/** The monthly lookup quota is the Free plan's (a plan without a cap never runs out). */
export const DEFAULT_LOOKUP_LIMITS = { perMinute: 30, perMonth: FREE_PLAN.lookupsPerMonth ?? Number.MAX_SAFE_INTEGER };
/** New demo accounts one address may create an hour: enough for a household, too few for a script. */
export const DEFAULT_DEMO_ACCOUNTS_PER_HOUR = 5;
/** Webhook tests one account may send an hour. */
export const DEFAULT_WEBHOOK_TESTS_PER_HOUR = 10;
/** Amazon's documented starting quota for Associates: 1 Creators API request per second. */
export const DEFAULT_SNAPSHOT_REQUESTS_PER_SECOND = 1;

/** History shards bound in wrangler.toml (HISTORY_0 …) and used: raise with a re-shard (README). */
export const DEFAULT_HISTORY_SHARDS = 4;
/** Days of history kept in D1; older whole months live in the R2 archive. */
export const DEFAULT_HISTORY_HOT_DAYS = 120;

/** Each var and how it is read. */
const VARS = {
  APP_VERSION: text,
  SITE_URL: text,
  SESSION_SECRET: text,
  TOKEN_ENCRYPTION_KEYS: text,
  DEMO_MODE: text,
  LOOKUP_LIMIT_PER_MINUTE: int(DEFAULT_LOOKUP_LIMITS.perMinute),
  LOOKUP_LIMIT_PER_MONTH: int(DEFAULT_LOOKUP_LIMITS.perMonth),
  LOOKUP_REFRESH_AFTER_SECONDS: int(DEFAULT_LOOKUP_REFRESH_AFTER_SECONDS, 0),
  LOOKUP_LOG_FLUSH_MS: int(DEFAULT_LOOKUP_LOG_FLUSH_MS, 0),
  API_KEY_USAGE_FLUSH_MS: int(DEFAULT_API_KEY_USAGE_FLUSH_MS, 0),
  UPSTREAM_TIMEOUT_MS: int(DEFAULT_UPSTREAM_TIMEOUT_MS),
  CREATORS_CREDENTIAL_ID: text,
  CREATORS_CREDENTIAL_SECRET: text,
  CREATORS_CREDENTIAL_VERSION: text,
  CREATORS_PARTNER_TAG: text,
  CREATORS_NA_CREDENTIAL_ID: text,
  CREATORS_NA_CREDENTIAL_SECRET: text,
  CREATORS_NA_CREDENTIAL_VERSION: text,
  CREATORS_NA_PARTNER_TAG: text,
  CREATORS_EU_CREDENTIAL_ID: text,
  CREATORS_EU_CREDENTIAL_SECRET: text,
  CREATORS_EU_CREDENTIAL_VERSION: text,
  CREATORS_EU_PARTNER_TAG: text,
  CREATORS_FE_CREDENTIAL_ID: text,
  CREATORS_FE_CREDENTIAL_SECRET: text,
  CREATORS_FE_CREDENTIAL_VERSION: text,
  CREATORS_FE_PARTNER_TAG: text,
  CREATORS_US_PARTNER_TAG: text,
  CREATORS_CA_PARTNER_TAG: text,
  CREATORS_MX_PARTNER_TAG: text,
  CREATORS_UK_PARTNER_TAG: text,
  CREATORS_DE_PARTNER_TAG: text,
  CREATORS_FR_PARTNER_TAG: text,
  CREATORS_IT_PARTNER_TAG: text,
  CREATORS_ES_PARTNER_TAG: text,
  CREATORS_JP_PARTNER_TAG: text,
  CREATORS_API_BASE_URL: text,
  CREATORS_AUTH_URL: text,
  LWA_CLIENT_ID: text,
  LWA_CLIENT_SECRET: text,
  SPAPI_APPLICATION_ID: text,
  SPAPI_DRAFT_APP: text,
  ALERT_EMAIL_FROM: text,
  CONTACT_EMAIL_FROM: text,
  CONTACT_EMAIL_TO: text,
  /** Optional ceiling on the snapshot job's own pace; the credential's budget is what paces it. */
  SNAPSHOT_REQUESTS_PER_SECOND: rate(Number.POSITIVE_INFINITY),
  /** A Creators credential's request rate and burst: its UpstreamBudget token bucket. */
  CREATORS_REQUESTS_PER_SECOND: rate(DEFAULT_SNAPSHOT_REQUESTS_PER_SECOND),
  CREATORS_BURST: int(1),
  HISTORY_SHARDS: int(DEFAULT_HISTORY_SHARDS),
  HISTORY_RESHARD_FROM: optionalInt(),
  HISTORY_HOT_DAYS: int(DEFAULT_HISTORY_HOT_DAYS),
  SNAPSHOT_MAX_CALLS_PER_INVOCATION: int(100),
  SNAPSHOT_MAX_MS_PER_INVOCATION: int(25_000),
  /** Overrides the plans' hourly API key limit for one deployment (the benchmark); unset: the plan's. */
  API_REQUESTS_PER_HOUR: int(0),
  DEMO_ACCOUNTS_PER_HOUR: int(DEFAULT_DEMO_ACCOUNTS_PER_HOUR),
  WEBHOOK_TESTS_PER_HOUR: int(DEFAULT_WEBHOOK_TESTS_PER_HOUR),
  STRIPE_SECRET_KEY: text,
  STRIPE_WEBHOOK_SECRET: text,
  STRIPE_PRICE_PRO: text,
  STRIPE_PRICE_AGENCY: text,
  STRIPE_API_BASE_URL: text,
  LWA_TOKEN_URL: text,
} satisfies Record<string, (value: unknown) => unknown>;
type Vars = { [Name in keyof typeof VARS]: ReturnType<(typeof VARS)[Name]> };

function parseVars(env: Partial<Bindings>): Vars {
  const values: Record<string, unknown> = env;
  return Object.fromEntries(Object.entries(VARS).map(([name, read]) => [name, read(values[name])])) as Vars;
}

/** The SP-API application: its Login with Amazon client and the id named in the consent URL. */
export interface SellingPartnerConfig {
  clientId: string;
  clientSecret: string;
  applicationId: string;
  /** The app is still a draft: the consent URL carries version=beta. */
  draftApp: boolean;
  /** Replaces LWA's token endpoint when set (browser tests' fake LWA). */
  lwaTokenUrl?: string;
}

/** A send_email binding and the sender it sends from. */
export interface AlertEmailConfig {
  binding: SendEmail;
  from: string;
}

export interface ContactEmailConfig extends AlertEmailConfig {
  to: string;
}

/** Stripe, when its secret key is set; otherwise billing runs in the labelled mock mode. */
export interface StripeConfig {
  secretKey: string;
  /** Unset: every webhook delivery is refused (400), since none can be verified. */
  webhookSecret?: string;
  /** Unset: Checkout cannot start (503 with a detail naming the variable). */
  priceIdPro?: string;
  /** The Agency plan's per-connection monthly Price; unset: Agency cannot be bought (503). */
  priceIdAgency?: string;
  /** Where the Stripe client sends requests; unset means https://api.stripe.com. */
  api?: { protocol: "http" | "https"; host: string; port?: number };
}

export interface Config {
  vars: Vars;
  /**
   * A Creators API config of some region (NA first), or null when no region has credentials.
   * Only "is any live data configured"; calls use their marketplace's region (services.ts' sources).
   */
  creators: CreatorsCredential | null;
  /** Credentials, version and partner tag per region: a US tag cannot read the UK store. */
  creatorsRegions: Record<CreatorsRegion, CreatorsRegionConfig>;
  /** SP-API sign-in can be offered: the LWA client and the application id are set. */
  sellingPartner: SellingPartnerConfig | null;
  /**
   * Real seller sign-in also needs the operator's own secrets: without SESSION_SECRET the
   * signing key would be a generated dev fallback, and without TOKEN_ENCRYPTION_KEYS refresh
   * tokens could not be stored encrypted. OAuth refuses rather than run insecurely.
   */
  sellerSignInReady: boolean;
  /** Demo accounts exist when SP-API is not configured, or when DEMO_MODE=true says so anyway. */
  demoSignInAvailable: boolean;
  alertEmail: AlertEmailConfig | null;
  contactEmail: ContactEmailConfig | null;
  /** The /alerts page of this deployment: SITE_URL's origin, or the public site. */
  alertsPageUrl: string;
  /** This deployment's origin (SITE_URL's, or the public site's): OAuth redirects and the Origin check use it. */
  siteOrigin: string;
  stripe: StripeConfig | null;
}

/**
 * A deployment as the code below the composition root sees it: its bindings and the
 * configuration parsed from them. worker/services.ts builds it (Services extends it).
 */
export interface Deployment {
  readonly env: Bindings;
  readonly config: Config;
}

// A memo of a pure function of `env` (workerd passes every request the same env object), not
// per-isolate state: nothing in it can differ between two uses of the same env.
const parsed = new WeakMap<object, Config>();

/**
 * The configuration of `env`, parsed on first use and kept for as long as `env` lives. Only
 * worker/services.ts and the Durable Object classes call it (the layout check says so).
 */
export function configOf(env: Partial<Bindings>): Config {
  let config = parsed.get(env);
  if (!config) {
    config = parseConfig(env);
    parsed.set(env, config);
  }
  return config;
}

function parseConfig(env: Partial<Bindings>): Config {
  const vars = parseVars(env);
  const creatorsRegions = creatorsRegionsOf(vars);
  const creators = CREATORS_REGIONS.map((region) => creatorsRegions[region].config).find((config) => config !== null) ?? null;
  const sellingPartner =
    vars.LWA_CLIENT_ID && vars.LWA_CLIENT_SECRET && vars.SPAPI_APPLICATION_ID
      ? {
          clientId: vars.LWA_CLIENT_ID,
          clientSecret: vars.LWA_CLIENT_SECRET,
          applicationId: vars.SPAPI_APPLICATION_ID,
          draftApp: vars.SPAPI_DRAFT_APP === "true",
          lwaTokenUrl: vars.LWA_TOKEN_URL,
        }
      : null;
  const alertEmail = env.ALERT_EMAIL && vars.ALERT_EMAIL_FROM ? { binding: env.ALERT_EMAIL, from: vars.ALERT_EMAIL_FROM } : null;
  const contactEmail =
    env.CONTACT_EMAIL && vars.CONTACT_EMAIL_FROM && vars.CONTACT_EMAIL_TO
      ? { binding: env.CONTACT_EMAIL, from: vars.CONTACT_EMAIL_FROM, to: vars.CONTACT_EMAIL_TO }
      : null;
  return {
    vars,
    creators,
    creatorsRegions,
    sellingPartner,
    sellerSignInReady: sellingPartner !== null && Boolean(vars.SESSION_SECRET && vars.TOKEN_ENCRYPTION_KEYS),
    demoSignInAvailable: sellingPartner === null || vars.DEMO_MODE === "true",
    alertEmail,
    contactEmail,
    alertsPageUrl: new URL("/alerts", siteOrigin(vars.SITE_URL)).href,
    siteOrigin: siteOrigin(vars.SITE_URL),
    stripe: vars.STRIPE_SECRET_KEY
      ? {
          secretKey: vars.STRIPE_SECRET_KEY,
          webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
          priceIdPro: vars.STRIPE_PRICE_PRO,
          priceIdAgency: vars.STRIPE_PRICE_AGENCY,
          api: stripeApi(vars.STRIPE_API_BASE_URL),
        }
      : null,
  };
}

function stripeApi(baseUrl: string | undefined): StripeConfig["api"] {
  if (!baseUrl) return undefined;
  try {
    const url = new URL(baseUrl);
    return {
      protocol: url.protocol === "http:" ? "http" : "https",
      host: url.hostname,
      ...(url.port && { port: Number(url.port) }),
    };
  } catch {
    // A malformed override must not send live keys somewhere unexpected: fall back to Stripe itself.
    return undefined;
  }
}

function siteOrigin(siteUrl: string | undefined): string {
  try {
    return new URL(siteUrl ?? DEFAULT_SITE_URL).origin;
  } catch {
    return new URL(DEFAULT_SITE_URL).origin;
  }
}
