import { mockProduct } from "../lookup/mock-source";
import type { AccountMarketplace } from "../schemas/account";
import type { CatalogItem, SellerApi } from "./seller-api";

/**
 * The demo account's Amazon: deterministic items built from the same generator as the
 * free lookup's mock, so an ASIN looks alike on both screens. Always labelled "mock".
 */
export class MockSellerApi implements SellerApi {
  readonly kind = "mock";

  async getCatalogItem(asin: string, marketplace: AccountMarketplace): Promise<CatalogItem> {
    const product = mockProduct(asin, marketplace);
    const [topCategory] = product.categoryPath;
    const leafCategory = product.categoryPath.at(-1);
    const rank = product.rank ?? 1;
    return {
      asin,
      title: product.title ?? `Product ${asin}`,
      salesRanks: [
        ...(topCategory ? [{ categoryTitle: topCategory, rank }] : []),
        // A sub-category rank is never worse than the top-level one.
        ...(leafCategory && leafCategory !== topCategory
          ? [{ categoryTitle: leafCategory, rank: Math.max(1, Math.round(rank / 40)) }]
          : []),
      ],
    };
  }
}
