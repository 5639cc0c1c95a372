import type { Context, MiddlewareHandler } from "hono";
import { configOf, type Config, type CreatorsConfig, type Deployment } from "./config";
import { LOOKUP_MARKETPLACES, MARKETPLACES, type Marketplace } from "./contract/marketplaces";
import { creatorsConfigOfMarketplace } from "./shared/creators-regions";
import type { AppEnv, Bindings } from "./env";
import { historyShardsOf, type HistoryShards } from "./history/shard-store";
import { recordLookupPoint } from "./history/lookup-point";
import { planOfAccount } from "./billing/user-plan";
import { FREE_PLAN } from "./contract/plans";
import { LookupCache } from "./lookup/cache";
import { createLookups, type Lookups } from "./lookup/lookup-use-case";
import { quotaOf, type Quota } from "./ratelimit/quota";
import type { ConnectionRecord } from "./connections/connection-store";
import type { UserRecord } from "./accounts/user-store";
import { durableBudget, unlimitedBudget, type BudgetClient } from "./upstreams/budget/budget-client";
import { creatorsBucket } from "./upstreams/budget/token-bucket";
import { BudgetedProductSource, type BudgetClock } from "./upstreams/creators/budgeted";
import { MockProductSource } from "./upstreams/creators/mock";
import type { CreatorsProductSource } from "./upstreams/creators/client";
import type { ProductSource } from "./upstreams/creators/product-source";
import { RegionalProductSource } from "./upstreams/creators/regional";
import { bindingEmailSender, type EmailSender } from "./upstreams/email/sender";
import { attentiveEmailSender } from "./attention/email-sender-attention";
import { backgroundOf, type Background } from "./shared/background";
import { onFirstUse } from "./shared/on-first-use";
import { SellerApiError, type SellerApi } from "./upstreams/spapi/seller-api";
import type { Billing } from "./upstreams/stripe/billing";
import { StripeBilling } from "./upstreams/stripe/client";
import { MockBilling } from "./upstreams/stripe/mock";
import { fetchWebhookSender, type WebhookSender } from "./upstreams/webhook/sender";

/**
 * The composition root: everything a request, a cron run or an alarm needs, built from `env`
 * in one place: the services middleware builds them per request, the cron handler (index.ts)
 * per run, each Durable Object per alarm. Only this file reads `env` configuration (the layout
 * check allows the Durable Object classes too); handlers, jobs and domain code take what they
 * need from here.
 * Bindings (DB, KV, Durable Object namespaces) stay on `env`.
 */
export interface Services extends Deployment {
  /** The one lookup use case: quota, cache, source, log and history point (lookup, compare, exports). */
  readonly lookups: Lookups;
  /** The upstreams, each chosen here: live when configured, otherwise the labelled mock. */
  readonly sources: Sources;
  /** The rate limits (one window limiter: lookups, API keys, exports, contact, demo, webhook tests). */
  readonly quota: Quota;
  /** The 24-hour lookup cache in KV, with this isolate's hot entries. */
  readonly lookupCache: LookupCache;
  /** The history shards (D1) and archive (R2), laid out as HISTORY_SHARDS says. */
  readonly history: HistoryShards;
}

/** How much slower than its TPS a credential's calls are paced (BucketLimits.headroom): 50 ms at 1 TPS. */
export const CREATORS_RATE_HEADROOM = 0.05;

/** The nightly run's sources: batch tokens it takes itself, and each region's source. */
export interface NightlyRunSources {
  sourceFor: (marketplace: Marketplace) => ProductSource;
  budgetOf: (marketplace: Marketplace) => BudgetClient;
}

