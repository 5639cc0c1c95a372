import type { Context, MiddlewareHandler } from "hono";
import { configOf, type Config } from "./config";
import type { AppEnv, Bindings } from "./env";

/**
 * The composition root: everything a request, a cron run or an alarm needs, built from `env`
 * in one place. Handlers and jobs take what they need from here instead of reading `env`
 * configuration themselves. Bindings (DB, KV, Durable Object namespaces) stay on `env`.
 */
export interface Services {
  readonly env: Bindings;
  readonly config: Config;
}

/** Builds the services of one request or one scheduled run. Cheap: clients are built lazily. */
export function buildServices(env: Bindings): Services {
  return { env, config: configOf(env) };
}

/** Middleware: `c.var.services` for every /api request. */
export const servicesMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("services", buildServices(c.env));
  await next();
};

export const servicesOf = (c: Context<AppEnv>): Services => c.var.services;
