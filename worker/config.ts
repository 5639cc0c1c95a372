import * as z from "zod/mini";
import { FREE_PLAN } from "./contract/plans";
import { MARKETPLACES, type Marketplace, type SellerRegion } from "./contract/marketplaces";
import type { Bindings } from "./env";

/**
 * The deployment's configuration: wrangler.toml vars, secrets and optional bindings, read
 * once per environment object into one typed value. Every "is X configured" question is
 * answered here, by one rule: a string var counts only when it is non-empty after trimming,
 * and a number var that is unset or malformed takes its default.
 */

/** A string var: trimmed, and undefined when empty or unset. */
const text = z.pipe(
  z.optional(z.unknown()),
  z.transform((value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined)),
);
/** An integer var of at least `min`, or `fallback` when it is unset or malformed. */
const int = (fallback: number, min = 1) =>
  z.pipe(
    z.optional(z.unknown()),
    z.transform((value) => {
      const parsed = Number.parseInt(typeof value === "string" ? value : "", 10);
      return Number.isFinite(parsed) && parsed >= min ? parsed : fallback;
    }),
  );
/** A positive rate var ("1", "0.5", "200"), or `fallback` when unset or malformed. */
const rate = (fallback: number) =>
  z.pipe(
    z.optional(z.unknown()),
    z.transform((value) => {
      const parsed = Number.parseFloat(typeof value === "string" ? value : "");
      return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
    }),
  );

const DEFAULT_LOOKUP_REFRESH_AFTER_SECONDS = 6 * 60 * 60;
const DEFAULT_UPSTREAM_TIMEOUT_MS = 4000;
const DEFAULT_CREATORS_CREDENTIAL_VERSION = "3.1";
const DEFAULT_SITE_URL = "https://ranklayer.com";
/** The monthly lookup quota is the Free plan's (a plan without a cap never runs out). */
export const DEFAULT_LOOKUP_LIMITS = { perMinute: 30, perMonth: FREE_PLAN.lookupsPerMonth ?? Number.MAX_SAFE_INTEGER };
/** Amazon's documented starting quota for Associates: 1 Creators API request per second. */
export const DEFAULT_SNAPSHOT_REQUESTS_PER_SECOND = 1;

/** An optional integer var of at least `min`: undefined when unset or malformed. */
const optionalInt = (min = 1) =>
  z.pipe(
    z.optional(z.unknown()),
    z.transform((value) => {
      const parsed = Number.parseInt(typeof value === "string" ? value : "", 10);
      return Number.isFinite(parsed) && parsed >= min ? parsed : undefined;
    }),
  );

/** History shards bound in wrangler.toml (HISTORY_0 …) and used: raise with a re-shard (README). */
export const DEFAULT_HISTORY_SHARDS = 4;
/** Days of history kept in D1; older whole months live in the R2 archive. */
export const DEFAULT_HISTORY_HOT_DAYS = 120;

const varsSchema = z.object({
  APP_VERSION: text,
  SITE_URL: text,
  SESSION_SECRET: text,
  TOKEN_ENCRYPTION_KEYS: text,
  DEMO_MODE: text,
  LOOKUP_LIMIT_PER_MINUTE: int(DEFAULT_LOOKUP_LIMITS.perMinute),
  LOOKUP_LIMIT_PER_MONTH: int(DEFAULT_LOOKUP_LIMITS.perMonth),
  LOOKUP_REFRESH_AFTER_SECONDS: int(DEFAULT_LOOKUP_REFRESH_AFTER_SECONDS, 0),
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
});
type Vars = z.infer<typeof varsSchema>;

export interface CreatorsConfig {
  credentialId: string;
  credentialSecret: string;
  /** Credential version from Associates Central, e.g. "3.1"; picks the token endpoint. */
  version: string;
  partnerTag: string;
  /** Replaces https://creatorsapi.amazon when set (tests, benchmark). */
  apiBaseUrl?: string;
  /** Replaces the version's token endpoint when set (tests, benchmark). */
  authUrl?: string;
  /** Bound on one getItems call, token grant included. */
  timeoutMs: number;
}

/** The SP-API application: its Login with Amazon client and the id named in the consent URL. */
export interface SellingPartnerConfig {
  clientId: string;
  clientSecret: string;
  applicationId: string;
  /** The app is still a draft: the consent URL carries version=beta. */
  draftApp: boolean;
}

/** A send_email binding and the sender it sends from. */
export interface AlertEmailConfig {
  binding: SendEmail;
  from: string;
}

export interface ContactEmailConfig extends AlertEmailConfig {
  to: string;
}

/** The Creators API's credential regions: the SP-API regions, with the same marketplaces. */
export type CreatorsRegion = SellerRegion;
export const CREATORS_REGIONS: readonly CreatorsRegion[] = ["na", "eu", "fe"];

/** One region's Creators API access: its config, or null (labelled mock) and why. */
export interface CreatorsRegionConfig {
  config: CreatorsConfig | null;
  /** Set when variables for the region are present but unusable (shown on /status, never a secret). */
  problem?: string;
}

export interface Config {
  vars: Vars;
  /**
   * A Creators API config of some region (NA first), or null when no region has credentials.
   * Only "is any live data configured"; calls must use creatorsConfigFor(env, marketplace).
   */
  creators: CreatorsConfig | null;
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
}

const parsed = new WeakMap<object, Config>();

/** The configuration of `env`, parsed on first use and kept for as long as `env` lives. */
export function configOf(env: Partial<Bindings>): Config {
  let config = parsed.get(env);
  if (!config) {
    config = parseConfig(env);
    parsed.set(env, config);
  }
  return config;
}