export interface Sources {
  /**
   * The product source for `marketplace`: the Creators API with its region's credentials, or
   * the labelled mock when that region has none. Interactive callers (lookups, compares,
   * exports) take a token of the credential's shared budget first, waiting no longer than the
   * upstream timeout. Without a marketplace: one source for all, live only when every region
   * is (a source has one `kind`, and mock data must never be labelled live).
   */
  product(marketplace?: Marketplace): ProductSource;
  /** The nightly run's for `day`: it takes batch tokens itself; each source only reports 429s to its budget. */
  nightlyRun(clock: BudgetClock, day: string): NightlyRunSources;
  /** The budget of the credential serving `marketplace` (one bucket per region and credential id). */
  creatorsBudget(marketplace: Marketplace): BudgetClient;
  /** Whether lookups in `marketplace` get live data. */
  isLive(marketplace: Marketplace): boolean;
  /** A signed-in account's seller data: the mock for a demo account, SP-API for a connected seller. */
  seller(user: UserRecord): Promise<SellerApi>;
  /**
   * One seller connection's data: the mock for a demo connection (describing `day`, a nightly
   * run's own; today without it), SP-API for a connected one (403 without a token).
   */
  sellerConnection(connection: ConnectionRecord, day?: string): Promise<SellerApi>;
  /** Stripe when its secret key is set, otherwise the labelled mock. */
  billing(): Billing;
  /** Alert emails and weekly reports: the ALERT_EMAIL binding, or null when email is not set up. */
  alertEmail(): EmailSender | null;
  /** Contact-form notifications: the CONTACT_EMAIL binding, or null. */
  contactEmail(): EmailSender | null;
  webhooks: WebhookSender;
}

/**
 * Builds the services of one request or one scheduled run. Cheap: clients are built when asked for.
 * `background` is a request's waitUntil (leases renewed before they run out need it).
 */
export function buildServices(env: Bindings, options: { sampleDataOnly?: boolean; background?: Background } = {}): Services {
  const config = configOf(env);
  const sources = sourcesOf(env, config);
  const quota = quotaOf(env, config, options.background);
  const lookupCache = new LookupCache(env.LOOKUP_CACHE);
  const history = historyShardsOf(env, config);
  // A demo account on a key or on demo Pro (demoUsesSampleData): the labelled mock, and no history point from it.
  const sample = options.sampleDataOnly ? new MockProductSource() : null;
  const lookups = createLookups({
    db: env.DB,
    config,
    source: (marketplace) => sample ?? sources.product(marketplace),
    cache: () => lookupCache,
    recordPoint: (ctx, lookup) => (sample ? undefined : recordLookupPoint(history, ctx, lookup)),
    take: (client) => quota.takeLookup(client),
    peek: (client) => quota.peekLookup(client),
    giveBack: (client, amount) => quota.giveBackLookup(client, amount),
  });
  return { env, config, sources, quota, lookupCache, history, lookups };
}

// The upstream clients load on first use: a cached lookup, most of the traffic, needs none of them,
// so a cold start does not parse them (docs/adr/0012-split-worker-build.md).
const creatorsClient = onFirstUse(() => import("./upstreams/creators/client"));
const connectedSellerApi = onFirstUse(() => import("./seller/connected-seller-api"));
const mockSellerApi = onFirstUse(() => import("./upstreams/spapi/mock"));

/** The Creators API client of `creators`, loaded with its first call (a cached lookup makes none). */
function creatorsSource(creators: CreatorsConfig): ProductSource {
  let client: Promise<CreatorsProductSource> | undefined;
  const loaded = () => (client ??= Promise.resolve(creatorsClient()).then(({ CreatorsProductSource }) => new CreatorsProductSource(creators)));
  return {
    kind: "live",
    async getItems(asins, marketplace, options) {
      return (await loaded()).getItems(asins, marketplace, options);
    },
    async ready(options) {
      await (await loaded()).ready(options);
    },
  };
}

