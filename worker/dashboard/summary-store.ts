import type { AsinDetails } from "../history/asin-details-store";
import type { AsinSummary, SummaryFigures, SummaryRowInput } from "./asin-summary";

/**
 * The per-ASIN summaries in DB (asin_summaries, migrations/0104): written by the nightly run and
 * each extra refresh, read by the dashboards one row per tracked ASIN. Raw SQL with json_each:
 * the keys (or rows) travel as one JSON parameter, so a read or write of 10,000 ASINs is one
 * statement, not one per 100 bound parameters.
 */

/** Rows per write statement: keeps one statement's JSON well under D1's statement size limit. */
const ROWS_PER_WRITE = 500;
const COLUMNS = ["marketplace", "asin", "rank", "price", "currency", "source", "rank_captured_at", "last_day", "figures", "computed_at"] as const;

const UPSERT_SQL = `INSERT INTO asin_summaries (${COLUMNS.join(", ")})
  SELECT ${COLUMNS.map((_, i) => `s.value ->> '$[${i}]'`).join(", ")} FROM json_each(?1) AS s WHERE true
  ON CONFLICT (marketplace, asin) DO UPDATE SET ${COLUMNS.slice(2).map((c) => `${c} = excluded.${c}`).join(", ")}`;

/** Upserts summaries, 500 to a statement, all in one batch. */
export async function writeAsinSummaries(db: D1Database, summaries: readonly AsinSummary[]): Promise<void> {
  if (summaries.length === 0) return;
  const statements = [];
  for (let i = 0; i < summaries.length; i += ROWS_PER_WRITE) {
    const rows = summaries
      .slice(i, i + ROWS_PER_WRITE)
      .map((s) => [s.marketplace, s.asin, s.rank, s.price, s.currency, s.source, s.rankCapturedAt, s.lastDay, JSON.stringify(s.figures), s.computedAt]);
    statements.push(db.prepare(UPSERT_SQL).bind(JSON.stringify(rows)));
  }
  await db.batch(statements);
}

/** Everything a dashboard row of one tracked ASIN reads: its summary, its details and the seller's latest own snapshot. */
export interface TrackedSummary {
  marketplace: string;
  asin: string;
  summary: AsinSummary | null;
  details: Pick<AsinDetails, "title" | "image" | "brand" | "category"> | null;
  /** The fields of the snapshot a row shows (rowFromSummary). */
  seller: SummaryRowInput["seller"];
}

interface JoinedRow {
  marketplace: string;
  asin: string;
  rank: number | null;
  price: number | null;
  currency: string | null;
  source: string | null;
  rank_captured_at: string | null;
  last_day: string | null;
  figures: string | null;
  computed_at: string | null;
  title: string | null;
  image: string | null;
  brand: string | null;
  category: string | null;
  details_at: string | null;
  seller_source: string | null;
  fulfillable_units: number | null;
  buy_box_seller_id: string | null;
  holds_buy_box: number | null;
  prime_seller_id: string | null;
  non_prime_seller_id: string | null;
  holds_prime: number | null;
  holds_non_prime: number | null;
  seller_at: string | null;
}

/**
 * Of one day's rows of several connections, the one that speaks for the workspace: a connection
 * holding the Buy Box, else one holding the other one (Prime or non-Prime), else one with FBA
 * stock of the ASIN (every connection writes a row per tracked ASIN, so a client that does not
 * sell it has a row too). Same order as preferredSellerRow.
 */
const SELLER_ROW_PREFERENCE =
  "coalesce(t.holds_buy_box, 0) DESC, (coalesce(t.holds_prime, 0) OR coalesce(t.holds_non_prime, 0)) DESC, (t.fulfillable_units IS NOT NULL) DESC";

