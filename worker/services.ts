import type { Context, MiddlewareHandler } from "hono";
import { configOf, type Config } from "./config";
import type { AppEnv, Bindings } from "./env";
import { recordLookupSnapshot } from "./history/lookup-snapshot";
import { LookupCache } from "./lookup/cache";
import { createLookups, type Lookups } from "./lookup/lookup-use-case";
import { peekLookup, takeLookup } from "./ratelimit/lookup-limit";
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

/** Builds the services of one request or one scheduled run. Cheap: clients are built lazily. */
export function buildServices(env: Bindings): Services {
  const config = configOf(env);
  const lookups = createLookups({
    db: env.DB,
    config,
    source: (marketplace) => productSourceFor(env, marketplace),
    cache: () => new LookupCache(env.LOOKUP_CACHE),
    recordPoint: (ctx, lookup) => recordLookupSnapshot(env, ctx, lookup),
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

export const servicesOf = (c: Context<AppEnv>): Services => c.var.services;
