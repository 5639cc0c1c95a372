import type { CategoryRank } from "./product-source";
import { MARKETPLACE_CURRENCY, MARKETPLACE_HOST, type Marketplace } from "../../contract/marketplaces";
import type { ProductData } from "../../contract/product";
import type { ItemOutcome, ProductSource } from "./product-source";
import { dayNumber, utcDay } from "../../contract/time";

/** Today's UTC day: the day a mock answer describes unless a run names its own. */
export const mockToday = (): string => utcDay(Date.now());

/**
 * Deterministic stand-in for the Creators API, used when no credentials are set.
 * The same ASIN, marketplace and day always give the same plausible product; results
 * are labelled source "mock" so they are never shown as live data. `day` is the day the
 * answers describe: a nightly run's own day, so the demo's history moves as live ranks do;
 * today's when it is left out.
 */
export class MockProductSource implements ProductSource {
  readonly kind = "mock";

  constructor(private readonly day?: string) {}

  async getItems(asins: readonly string[], marketplace: Marketplace): Promise<Map<string, ItemOutcome>> {
    const day = this.day ?? mockToday();
    return new Map(
      asins.map((asin) => {
        const product = mockProduct(asin, marketplace, day);
        return [asin, { ok: true, product, categoryRanks: mockCategoryRanks(product) }];
      }),
    );
  }
}

const CATALOG = [
  { path: ["Electronics", "Headphones, Earbuds & Accessories", "Earbud Headphones"], noun: "Wireless Earbuds", base: 39 },
  { path: ["Home & Kitchen", "Kitchen & Dining", "Coffee, Tea & Espresso"], noun: "Pour-Over Coffee Maker", base: 29 },
  { path: ["Sports & Outdoors", "Exercise & Fitness", "Yoga"], noun: "Non-Slip Yoga Mat", base: 24 },
  { path: ["Toys & Games", "Building Toys", "Building Sets"], noun: "Magnetic Building Tiles", base: 45 },
  { path: ["Beauty & Personal Care", "Skin Care", "Face Moisturizers"], noun: "Hydrating Face Cream", base: 18 },
  { path: ["Pet Supplies", "Dogs", "Toys"], noun: "Durable Chew Toy", base: 12 },
  { path: ["Tools & Home Improvement", "Power Tools", "Drills"], noun: "Cordless Drill Kit", base: 79 },
  { path: ["Office Products", "Office & School Supplies", "Writing Instruments"], noun: "Gel Pen Set", base: 9 },
] as const;
const BRANDS = ["Northwind", "Acme Labs", "Brightline", "Cedar & Co", "Voltix", "Pinecrest", "Luma", "Orbitra"];
const VARIANTS = ["Pro", "Max", "Lite", "2-Pack", "Essential", "Plus", "XL", "Mini"];
/** Rough price level of each marketplace's currency against USD. */
const PRICE_SCALE: Record<Marketplace, number> = {
  US: 1, CA: 1.35, MX: 18, UK: 0.8, DE: 0.92, FR: 0.92, IT: 0.92, ES: 0.92, JP: 150,
};

/** The mock's lowest rank. */
const MAX_MOCK_RANK = 250_000;

/**
 * The product on `day`: everything but its rank and price is the same every day. The rank
 * drifts from the product's base rank along two slow waves (one to three weeks, one to three
 * months) with a small daily wobble; the price drops for a few days of deal every few weeks.
 * So the demo's trends, velocity and rank and price alerts move as live ones do.
 */
