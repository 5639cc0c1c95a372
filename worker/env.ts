import type { Plan } from "./contract/plans";
import type { WorkspaceRole } from "./contract/workspaces";
import type { users } from "./db/schema";
import type { Services } from "./services";

/** The workspace a request acts in, and the caller's role there (checked on every request). */
export interface CurrentWorkspace {
  id: string;
  name: string;
  role: WorkspaceRole;
  /**
   * The workspace's plan as the request's session read it with the membership (the same D1 query),
   * or as its API key's cached record has it, so a request that needs it reads nothing more;
   * absent when the request switched workspace.
   */
  plan?: Plan;
}

/**
 * A request's signed-in account: the D1 session row that backs it, its user (the person), and
 * the workspace it acts in (whose data every store call names). For an API key, the user is
 * the member who made the key and the workspace is the key's.
 */
export interface SignedInAccount {
  sessionId: string;
  user: typeof users.$inferSelect;
  workspace: CurrentWorkspace;
  /** When this browser's person last signed in or re-verified (ISO): sensitive actions need it recent. */
  verifiedAt: string;
}

/**
 * Secrets are set with `wrangler secret put` (or .dev.vars locally) and are absent
 * until an operator adds them, so they are optional here; `Env` itself comes from
 * `wrangler types`.
 */
export interface Secrets {
  /** Creators API credential id, secret and version (from Associates Central). */
  CREATORS_CREDENTIAL_ID?: string;
  CREATORS_CREDENTIAL_SECRET?: string;
  CREATORS_CREDENTIAL_VERSION?: string;
  /** The Associates partner tag sent with every Creators API request. */
  CREATORS_PARTNER_TAG?: string;
  /** Per-region Creators API credentials, version and partner tag (NA: US, CA, MX; EU: UK, DE, FR, IT, ES; FE: JP). */
  CREATORS_NA_CREDENTIAL_ID?: string;
  CREATORS_NA_CREDENTIAL_SECRET?: string;
  CREATORS_NA_CREDENTIAL_VERSION?: string;
  CREATORS_NA_PARTNER_TAG?: string;
  CREATORS_EU_CREDENTIAL_ID?: string;
  CREATORS_EU_CREDENTIAL_SECRET?: string;
  CREATORS_EU_CREDENTIAL_VERSION?: string;
  CREATORS_EU_PARTNER_TAG?: string;
  CREATORS_FE_CREDENTIAL_ID?: string;
  CREATORS_FE_CREDENTIAL_SECRET?: string;
  CREATORS_FE_CREDENTIAL_VERSION?: string;
  CREATORS_FE_PARTNER_TAG?: string;
  /**
   * Per-store Associates tags (an Associates tag belongs to one store: …-20 amazon.com, …-21
   * amazon.co.uk, …): each wins over its region's CREATORS_<REGION>_PARTNER_TAG.
   */
  CREATORS_US_PARTNER_TAG?: string;
  CREATORS_CA_PARTNER_TAG?: string;
  CREATORS_MX_PARTNER_TAG?: string;
  CREATORS_UK_PARTNER_TAG?: string;
  CREATORS_DE_PARTNER_TAG?: string;
  CREATORS_FR_PARTNER_TAG?: string;
  CREATORS_IT_PARTNER_TAG?: string;
  CREATORS_ES_PARTNER_TAG?: string;
  CREATORS_JP_PARTNER_TAG?: string;
  /** Login with Amazon client of the SP-API application (Developer Central). */
  LWA_CLIENT_ID?: string;
  LWA_CLIENT_SECRET?: string;
  /** The SP-API application id (amzn1.sp.solution.…) named in the consent URL. */
  SPAPI_APPLICATION_ID?: string;
  /** Signs session tokens and OAuth state. */
  SESSION_SECRET?: string;
  /** Refresh-token encryption keys, newest first: "kid:base64-32-bytes,kid2:…". */
  TOKEN_ENCRYPTION_KEYS?: string;
  /** Stripe secret key (sk_test_…/sk_live_…); unset means billing mock mode. */
  STRIPE_SECRET_KEY?: string;
  /** Signing secret (whsec_…) of the webhook endpoint, or of `stripe listen`. */
  STRIPE_WEBHOOK_SECRET?: string;
  /** The Pro plan's monthly Price id (price_…). */
  STRIPE_PRICE_PRO?: string;
  STRIPE_PRICE_AGENCY?: string;
}

/**
 * Vars and bindings a deployment may leave out (documented, commented out, in
 * wrangler.toml), so `wrangler types` cannot see them.
 */
export interface OptionalConfig {
  /** Overrides the Free plan's monthly lookup quota (worker/contract/plans.ts) for one deployment. */
  LOOKUP_LIMIT_PER_MONTH?: string;
  /** send_email binding for contact-form notifications; its destination_address receives them. */
  CONTACT_EMAIL?: SendEmail;
  /** Sender of those notifications: an address on a domain with Email Routing enabled. */
  CONTACT_EMAIL_FROM?: string;
  /** Recipient of those notifications: the binding's destination_address. */
  CONTACT_EMAIL_TO?: string;
  /** Optional ceiling on the 02:00 snapshot run's calls per second (commented out in wrangler.toml). */
  SNAPSHOT_REQUESTS_PER_SECOND?: string;
  /** Set only while a re-shard of rank history runs: the previous HISTORY_SHARDS. */
  HISTORY_RESHARD_FROM?: string;
  /** Overrides the plans' hourly API key limit for one deployment, e.g. the benchmark. */
  API_REQUESTS_PER_HOUR?: string;
  /** The site's origin for links in alert emails and webhooks; https://ranklayer.com when unset. */
  SITE_URL?: string;
  /** New demo accounts one client address may create an hour (default 5; raised for tests). */
  DEMO_ACCOUNTS_PER_HOUR?: string;
  /** Webhook tests one account may send an hour (default 10). */
  WEBHOOK_TESTS_PER_HOUR?: string;
  /** Replaces https://api.stripe.com (a fake Stripe in tests): scheme, host and optional port. */
  STRIPE_API_BASE_URL?: string;
  /** Replaces https://api.amazon.com/auth/o2/token (a fake LWA in browser tests). */
  LWA_TOKEN_URL?: string;
}

export type Bindings = Env & Secrets & OptionalConfig;

export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    /** The signed-in account of this request, set by the session middleware; null when anonymous. */
    account: SignedInAccount | null;
    /** Set when the request authenticated with an API key (Authorization: Bearer rl_live_…); unset otherwise. */
    apiKey?: { id: string };
    /** This request's services (worker/services.ts), set before any route runs. */
    services: Services;
  };
}

