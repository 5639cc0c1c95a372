import type { Marketplace } from "../contract/marketplaces";
import type { Bindings } from "../env";
import { MockProductSource } from "../upstreams/creators/mock";
import type { ProductSource } from "../upstreams/creators/product-source";
import { productSourceFor } from "../upstreams/creators/select";

/**
 * The product source of a refresh ("Refresh now", the hourly and 6-hourly extra refresh) for
 * one account: a demo account's ASINs never reach the live upstream (its demo Pro is sample
 * data only, and one demo refresh must not take the budget other visitors' lookups wait on).
 */
export function refreshSourceFor(env: Bindings, account: { isDemo: boolean }): (marketplace: Marketplace) => ProductSource {
  if (account.isDemo) {
    const mock = new MockProductSource();
    return () => mock;
  }
  return (marketplace) => productSourceFor(env, marketplace);
}