/**
 * One query: per key, its summary, its asin_details and the workspace's latest seller snapshot
 * from `fromDay` to `toDay` (the seller's rows are private, so always filtered by the workspace),
 * of one connection when `connectionId` is given, else of any (the latest; of one day, the one
 * holding the Buy Box, else one with stock, else the first connection id). Found through the
 * (workspace, ASIN, marketplace, day) index, one seek a key.
 */
export async function trackedSummaries(
  db: D1Database,
  userId: string,
  keys: readonly { marketplace: string; asin: string }[],
  fromDay: string,
  toDay: string,
  connectionId: string | null = null,
  /** false: each summary's sparkline is left empty, in SQL (a paged dashboard needs only its page's). */
  sparklines = true,
): Promise<TrackedSummary[]> {
  if (keys.length === 0) return [];
  // The sparkline is most of a summary (about 600 of its 700 bytes): 10,000 of them are 6 MB to send and parse.
  const figures = sparklines ? "s.figures" : "json_set(s.figures, '$.spark', json('[]')) AS figures";
  const { results } = await db
    .prepare(
      `SELECT k.value ->> '$[0]' AS marketplace, k.value ->> '$[1]' AS asin,
         s.rank, s.price, s.currency, s.source, s.rank_captured_at, s.last_day, ${figures}, s.computed_at,
         d.title, d.image, d.brand, d.category, d.captured_at AS details_at,
         ss.source AS seller_source, ss.fulfillable_units, ss.buy_box_seller_id, ss.holds_buy_box,
         ss.prime_seller_id, ss.non_prime_seller_id, ss.holds_prime, ss.holds_non_prime, ss.captured_at AS seller_at
       FROM json_each(?1) AS k
       LEFT JOIN asin_summaries s ON s.marketplace = k.value ->> '$[0]' AND s.asin = k.value ->> '$[1]'
       LEFT JOIN asin_details d ON d.marketplace = k.value ->> '$[0]' AND d.asin = k.value ->> '$[1]'
       LEFT JOIN seller_snapshots ss ON ss.rowid = (SELECT t.rowid FROM seller_snapshots t WHERE t.workspace_id = ?2
           AND t.asin = k.value ->> '$[1]' AND t.marketplace = k.value ->> '$[0]' AND t.day BETWEEN ?3 AND ?4
           AND (?5 IS NULL OR t.connection_id = ?5)
         ORDER BY t.day DESC, ${SELLER_ROW_PREFERENCE}, t.connection_id LIMIT 1)`,
    )
    .bind(JSON.stringify(keys.map((key) => [key.marketplace, key.asin])), userId, fromDay, toDay, connectionId)
    .all<JoinedRow>();
  return results.map((row) => ({
    marketplace: row.marketplace,
    asin: row.asin,
    summary:
      row.figures === null || row.computed_at === null
        ? null
        : {
            marketplace: row.marketplace,
            asin: row.asin,
            rank: row.rank,
            price: row.price,
            currency: row.currency,
            source: row.source === "live" || row.source === "mock" ? row.source : null,
            rankCapturedAt: row.rank_captured_at,
            lastDay: row.last_day,
            figures: JSON.parse(row.figures) as SummaryFigures,
            computedAt: row.computed_at,
          },
    details: row.details_at === null ? null : { title: row.title, image: row.image, brand: row.brand, category: row.category },
    seller:
      row.seller_at === null
        ? null
        : {
            source: row.seller_source ?? "mock",
            fulfillableUnits: row.fulfillable_units,
            buyBoxSellerId: row.buy_box_seller_id,
            holdsBuyBox: flag(row.holds_buy_box),
            primeSellerId: row.prime_seller_id,
            nonPrimeSellerId: row.non_prime_seller_id,
            holdsPrime: flag(row.holds_prime),
            holdsNonPrime: flag(row.holds_non_prime),
            capturedAt: row.seller_at,
          },
  }));
}

/** A 0/1 column as a boolean, null kept (unknown). */
function flag(value: number | null): boolean | null {
  return value === null ? null : value !== 0;
}
