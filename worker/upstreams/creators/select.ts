import type { Bindings } from "../../env";
import { CREATORS_REGIONS, configOf, creatorsConfigFor } from "../../config";
import type { Marketplace } from "../../contract/marketplaces";
import { CreatorsProductSource } from "./client";
import { MockProductSource } from "./mock";
import type { ItemOutcome, ProductSource } from "./product-source";

/**
 * The product source for `marketplace`: the Creators API with the credentials, version and
 * partner tag of the marketplace's region, or the labelled mock when that region has none.
 *
 * Without a marketplace: one source for every marketplace, live only when every region has
 * credentials and otherwise the mock throughout, because a source has one `kind` and mock data
 * must never be labelled live. Pass the marketplace wherever it is known.
 */
export function productSourceFor(env: Bindings, marketplace?: Marketplace): ProductSource {
  if (marketplace) {
    const config = creatorsConfigFor(env, marketplace);
    return config ? new CreatorsProductSource(config) : new MockProductSource();
  }
  const regions = configOf(env).creatorsRegions;
  return CREATORS_REGIONS.every((region) => regions[region].config !== null) ? new RegionalProductSource(env) : new MockProductSource();
}

/** Every region live: each call goes to its marketplace's regional source. */
class RegionalProductSource implements ProductSource {
  readonly kind = "live";
  private readonly sources = new Map<Marketplace, ProductSource>();

  constructor(private readonly env: Bindings) {}

  getItems(asins: readonly string[], marketplace: Marketplace): Promise<Map<string, ItemOutcome>> {
    let source = this.sources.get(marketplace);
    if (!source) {
      source = productSourceFor(this.env, marketplace);
      this.sources.set(marketplace, source);
    }
    return source.getItems(asins, marketplace);
  }
}

/** Whether lookups in `marketplace` get live data (its region has Creators credentials). */
export function isLiveMarketplace(env: Bindings, marketplace: Marketplace): boolean {
  return creatorsConfigFor(env, marketplace) !== null;
}
