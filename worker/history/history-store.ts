import { and, asc, between, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { sellerSnapshots } from "../db/schema";
import type { HistoryPoint } from "../contract/history";
import type { Marketplace } from "../contract/marketplaces";
import { decodePoint, historyPoint, replaces, type EncodedPoint, type StoredPoint } from "./point-codec";
import { bucketOf, monthDays, monthsBetween } from "./sharding";
import { byShard, shardDatabase, shardsToRead, type HistoryShards } from "./shard-store";
import { readArchivedMonth } from "./archive-store";
import type { BuyBoxDayRow } from "../contract/buy-box-holders";
import { DAY_MS, dayNumber, dayText } from "../contract/time";

/**
 * Reads of rank history: the only way into it (writes: rank-points-store.ts). Store API:
 * - rankHistory(history, asin, marketplace, fromDay, toDay): one ASIN's day points, oldest first
 *   (GET /api/history, charts);
 * - readStoredPoints(history, keys, fromDay, toDay, { intraday }): many ASINs in a few queries,
 *   Map "MARKETPLACE:ASIN" → stored points oldest first (the alert check, re-shards). Day
 *   points only, unless intraday: true adds the hourly points (hour 0–23) after each day's;
 * - dayPointsByAsin(history, marketplace, asins, fromDay, toDay): Map ASIN → day points with
 *   their capture time (dashboards, trends);
 * - hourPointsByAsin(history, marketplace, asins, fromDay): Map ASIN → hour points (Pro's
 *   extra refreshes, "Refresh now").
 * A range reaches into the R2 archive (archive-store.ts) for months older than the hot
 * window (HISTORY_HOT_DAYS), so a two-year export reads the same way as a 7-day chart.
 * Days are UTC YYYY-MM-DD, both ends included.
 */

export interface AsinKey {
  asin: string;
  marketplace: string;
}

export interface RangeOptions {
  intraday?: boolean;
  /** Today for the hot window (tests); Date.now() otherwise. */
  nowMs?: number;
}

export const historyKey = (key: AsinKey) => `${key.marketplace}:${key.asin}`;

/** Keys per query: json_each takes them as one parameter, and one answer stays a few MB. */
const KEYS_PER_QUERY = 100;

/** One ASIN's day points from `fromDay` to `toDay`, oldest first, as the API answers them (HistoryPoint). */
export async function rankHistory(
  history: HistoryShards,
  asin: string,
  marketplace: Marketplace,
  fromDay: string,
  toDay: string,
): Promise<HistoryPoint[]> {
  const points = (await readStoredPoints(history, [{ asin, marketplace }], fromDay, toDay)).get(historyKey({ asin, marketplace })) ?? [];
  return points.map(historyPoint);
}

/**
 * The stored points (StoredPoint, as the shards and the archive hold them) of many ASINs of any
 * marketplaces over one range, keyed by historyKey ("US:B0…"); one query per shard and 100
 * keys; see the module note. The readers below reshape these.
 */
export async function readStoredPoints(
  history: HistoryShards,
  keys: readonly AsinKey[],
  fromDay: string,
  toDay: string,
  options: RangeOptions = {},
): Promise<Map<string, StoredPoint[]>> {
  const distinct = [...new Map(keys.map((key) => [historyKey(key), { ...key, bucket: bucketOf(key.marketplace, key.asin) }])).values()];
  const from = dayNumber(fromDay);
  const to = dayNumber(toDay);
  const byKey = new Map<string, StoredPoint[]>();
  const add = (point: StoredPoint) => {
    const key = historyKey(point);
    const list = byKey.get(key);
    if (list) list.push(point);
    else byKey.set(key, [point]);
  };

  // Archived months first, then the shards, the current shard of a bucket last: on equal keys
  // the later one wins (unless it is mock and the earlier live).
  for (const point of await archivedPoints(history, distinct, from, to, options)) add(point);
  const reads = distinct.flatMap((key) => shardsToRead(history, key.bucket).map((shard, order) => ({ key, shard, order })));
  const maxOrder = Math.max(0, ...reads.map((read) => read.order));
  for (let order = maxOrder; order >= 0; order--) {
    const round = reads.filter((read) => read.order === order);
    const rows = await Promise.all(
      [...byShard(round, (read) => read.shard)].flatMap(([shard, group]) =>
        chunks(group, KEYS_PER_QUERY).map((chunk) => queryShard(shardDatabase(history, shard), chunk.map((read) => read.key), from, to, options.intraday === true)),
      ),
    );
    for (const list of rows) for (const row of list) add(decodePoint(row));
  }

  const result = new Map<string, StoredPoint[]>();
  for (const key of [...byKey.keys()].sort()) result.set(key, oldestFirst(byKey.get(key)!));
  return result;
}

/** One key's points by day and hour, one per (day, hour): a stable sort keeps arrival order among equals. */
function oldestFirst(points: StoredPoint[]): StoredPoint[] {
  points.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : (a.hour ?? -1) - (b.hour ?? -1)));
  const out: StoredPoint[] = [];
  for (const point of points) {
    const kept = out.at(-1);
    if (kept && kept.day === point.day && kept.hour === point.hour) {
      if (replaces(point, kept)) out[out.length - 1] = point;
    } else out.push(point);
  }
  return out;
}

/**
 * Raw SQL because drizzle cannot say it: the keys travel as one JSON parameter unpacked by
 * json_each (D1 binds at most 100 parameters), each joined on the table's key prefix.
 */