/** The region whose token endpoint a credential version names (Associates Central issues one per region). */
const VERSION_REGION: Readonly<Record<string, CreatorsRegion>> = {
  "2.1": "na", "3.1": "na", "2.2": "eu", "3.2": "eu", "2.3": "fe", "3.3": "fe",
};
const REGION_DEFAULT_VERSION: Record<CreatorsRegion, string> = { na: "3.1", eu: "3.2", fe: "3.3" };

/**
 * Each region's credentials: its own CREATORS_<REGION>_* variables, or else the single-credential
 * CREATORS_* variables for the one region their version names (3.1/2.1, the default, is NA), so an
 * existing deployment keeps working without ever sending a US tag to the UK store.
 */
function creatorsRegionsOf(vars: Vars): Record<CreatorsRegion, CreatorsRegionConfig> {
  const legacyVersion = vars.CREATORS_CREDENTIAL_VERSION ?? DEFAULT_CREATORS_CREDENTIAL_VERSION;
  const legacyRegion = VERSION_REGION[legacyVersion] ?? "na";
  const entries = CREATORS_REGIONS.map((region): [CreatorsRegion, CreatorsRegionConfig] => {
    const prefix = `CREATORS_${region.toUpperCase()}_`;
    const read = (name: string) => vars[`${prefix}${name}` as keyof Vars] as string | undefined;
    const own = { id: read("CREDENTIAL_ID"), secret: read("CREDENTIAL_SECRET"), tag: read("PARTNER_TAG"), version: read("CREDENTIAL_VERSION") };
    // A version alone (as in .dev.vars.example) configures nothing.
    const anyOwn = [own.id, own.secret, own.tag].some((value) => value !== undefined);
    const chosen = anyOwn
      ? { ...own, version: own.version ?? REGION_DEFAULT_VERSION[region] }
      : legacyRegion === region
        ? { id: vars.CREATORS_CREDENTIAL_ID, secret: vars.CREATORS_CREDENTIAL_SECRET, tag: vars.CREATORS_PARTNER_TAG, version: legacyVersion }
        : null;
    if (!chosen || (!anyOwn && !(chosen.id && chosen.secret && chosen.tag))) return [region, { config: null }];
    const missing = (["CREDENTIAL_ID", "CREDENTIAL_SECRET", "PARTNER_TAG"] as const).filter(
      (name) => !{ CREDENTIAL_ID: chosen.id, CREDENTIAL_SECRET: chosen.secret, PARTNER_TAG: chosen.tag }[name],
    );
    if (missing.length) return [region, { config: null, problem: `${missing.map((name) => prefix + name).join(", ")} unset` }];
    const versionRegion = VERSION_REGION[chosen.version];
    if (versionRegion !== undefined && versionRegion !== region) {
      return [region, { config: null, problem: `credential version ${chosen.version} belongs to ${versionRegion.toUpperCase()}, not ${region.toUpperCase()}` }];
    }
    return [
      region,
      {
        config: {
          credentialId: chosen.id!,
          credentialSecret: chosen.secret!,
          partnerTag: chosen.tag!,
          version: chosen.version,
          // Unset means Amazon's real endpoints.
          apiBaseUrl: vars.CREATORS_API_BASE_URL,
          authUrl: vars.CREATORS_AUTH_URL,
          timeoutMs: vars.UPSTREAM_TIMEOUT_MS,
        },
      },
    ];
  });
  return Object.fromEntries(entries) as Record<CreatorsRegion, CreatorsRegionConfig>;
}

function parseConfig(env: Partial<Bindings>): Config {
  const vars = varsSchema.parse(env);
  const creatorsRegions = creatorsRegionsOf(vars);
  const creators = CREATORS_REGIONS.map((region) => creatorsRegions[region].config).find((config) => config !== null) ?? null;
  const sellingPartner =
    vars.LWA_CLIENT_ID && vars.LWA_CLIENT_SECRET && vars.SPAPI_APPLICATION_ID
      ? {
          clientId: vars.LWA_CLIENT_ID,
          clientSecret: vars.LWA_CLIENT_SECRET,
          applicationId: vars.SPAPI_APPLICATION_ID,
          draftApp: vars.SPAPI_DRAFT_APP === "true",
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
    alertsPageUrl: alertsPage(vars.SITE_URL),
  };
}

function alertsPage(siteUrl: string | undefined): string {
  try {
    return new URL("/alerts", siteUrl ?? DEFAULT_SITE_URL).href;
  } catch {
    return new URL("/alerts", DEFAULT_SITE_URL).href;
  }
}

// The questions other modules ask, by name.
export const creatorsConfigFromEnv = (env: Partial<Bindings>) => configOf(env).creators;
/** The Creators API config serving `marketplace`, or null: that region runs on the labelled mock. */
export const creatorsConfigFor = (env: Partial<Bindings>, marketplace: Marketplace) =>
  configOf(env).creatorsRegions[MARKETPLACES[marketplace].region].config;
export const isSellingPartnerApiConfigured = (env: Partial<Bindings>) => configOf(env).sellingPartner !== null;
export const isSellerSignInReady = (env: Partial<Bindings>) => configOf(env).sellerSignInReady;
export const isDemoSignInAvailable = (env: Partial<Bindings>) => configOf(env).demoSignInAvailable;
export const alertEmailConfig = (env: Partial<Bindings>) => configOf(env).alertEmail;
export const contactEmailConfig = (env: Partial<Bindings>) => configOf(env).contactEmail;
export const alertsPageUrl = (env: Partial<Bindings>) => configOf(env).alertsPageUrl;
