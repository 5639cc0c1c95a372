import type { Marketplace } from "../../contract/marketplaces";
import type { ItemOutcome, ProductSource } from "./product-source";

/** Every region live: each call goes to its marketplace's regional source. */
export class RegionalProductSource implements ProductSource {
  readonly kind = "live";
  private readonly sources = new Map<Marketplace, ProductSource>();

  constructor(private readonly sourceOf: (marketplace: Marketplace) => ProductSource) {}

  getItems(asins: readonly string[], marketplace: Marketplace): Promise<Map<string, ItemOutcome>> {
    let source = this.sources.get(marketplace);
    if (!source) {
      source = this.sourceOf(marketplace);
      this.sources.set(marketplace, source);
    }
    return source.getItems(asins, marketplace);
  }
}
