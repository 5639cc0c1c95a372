/**
 * The fake Creators API's catalog: a plausible, deterministic product for every
 * ASIN + marketplace, shaped like the API's Item (camelCase, as in Amazon's
 * reference SDK models) and trimmed to the resources the request asked for.
 */

interface Marketplace {
  currency: string;
  /** Rough price level against USD, so a yen price does not read like a dollar one. */
  scale: number;
  language: "en" | "de" | "fr" | "it" | "es" | "ja";
}

/** Marketplace hosts as the x-marketplace header names them. */
export const MARKETPLACES: Record<string, Marketplace> = {
  "www.amazon.com": { currency: "USD", scale: 1, language: "en" },
  "www.amazon.ca": { currency: "CAD", scale: 1.35, language: "en" },
  "www.amazon.com.mx": { currency: "MXN", scale: 18, language: "es" },
  "www.amazon.co.uk": { currency: "GBP", scale: 0.8, language: "en" },
  "www.amazon.de": { currency: "EUR", scale: 0.92, language: "de" },
  "www.amazon.fr": { currency: "EUR", scale: 0.92, language: "fr" },
  "www.amazon.it": { currency: "EUR", scale: 0.92, language: "it" },
  "www.amazon.es": { currency: "EUR", scale: 0.92, language: "es" },
  "www.amazon.co.jp": { currency: "JPY", scale: 150, language: "ja" },
};

/** Every GetItemsResource the API accepts (reference SDK enum). */
export const KNOWN_RESOURCES: ReadonlySet<string> = new Set([
  "browseNodeInfo.browseNodes",
  "browseNodeInfo.browseNodes.ancestor",
  "browseNodeInfo.browseNodes.salesRank",
  "browseNodeInfo.websiteSalesRank",
  "customerReviews.count",
  "customerReviews.starRating",
  "images.primary.small",
  "images.primary.medium",
  "images.primary.large",
  "images.primary.highRes",
  "images.variants.small",
  "images.variants.medium",
  "images.variants.large",
  "images.variants.highRes",
  "itemInfo.byLineInfo",
  "itemInfo.contentInfo",
  "itemInfo.contentRating",
  "itemInfo.classifications",
  "itemInfo.externalIds",
  "itemInfo.features",
  "itemInfo.manufactureInfo",
  "itemInfo.productInfo",
  "itemInfo.technicalInfo",
  "itemInfo.title",
  "itemInfo.tradeInInfo",
  "parentASIN",
  "offersV2.listings.availability",
  "offersV2.listings.condition",
  "offersV2.listings.dealDetails",
  "offersV2.listings.isBuyBoxWinner",
  "offersV2.listings.loyaltyPoints",
  "offersV2.listings.merchantInfo",
  "offersV2.listings.price",
  "offersV2.listings.type",
]);

interface Node {
  id: string;
  names: Partial<Record<Marketplace["language"], string>> & { en: string };
}

/** Browse-node ladders, root first; the root is the website (sales-rank) category. */
const LADDERS: { ladder: Node[]; noun: string; usd: number }[] = [
  {
    ladder: [
      { id: "172282", names: { en: "Electronics", de: "Elektronik & Foto", fr: "High-Tech", ja: "家電＆カメラ" } },
      { id: "172541", names: { en: "Headphones, Earbuds & Accessories", de: "Kopfhörer" } },
      { id: "12097478011", names: { en: "Earbud Headphones", de: "In-Ear-Kopfhörer" } },
    ],
    noun: "Wireless Earbuds",
    usd: 39,
  },
  {
    ladder: [
      { id: "1055398", names: { en: "Home & Kitchen", de: "Küche, Haushalt & Wohnen", fr: "Cuisine & Maison" } },
      { id: "284507", names: { en: "Kitchen & Dining", de: "Küche & Esszimmer" } },
      { id: "915194", names: { en: "Coffee, Tea & Espresso", de: "Kaffee, Tee & Espresso" } },
    ],
    noun: "Pour-Over Coffee Maker",
    usd: 29,
  },
  {
    ladder: [
      { id: "3375251", names: { en: "Sports & Outdoors", de: "Sport & Freizeit", fr: "Sports et Loisirs" } },
      { id: "3407731", names: { en: "Exercise & Fitness", de: "Fitness" } },
      { id: "3422251", names: { en: "Yoga", de: "Yoga" } },
    ],
    noun: "Non-Slip Yoga Mat",
    usd: 24,
  },
  {
    ladder: [
      { id: "228013", names: { en: "Tools & Home Improvement", de: "Baumarkt", fr: "Bricolage" } },
      { id: "328182011", names: { en: "Power Tools", de: "Elektrowerkzeuge" } },
      { id: "552738", names: { en: "Drills", de: "Bohrmaschinen" } },
    ],
    noun: "Cordless Drill Kit",
    usd: 79,
  },
];
const LOCALES: Record<Marketplace["language"], string> = { en: "en_US", de: "de_DE", fr: "fr_FR", it: "it_IT", es: "es_ES", ja: "ja_JP" };
const BRANDS = ["Northwind", "Brightline", "Cedar & Co", "Voltix", "Pinecrest", "Orbitra"];
const VARIANTS = ["Pro", "Lite", "2-Pack", "Plus", "XL", "Mini"];