function sourcesOf(env: Bindings, config: Config): Sources {
  const { vars } = config;
  const limits = { ratePerSecond: vars.CREATORS_REQUESTS_PER_SECOND, burst: vars.CREATORS_BURST, headroom: CREATORS_RATE_HEADROOM };
  // The region's credential with this store's own partner tag (or the region's fallback); null: the labelled mock.
  const creatorsOf = (marketplace: Marketplace) => creatorsConfigOfMarketplace(config.creatorsRegions, marketplace);
  const creatorsBudget = (marketplace: Marketplace): BudgetClient => {
    const creators = creatorsOf(marketplace);
    // A region on the labelled mock has no quota to share.
    return creators ? durableBudget(env, creatorsBucket(MARKETPLACES[marketplace].region, creators.credentialId), limits) : unlimitedBudget;
  };
  const product = (marketplace?: Marketplace): ProductSource => {
    if (!marketplace) {
      const allLive = LOOKUP_MARKETPLACES.every((market) => creatorsOf(market) !== null);
      return allLive ? new RegionalProductSource(product) : new MockProductSource();
    }
    const creators = creatorsOf(marketplace);
    if (!creators) return new MockProductSource();
    return new BudgetedProductSource(creatorsSource(creators), creatorsBudget, { mode: "interactive", maxWaitMs: creators.timeoutMs });
  };
  const nightlyRun = (clock: BudgetClock, day: string): NightlyRunSources => {
    const sources = new Map<Marketplace, ProductSource>();
    const sourceFor = (marketplace: Marketplace) => {
      let source = sources.get(marketplace);
      if (!source) {
        const creators = creatorsOf(marketplace);
        source = creators
          ? new BudgetedProductSource(creatorsSource(creators), creatorsBudget, { mode: "prepaid", maxWaitMs: 0, clock })
          : new MockProductSource(day);
        sources.set(marketplace, source);
      }
      return source;
    };
    return { sourceFor, budgetOf: creatorsBudget };
  };
  return {
    product,
    nightlyRun,
    creatorsBudget,
    isLive: (marketplace) => creatorsOf(marketplace) !== null,
    seller: async (user) => {
      if (user.isDemo) return new (await mockSellerApi()).MockSellerApi(user.sellingPartnerId);
      return (await connectedSellerApi()).sellerApiFor({ env, config }, user);
    },
    sellerConnection: async (connection, day) => {
      if (connection.status === "demo") return new (await mockSellerApi()).MockSellerApi(connection.sellingPartnerId, day);
      const { refreshTokenCiphertext, keyId, grantedAt } = connection;
      if (connection.status !== "connected" || !refreshTokenCiphertext || !keyId || !grantedAt) {
        throw new SellerApiError(403, `Seller connection "${connection.name}" is disconnected. Reconnect it in Settings → Connection Status.`);
      }
      return (await connectedSellerApi()).sellerApiForConnection({ env, config }, { ...connection, refreshTokenCiphertext, keyId, grantedAt });
    },
    billing: () => (config.stripe ? new StripeBilling(config.stripe) : new MockBilling()),
    // Each tells /status when Email Service refuses its sending address (attention/email-sender-attention.ts).
    alertEmail: () =>
      config.alertEmail ? attentiveEmailSender(bindingEmailSender(config.alertEmail.binding), env.DB, { address: config.alertEmail.from, setting: "ALERT_EMAIL_FROM" }) : null,
    contactEmail: () =>
      config.contactEmail ? attentiveEmailSender(bindingEmailSender(config.contactEmail.binding), env.DB, { address: config.contactEmail.from, setting: "CONTACT_EMAIL_FROM" }) : null,
    webhooks: fetchWebhookSender,
  };
}

/** Middleware: `c.get("services")` for every /api request. */
export const servicesMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("services", buildServices(c.env, { background: backgroundOf(c) }));
  await next();
};

/**
 * Middleware after the key and session middleware: a demo account calling with an API key, or
 * on its demo Pro plan, gets lookups on the labelled sample data only (no history point), so
 * nobody can script the live product API, or use it beyond the Free limits, through
 * "Continue with Demo". A demo account on Free looks up like an anonymous visitor.
 */
export const demoUsesSampleData: MiddlewareHandler<AppEnv> = async (c, next) => {
  const account = c.get("account");
  if (account?.user.isDemo && (c.get("apiKey") || (await planOfAccount(c.env.DB, account)).id !== FREE_PLAN.id)) {
    c.set("services", buildServices(c.env, { sampleDataOnly: true, background: backgroundOf(c) }));
  }
  await next();
};

export const servicesOf = (c: Context<AppEnv>): Services => c.get("services");