export function mockProduct(asin: string, marketplace: Marketplace, day: string = mockToday()): ProductData {
  const random = seededRandom(`${marketplace}:${asin}`);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const entry = pick(CATALOG);
  const brand = pick(BRANDS);
  const currency = MARKETPLACE_CURRENCY[marketplace];
  const rawPrice = entry.base * (0.7 + random() * 0.9) * PRICE_SCALE[marketplace];
  const listAmount = currency === "JPY" ? Math.round(rawPrice) : Math.floor(rawPrice) + 0.99;
  const deal = dealOnDay(`${marketplace}:${asin}`, day);
  // A deal price ends in .99 too, a whole unit or more under the list price.
  const dealAmount = currency === "JPY" ? Math.round(listAmount * (1 - deal)) : Math.max(0.99, Math.floor(listAmount * (1 - deal)) - 0.01);
  const amount = deal > 0 ? dealAmount : listAmount;
  return {
    asin,
    marketplace,
    title: `${brand} ${entry.noun} ${pick(VARIANTS)}`,
    image: `/api/mock-images/${marketplace}/${asin}.svg`,
    categoryPath: [...entry.path],
    // Log-uniform, as real ranks spread, between #1 and half the ceiling: the day's drift (at most ×1.9) stays under it.
    rank: rankOnDay(Math.exp(random() * Math.log(MAX_MOCK_RANK / 2)), `${marketplace}:${asin}`, day),
    price: { amount, currency },
    offers: 1 + Math.floor(random() * 24),
    rating: Math.round((3.4 + random() * 1.5) * 10) / 10,
    reviewCount: Math.floor(Math.exp(random() * Math.log(40_000))),
    detailPageUrl: `https://${MARKETPLACE_HOST[marketplace]}/dp/${asin}`,
    brand,
  };
}

/** The share off the list price on `day`: 10 to 25 % for 2 to 5 days in every 3 to 6 weeks, else 0. */
function dealOnDay(key: string, day: string): number {
  const shape = seededRandom(`${key}:deals`);
  const period = 21 + Math.floor(shape() * 22);
  const length = 2 + Math.floor(shape() * 4);
  const offset = Math.floor(shape() * period);
  const discount = 0.1 + shape() * 0.15;
  return (dayNumber(day) + offset) % period < length ? discount : 0;
}

function rankOnDay(baseRank: number, key: string, day: string): number {
  const shape = seededRandom(`${key}:rank-trend`);
  const dayIndex = dayNumber(day);
  const wave = (periodDays: number, phase: number) => Math.sin((2 * Math.PI * dayIndex) / periodDays + phase);
  const swing = 0.3 * wave(7 + shape() * 14, shape() * 2 * Math.PI) + 0.25 * wave(30 + shape() * 60, shape() * 2 * Math.PI);
  const wobble = (seededRandom(`${key}:${day}:rank`)() - 0.5) * 0.16;
  return Math.min(MAX_MOCK_RANK, Math.max(1, Math.round(baseRank * Math.exp(swing + wobble))));
}

/**
 * The mock product's rank in its website category (its headline rank) and in its leaf
 * category, where it ranks higher: between 0.5% and 20% of the website rank, as live
 * items tend to.
 */
export function mockCategoryRanks(product: ProductData): CategoryRank[] {
  const [website] = product.categoryPath;
  const leaf = product.categoryPath[product.categoryPath.length - 1];
  if (product.rank === null || !website || !leaf) return [];
  const random = seededRandom(`${product.marketplace}:${product.asin}:categories`);
  const leafRank = Math.max(1, Math.round(product.rank * (0.005 + random() * 0.195)));
  return [
    { category: website, rank: product.rank },
    { category: leaf, rank: leafRank },
  ];
}

/** A labelled placeholder picture for a mock product, coloured by its ASIN. */
export function mockImageSvg(asin: string, marketplace: Marketplace): string {
  const random = seededRandom(`${marketplace}:${asin}:image`);
  const hue = Math.floor(random() * 360);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="Mock product image">
<rect width="400" height="400" fill="hsl(${hue} 60% 88%)"/>
<rect x="110" y="90" width="180" height="180" rx="24" fill="hsl(${hue} 55% 55%)"/>
<text x="200" y="320" font-family="sans-serif" font-size="28" text-anchor="middle" fill="hsl(${hue} 40% 25%)">${asin}</text>
<text x="200" y="356" font-family="sans-serif" font-size="18" text-anchor="middle" fill="hsl(${hue} 40% 35%)">MOCK DATA</text>
</svg>`;
}

/** mulberry32 seeded from an FNV-1a hash of the key: small, fast and repeatable. */
export function seededRandom(key: string): () => number {
  let seed = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    seed ^= key.charCodeAt(i);
    seed = Math.imul(seed, 0x01000193);
  }
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