/** FNV-1a: stable across runs and runtimes. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function pick<T>(items: readonly T[], seed: number): T {
  return items[seed % items.length] as T;
}

/** The Item the API would answer for `asin` in `host`, with only the asked-for resources. */
export function fakeItem(asin: string, host: string, partnerTag: string, resources: ReadonlySet<string>): object {
  const market = MARKETPLACES[host] ?? { currency: "USD", scale: 1, language: "en" as const };
  const seed = hash(`${host}:${asin}`);
  const entry = pick(LADDERS, seed);
  const name = (node: Node) => node.names[market.language] ?? node.names.en;
  const has = (resource: string) => resources.has(resource);
  const websiteRank = 1 + (seed % 250_000);
  const item: Record<string, unknown> = {
    asin,
    detailPageURL: `https://${host}/dp/${asin}?tag=${encodeURIComponent(partnerTag)}&linkCode=ogi&th=1&psc=1`,
  };

  const brand = pick(BRANDS, seed >>> 3);
  const itemInfo: Record<string, unknown> = {};
  if (has("itemInfo.title")) {
    itemInfo.title = { displayValue: `${brand} ${entry.noun} ${pick(VARIANTS, seed >>> 7)}`, label: "Title", locale: LOCALES[market.language] };
  }
  // ByLineInfo { brand, manufacturer: SingleStringValuedAttribute, contributors } (reference SDK model).
  if (has("itemInfo.byLineInfo")) {
    const attribute = (label: string) => ({ displayValue: brand, label, locale: LOCALES[market.language] });
    itemInfo.byLineInfo = { brand: attribute("Brand"), manufacturer: attribute("Manufacturer") };
  }
  if (Object.keys(itemInfo).length) item.itemInfo = itemInfo;

  const sizes = { small: 75, medium: 160, large: 500, highRes: 1500 } as const;
  const primary: Record<string, unknown> = {};
  for (const [size, px] of Object.entries(sizes)) {
    if (has(`images.primary.${size}`)) {
      primary[size] = { url: `https://m.media-amazon.com/images/I/${seed.toString(36)}F${asin}._SL${px}_.jpg`, height: px, width: px };
    }
  }
  if (Object.keys(primary).length) item.images = { primary };

  const browseNodeInfo: Record<string, unknown> = {};
  if (has("browseNodeInfo.browseNodes")) {
    const ladder = entry.ladder;
    const node = (depth: number, salesRank: number): Record<string, unknown> => {
      const step = ladder[depth] as Node;
      const out: Record<string, unknown> = { id: step.id, displayName: name(step), contextFreeName: name(step), isRoot: depth === 0 };
      if (has("browseNodeInfo.browseNodes.salesRank")) out.salesRank = salesRank;
      if (has("browseNodeInfo.browseNodes.ancestor") && depth > 0) out.ancestor = ancestor(depth - 1);
      return out;
    };
    const ancestor = (depth: number): Record<string, unknown> => {
      const step = ladder[depth] as Node;
      const out: Record<string, unknown> = { id: step.id, displayName: name(step), contextFreeName: name(step) };
      if (depth > 0) out.ancestor = ancestor(depth - 1);
      return out;
    };
    const leafRank = 1 + (seed % 900);
    // The leaf first and a broader node the item ranks worse in, as real answers list several.
    browseNodeInfo.browseNodes = [node(ladder.length - 1, leafRank), node(ladder.length - 2, leafRank * 7 + 13)];
  }
  if (has("browseNodeInfo.websiteSalesRank")) {
    const root = entry.ladder[0] as Node;
    browseNodeInfo.websiteSalesRank = { id: root.id, displayName: name(root), contextFreeName: name(root), salesRank: websiteRank };
  }
  if (Object.keys(browseNodeInfo).length) item.browseNodeInfo = browseNodeInfo;

  // CustomerReviews { count, starRating: Rating { value } } (reference SDK models); a few items have none.
  const reviewed = seed % 17 !== 0;
  const reviews: Record<string, unknown> = {};
  if (reviewed && has("customerReviews.count")) reviews.count = 1 + ((seed >>> 5) % 24_000);
  if (reviewed && has("customerReviews.starRating")) reviews.starRating = { value: Math.round((30 + ((seed >>> 9) % 21)) ) / 10 };
  if (Object.keys(reviews).length) item.customerReviews = reviews;

  const listing: Record<string, unknown> = {};
  if (has("offersV2.listings.price")) {
    const whole = Math.round(entry.usd * market.scale * (0.8 + (seed % 40) / 100));
    const amount = market.currency === "JPY" ? whole : whole - 0.01;
    listing.price = { money: { amount, currency: market.currency, displayAmount: `${amount.toFixed(market.currency === "JPY" ? 0 : 2)} ${market.currency}` } };
  }
  if (has("offersV2.listings.isBuyBoxWinner")) listing.isBuyBoxWinner = true;
  if (has("offersV2.listings.availability")) listing.availability = { type: "IN_STOCK", message: "In Stock", minOrderQuantity: 1, maxOrderQuantity: 30 };
  if (Object.keys(listing).length) item.offersV2 = { listings: [listing] };

  return item;
}
