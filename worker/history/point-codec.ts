import type { HistoryPoint } from "../contract/history";
import { isMarketplace, MARKETPLACES } from "../contract/marketplaces";
import type { CategoryRank } from "../upstreams/creators/product-source";
import { bucketOf } from "./sharding";
import { dayNumber, dayText } from "../contract/time";

/**
 * A point as the stores move it around (pure, no I/O): a day's public data (HistoryPoint; its
 * rating and review count are null on points older than them too) keyed by ASIN, marketplace, day
 * and hour. `hour` is null for the day's point and 0–23 for an intraday one; in the row it is -1
 * for the day's point, so the key has no NULL.
 */
export interface StoredPoint extends HistoryPoint {
  asin: string;
  marketplace: string;
  hour: number | null;
  /** ISO 8601. */
  capturedAt: string;
}

export const DAILY_HOUR = -1;

/** The row's columns, category names still as names (the store turns them into ids). */
export interface EncodedPoint {
  bucket: number;
  marketplace: string;
  asin: string;
  day: number;
  hour: number;
  live: number;
  rank: number | null;
  cat1: string | null;
  r1: number | null;
  cat2: string | null;
  r2: number | null;
  more: string | null;
  price: number | null;
  currency: string | null;
  offers: number | null;
  /** Stars × 100; undefined in rows written before the column existed (archive lines), read as null. */
  rating?: number | null;
  reviews?: number | null;
  /** 1: the price is the lowest offer's (no Buy Box winner); null otherwise. */
  lowest?: number | null;
  captured: number;
}

function marketplaceCurrency(marketplace: string): string | null {
  return isMarketplace(marketplace) ? MARKETPLACES[marketplace].currency : null;
}

export function encodePoint(point: StoredPoint): EncodedPoint {
  const [first, second, ...rest] = point.categoryRanks;
  return {
    bucket: bucketOf(point.marketplace, point.asin),
    marketplace: point.marketplace,
    asin: point.asin,
    day: dayNumber(point.day),
    hour: point.hour ?? DAILY_HOUR,
    live: point.source === "live" ? 1 : 0,
    rank: point.rank,
    cat1: first?.category ?? null,
    r1: first?.rank ?? null,
    cat2: second?.category ?? null,
    r2: second?.rank ?? null,
    more: rest.length ? JSON.stringify(rest.map((entry) => [entry.category, entry.rank])) : null,
    price: point.price === null ? null : Math.round(point.price * 100),
    // The marketplace's own currency is implied: only a different one costs bytes.
    currency: point.price === null || point.currency === marketplaceCurrency(point.marketplace) ? null : point.currency,
    offers: point.offers,
    rating: point.rating === null ? null : Math.round(point.rating * 100),
    reviews: point.reviewCount,
    lowest: point.price !== null && point.priceSource === "lowest_offer" ? 1 : null,
    captured: Math.floor(Date.parse(point.capturedAt) / 1000),
  };
}

export function decodePoint(row: EncodedPoint): StoredPoint {
  const categoryRanks: CategoryRank[] = [];
  if (row.cat1 !== null && row.r1 !== null) categoryRanks.push({ category: row.cat1, rank: row.r1 });
  if (row.cat2 !== null && row.r2 !== null) categoryRanks.push({ category: row.cat2, rank: row.r2 });
  if (row.more) categoryRanks.push(...parseMore(row.more));
  return {
    asin: row.asin,
    marketplace: row.marketplace,
    day: dayText(row.day),
    hour: row.hour === DAILY_HOUR ? null : row.hour,
    source: row.live === 1 ? "live" : "mock",
    rank: row.rank,
    categoryRanks,
    price: row.price === null ? null : row.price / 100,
    currency: row.price === null ? null : (row.currency ?? marketplaceCurrency(row.marketplace)),
    offers: row.offers,
    rating: typeof row.rating === "number" ? row.rating / 100 : null,
    reviewCount: typeof row.reviews === "number" ? row.reviews : null,
    ...(row.lowest === 1 && row.price !== null ? { priceSource: "lowest_offer" as const } : {}),
    capturedAt: new Date(row.captured * 1000).toISOString(),
  };
}

function parseMore(json: string): CategoryRank[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry) =>
      Array.isArray(entry) && typeof entry[0] === "string" && typeof entry[1] === "number" ? [{ category: entry[0], rank: entry[1] }] : [],
    );
  } catch {
    // A damaged cell costs the extra category ranks of one point, never the whole series.
    return [];
  }
}

/** The API's view of a point. */
export function historyPoint(point: StoredPoint): HistoryPoint {
  return {
    day: point.day,
    source: point.source,
    rank: point.rank,
    categoryRanks: point.categoryRanks,
    price: point.price,
    currency: point.currency,
    offers: point.offers,
    rating: point.rating,
    reviewCount: point.reviewCount,
    ...(point.priceSource ? { priceSource: point.priceSource } : {}),
  };
}

/** A later capture replaces an earlier one of the same key, but mock never replaces live. */
export function replaces(next: StoredPoint, current: StoredPoint): boolean {
  return current.source === "mock" || next.source === "live";
}

export const pointKey = (point: { marketplace: string; asin: string; day: string; hour: number | null }) =>
  `${point.marketplace}:${point.asin}:${point.day}:${point.hour ?? DAILY_HOUR}`;
