import { mockCategoryRanks, mockProduct, seededRandom } from "../creators/mock";
import type { AccountMarketplace } from "../../contract/account";
import type { BuyBoxState, CatalogItem, DailySales, SellerApi } from "./seller-api";

/** The Buy Box winner the mock names when the demo seller does not hold it. */
export const MOCK_COMPETITOR_ID = "AMOCKCOMPETITOR";

/**
 * The demo account's Amazon: deterministic items built from the same generator as the
 * free lookup's mock, so an ASIN looks alike on both screens. Always labelled "mock".
 */
export class MockSellerApi implements SellerApi {
  readonly kind = "mock";

  /** `sellerId` is the demo account's own selling-partner id: the mock Buy Box is sometimes its. */
  constructor(private readonly sellerId = "DEMO") {}

  /** Deterministic stock per ASIN; about one ASIN in eight has no FBA record, and some run low. */
  async getFulfillableUnits(asins: readonly string[], marketplace: AccountMarketplace): Promise<Map<string, number>> {
    return new Map(
      asins.flatMap((asin) => {
        const random = seededRandom(`${marketplace}:${asin}:fba`);
        return random() < 0.125 ? [] : [[asin, Math.floor(random() * 240)] as const];
      }),
    );
  }

  /** Deterministic Buy Box: the demo seller holds it on about two ASINs in three. */
  async getBuyBoxWinners(asins: readonly string[], marketplace: AccountMarketplace): Promise<Map<string, BuyBoxState>> {
    return new Map(
      asins.map((asin) => {
        const random = seededRandom(`${marketplace}:${asin}:buybox`);
        const mine = random() < 2 / 3;
        const winner = { sellerId: mine ? this.sellerId : MOCK_COMPETITOR_ID, mine };
        // One (Prime) winner: the Buy Box every shopper sees.
        return [asin, { winners: [winner.sellerId], mine, featured: { prime: winner, nonPrime: winner } }];
      }),
    );
  }

  /** Deterministic sales per ASIN and day at the mock product's price that day; labelled mock wherever shown. */
  async getSalesDays(asin: string, marketplace: AccountMarketplace, days: readonly string[]): Promise<DailySales[]> {
    return days.flatMap((day) => {
      const price = mockProduct(asin, marketplace, day).price;
      if (!price) return [];
      const units = Math.floor(seededRandom(`${marketplace}:${asin}:${day}:sales`)() * 12);
      return [{ day, units, amount: Math.round(units * price.amount * 100) / 100, currency: price.currency }];
    });
  }

  async getCatalogItem(asin: string, marketplace: AccountMarketplace): Promise<CatalogItem> {
    const product = mockProduct(asin, marketplace);
    return {
      asin,
      title: product.title ?? `Product ${asin}`,
      // The same website and sub-category ranks the lookup's mock gives: one ASIN, one sub-category rank.
      salesRanks: mockCategoryRanks(product).map(({ category, rank }) => ({ categoryTitle: category, rank })),
    };
  }
}
