import type { Context, MiddlewareHandler } from "hono";
import { configOf, type Config } from "./config";
import type { AppEnv, Bindings } from "./env";
import type { Billing } from "./upstreams/stripe/billing";
import { billingFor } from "./upstreams/stripe/select";

/**
 * The composition root: everything a request, a cron run or an alarm needs, built from `env`
 * in one place. Handlers and jobs take what they need from here instead of reading `env`
 * configuration themselves. Bindings (DB, KV, Durable Object namespaces) stay on `env`.
 */
export interface Services {
  readonly env: Bindings;
  readonly config: Config;
  /** Stripe, or the labelled mock when STRIPE_SECRET_KEY is unset; built on first use. */
  readonly billing: Billing;
}

/** Builds the services of one request or one scheduled run. Cheap: clients are built lazily. */
export function buildServices(env: Bindings): Services {
  let billing: Billing | undefined;
  return {
    env,
    config: configOf(env),
    get billing() {
      return (billing ??= billingFor(env));
    },
  };
}

/** Middleware: `c.var.services` for every /api request. */
export const servicesMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("services", buildServices(c.env));
  await next();
};

export const servicesOf = (c: Context<AppEnv>): Services => c.var.services;