async function queryShard(db: D1Database, keys: { bucket: number; marketplace: string; asin: string }[], from: number, to: number, intraday: boolean) {
  const { results } = await db
    .prepare(
      `SELECT p.bucket, p.marketplace, p.asin, p.day, p.hour, p.live, p.rank, a.name AS cat1, p.r1, b.name AS cat2, p.r2,
              p.more, p.price, p.currency, p.offers, p.rating, p.reviews, p.lowest, p.captured
       FROM json_each(?1) AS k
       JOIN rank_points AS p ON p.bucket = k.value ->> '$[0]' AND p.marketplace = k.value ->> '$[1]' AND p.asin = k.value ->> '$[2]'
       LEFT JOIN categories AS a ON a.id = p.c1
       LEFT JOIN categories AS b ON b.id = p.c2
       WHERE p.day BETWEEN ?2 AND ?3 AND (?4 = 1 OR p.hour = -1)`,
    )
    .bind(JSON.stringify(keys.map((key) => [key.bucket, key.marketplace, key.asin])), from, to, intraday ? 1 : 0)
    .all<EncodedPoint>();
  return results;
}

/** Points of archived months in the range: months that ended before the hot window. */
async function archivedPoints(history: HistoryShards, keys: { bucket: number; marketplace: string; asin: string }[], from: number, to: number, options: RangeOptions) {
  if (!history.env.HISTORY_ARCHIVE) return [];
  const hotFrom = dayNumber(dayText(Math.floor((options.nowMs ?? Date.now()) / DAY_MS))) - history.hotDays;
  const months = monthsBetween(from, to).filter((month) => monthDays(month).last < hotFrom);
  if (months.length === 0) return [];
  const wanted = new Set(keys.map(historyKey));
  const buckets = [...new Set(keys.map((key) => key.bucket))];
  const files = await Promise.all(months.flatMap((month) => buckets.map((bucket) => readArchivedMonth(history, bucket, month, wanted))));
  return files.flat().filter((point) => point.day >= dayText(from) && point.day <= dayText(to) && (options.intraday || point.hour === null));
}

function chunks<Item>(items: Item[], size: number): Item[][] {
  const out: Item[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A day's point with the time it was captured (the screens' "as of"). */
export type CapturedPoint = HistoryPoint & { capturedAt: string };

/**
 * Day points with their capture time (CapturedPoint) of many ASINs of one marketplace from
 * `fromDay` to `toDay`, keyed by ASIN, oldest first (the dashboard's latest point plus its 7-day
 * window, the trends chart).
 */
export async function dayPointsByAsin(
  history: HistoryShards,
  marketplace: string,
  asins: readonly string[],
  fromDay: string,
  toDay: string,
): Promise<Map<string, CapturedPoint[]>> {
  const found = await readStoredPoints(history, asins.map((asin) => ({ asin, marketplace })), fromDay, toDay);
  return new Map(asins.map((asin) => [asin, (found.get(historyKey({ asin, marketplace })) ?? []).map((point) => ({ ...historyPoint(point), capturedAt: point.capturedAt }))]));
}

export interface IntradayPoint {
  /** ISO time of the UTC hour, e.g. 2026-11-24T14:00:00Z. */
  at: string;
  source: "live" | "mock";
  rank: number | null;
  price: number | null;
}

/** The hour points (IntradayPoint: Pro's extra refreshes, "Refresh now") of many ASINs of one marketplace since `fromDay`, keyed by ASIN, oldest first. */
export async function hourPointsByAsin(
  history: HistoryShards,
  marketplace: string,
  asins: readonly string[],
  fromDay: string,
  nowMs = Date.now(),
): Promise<Map<string, IntradayPoint[]>> {
  const toDay = dayText(Math.floor(nowMs / DAY_MS));
  const found = await readStoredPoints(history, asins.map((asin) => ({ asin, marketplace })), fromDay, toDay, { intraday: true, nowMs });
  const hourly = (points: StoredPoint[]) =>
    points.flatMap((point) =>
      point.hour === null ? [] : [{ at: `${point.day}T${String(point.hour).padStart(2, "0")}:00:00Z`, source: point.source, rank: point.rank, price: point.price }],
    );
  return new Map(asins.map((asin) => [asin, hourly(found.get(historyKey({ asin, marketplace })) ?? [])]));
}

export type SellerDayRow = typeof sellerSnapshots.$inferSelect;

/** One seller's own snapshots (stock, Buy Box) from `fromDay` to `toDay`, oldest first: private rows, kept in DB. */
export async function sellerDayRowsOf(db: D1Database, userId: string, fromDay: string, toDay: string, connectionId?: string): Promise<SellerDayRow[]> {
  return drizzle(db)
    .select()
    .from(sellerSnapshots)
    .where(and(eq(sellerSnapshots.workspaceId, userId), connectionId ? eq(sellerSnapshots.connectionId, connectionId) : undefined, between(sellerSnapshots.day, fromDay, toDay)))
    .orderBy(asc(sellerSnapshots.day));
}

/** The Buy Box columns of a workspace's seller snapshots of some ASINs of one marketplace over a range (its workspace-ASIN index). */
export function buyBoxDayRowsOf(db: D1Database, workspaceId: string, marketplace: Marketplace, asins: readonly string[], fromDay: string, toDay: string): Promise<BuyBoxDayRow[]> {
  if (asins.length === 0) return Promise.resolve([]);
  const s = sellerSnapshots;
  return drizzle(db)
    .select({ asin: s.asin, day: s.day, source: s.source, buyBoxSellerId: s.buyBoxSellerId, holdsBuyBox: s.holdsBuyBox, primeSellerId: s.primeSellerId, nonPrimeSellerId: s.nonPrimeSellerId, holdsPrime: s.holdsPrime, holdsNonPrime: s.holdsNonPrime })
    .from(s)
    .where(and(eq(s.workspaceId, workspaceId), inArray(s.asin, [...asins]), eq(s.marketplace, marketplace), between(s.day, fromDay, toDay)));
}
