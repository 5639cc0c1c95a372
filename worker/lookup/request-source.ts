import type { Context } from "hono";
import type { Marketplace } from "../contract/marketplaces";
import type { AppEnv } from "../env";
import { MockProductSource } from "../upstreams/creators/mock";
import type { ProductSource } from "../upstreams/creators/product-source";
import { productSourceFor } from "../upstreams/creators/select";

/**
 * The product source a request's lookups use: a demo account's API key gets the labelled
 * sample data only, so nobody can script the live product API through "Continue with Demo".
 */
export function productSourceForRequest(c: Context<AppEnv>, marketplace: Marketplace): ProductSource {
  if (isDemoKeyRequest(c)) return new MockProductSource();
  return productSourceFor(c.env, marketplace);
}

/** A demo account calling with an API key: its sample answers are never kept as rank history. */
export function isDemoKeyRequest(c: Context<AppEnv>): boolean {
  return Boolean(c.get("apiKey") && c.get("account")?.user.isDemo);
}
