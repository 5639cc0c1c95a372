import { mockCategoryRanks, mockProduct, mockToday, seededRandom } from "../creators/mock";
import type { AccountMarketplace } from "../../contract/account";
import { dayNumber } from "../../contract/time";
import { SUPPRESSED_BUY_BOX, type SegmentWinner } from "./buybox";
import type { CatalogItem, DailySales, FeaturedOffers, SellerApi } from "./seller-api";

/** The Buy Box winner the mock names when the demo seller does not hold it. */
export const MOCK_COMPETITOR_ID = "AMOCKCOMPETITOR";

/** The part an ASIN's Buy Boxes play in the demo. */
type MockBuyBoxPart = "yours" | "contested" | "split-prime-yours" | "split-prime-theirs" | "suppressed";

/**
 * An ASIN's part, from the ASIN alone (the same in every marketplace and on every day). The demo's
 * sample products (dashboard/demo-samples.ts) take every part between them.
 */
function mockBuyBoxPart(asin: string): MockBuyBoxPart {
  const random = seededRandom(`${asin}:buybox-role`);
  const draw = random();
  if (draw < 0.6) return "yours";
  if (draw < 0.8) return "contested";
  if (draw < 0.93) return random() < 0.5 ? "split-prime-yours" : "split-prime-theirs";
  return "suppressed";
}

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
   * Deterministic Buy Boxes per ASIN and day, so the demo shows every state the screens have. Each
   * ASIN plays one part, the same in every marketplace (mockBuyBoxPart): about three in five are
   * the demo seller's nearly every day (nine days in ten), one in five another seller's on most
   * days (the demo seller holds it about one day in four), about one in eight has a different
   * Prime and non-Prime holder (the demo seller holds one of them), and about one in fourteen is
   * suppressed (offers, no winner). All of it is the mock's sample, labelled so wherever shown.
   */
  async getBuyBoxWinners(asins: readonly string[], marketplace: AccountMarketplace): Promise<Map<string, FeaturedOffers>> {
    const day = this.answerDay();
    const mine: SegmentWinner = { sellerId: this.sellerId, mine: true };
    const competitor: SegmentWinner = { sellerId: MOCK_COMPETITOR_ID, mine: false };
    return new Map(
      asins.map((asin) => {
        const part = mockBuyBoxPart(asin);
        if (part === "suppressed") return [asin, SUPPRESSED_BUY_BOX];
        // A Prime (FBA) offer and a non-Prime one each win their own Buy Box.
        if (part === "split-prime-yours") return [asin, { prime: mine, nonPrime: competitor }];
        if (part === "split-prime-theirs") return [asin, { prime: competitor, nonPrime: mine }];
        const held = seededRandom(`${marketplace}:${asin}:${day}:buybox`)() < (part === "yours" ? 0.9 : 0.25);
        // One (Prime) winner: the Buy Box every shopper sees.
        const winner = held ? mine : competitor;
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
