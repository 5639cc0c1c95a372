import { mockCategoryRanks, mockProduct, mockToday, seededRandom } from "../creators/mock";
import type { AccountMarketplace } from "../../contract/account";
import { dayNumber } from "../../contract/time";
import type { CatalogItem, DailySales, FeaturedOffers, SellerApi } from "./seller-api";

/** The Buy Box winner the mock names when the demo seller does not hold it. */
export const MOCK_COMPETITOR_ID = "AMOCKCOMPETITOR";

/**
 * The demo account's Amazon: deterministic items built from the same generator as the
 * free lookup's mock, so an ASIN looks alike on both screens. Always labelled "mock".
 * Stock and the Buy Box move from day to day as the mock's ranks and prices do.
 */
export class MockSellerApi implements SellerApi {
  readonly kind = "mock";

  /**
   * `sellerId` is the demo account's own selling-partner id: the mock Buy Box is sometimes its.
   * `day` is the day the answers describe: a nightly run's own, today's when it is left out.
   */
  constructor(
    private readonly sellerId = "DEMO",
    private readonly day?: string,
  ) {}

  /**
   * Deterministic stock per ASIN and day; about one ASIN in eight has no FBA record. The rest
   * sell down from a restock of 40 to 240 units over 2 to 5 weeks, then are restocked, so each
   * runs low for a few days of every cycle.
   */
  async getFulfillableUnits(asins: readonly string[], marketplace: AccountMarketplace): Promise<Map<string, number>> {
    const dayIndex = dayNumber(this.answerDay());
    return new Map(
      asins.flatMap((asin) => {
        const random = seededRandom(`${marketplace}:${asin}:fba`);
        if (random() < 0.125) return [];
        const restock = 40 + Math.floor(random() * 200);
        const cycleDays = 14 + Math.floor(random() * 22);
        const daysIn = (dayIndex + Math.floor(random() * cycleDays)) % cycleDays;
        return [[asin, Math.round(restock * (1 - daysIn / cycleDays))] as const];
      }),
    );
  }

  /**
   * Deterministic Buy Box per ASIN and day: the demo seller holds it on about two ASINs in three
   * nearly every day (nine days in ten), and on the rest about one day in four.
   */
  async getBuyBoxWinners(asins: readonly string[], marketplace: AccountMarketplace): Promise<Map<string, FeaturedOffers>> {
    const day = this.answerDay();
    return new Map(
      asins.map((asin) => {
        const strong = seededRandom(`${marketplace}:${asin}:buybox`)() < 2 / 3;
        const mine = seededRandom(`${marketplace}:${asin}:${day}:buybox`)() < (strong ? 0.9 : 0.25);
        const winner = { sellerId: mine ? this.sellerId : MOCK_COMPETITOR_ID, mine };
        // One (Prime) winner: the Buy Box every shopper sees.
        return [asin, { prime: winner, nonPrime: winner }];
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
    const product = mockProduct(asin, marketplace, this.answerDay());
    return {
      asin,
      title: product.title ?? `Product ${asin}`,
      // The same website and sub-category ranks the lookup's mock gives: one ASIN, one sub-category rank.
      salesRanks: mockCategoryRanks(product).map(({ category, rank }) => ({ categoryTitle: category, rank })),
    };
  }

  /** The day these answers describe. */
  private answerDay(): string {
    return this.day ?? mockToday();
  }
}
