import type { Marketplace } from "../contract/marketplaces";
import type { Sources } from "../services";
import { MockProductSource } from "../upstreams/creators/mock";
import type { ProductSource } from "../upstreams/creators/product-source";

/**
 * The product source of a refresh ("Refresh now", the hourly and 6-hourly extra refresh) for
 * one account: a demo account's ASINs never reach the live upstream (its demo Pro is sample
 * data only, and one demo refresh must not take the budget other visitors' lookups wait on).
 */
export function refreshSourceFor(sources: Pick<Sources, "product">, account: { isDemo: boolean }): (marketplace: Marketplace) => ProductSource {
  if (account.isDemo) {
    const mock = new MockProductSource();
    return () => mock;
  }
  return (marketplace) => sources.product(marketplace);
}
