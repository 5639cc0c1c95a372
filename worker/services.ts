import type { Context, MiddlewareHandler } from "hono";
import { configOf, type Config } from "./config";
import type { AppEnv, Bindings } from "./env";
import { recordLookupSnapshot } from "./history/lookup-snapshot";
import { LookupCache } from "./lookup/cache";
import { createLookups, type Lookups } from "./lookup/lookup-use-case";
import { peekLookup, takeLookup } from "./ratelimit/lookup-limit";
import { MockProductSource } from "./upstreams/creators/mock";
import { productSourceFor } from "./upstreams/creators/select";

/**
 * The composition root: everything a request, a cron run or an alarm needs, built from `env`
 * in one place. Handlers and jobs take what they need from here instead of reading `env`
 * configuration themselves. Bindings (DB, KV, Durable Object namespaces) stay on `env`.
 */
export interface Services {
  readonly env: Bindings;
  readonly config: Config;
  /** The one lookup use case: quota, cache, source, log and history point (lookup, compare, exports). */
  readonly lookups: Lookups;
}

/**
 * Builds the services of one request or one scheduled run. Cheap: clients are built lazily.
 * `sampleDataOnly`: lookups answer from the labelled mock and keep no history point (a demo
 * account's API key, which must never reach the live product API).
 */
export function buildServices(env: Bindings, options: { sampleDataOnly?: boolean } = {}): Services {
  const config = configOf(env);
  const sample = options.sampleDataOnly ? new MockProductSource() : null;
  const lookups = createLookups({
    db: env.DB,
    config,
    source: (marketplace) => sample ?? productSourceFor(env, marketplace),
    cache: () => new LookupCache(env.LOOKUP_CACHE),
    recordPoint: (ctx, lookup) => (sample ? undefined : recordLookupSnapshot(env, ctx, lookup)),
    take: (client) => takeLookup(env, client),
    peek: (client) => peekLookup(env, client),
  });
  return { env, config, lookups };
}

/** Middleware: `c.var.services` for every /api request. */
export const servicesMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("services", buildServices(c.env));
  await next();
};

/**
 * Middleware after the key middleware: a demo account calling with an API key gets lookups on
 * the labelled sample data only (no history point), so nobody can script the live product API
 * through "Continue with Demo".
 */
export const demoKeysUseSampleData: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get("apiKey") && c.get("account")?.user.isDemo) c.set("services", buildServices(c.env, { sampleDataOnly: true }));
  await next();
};

export const servicesOf = (c: Context<AppEnv>): Services => c.var.services;
