import { buyBoxHolders, type BuyBoxColumns } from "../contract/buy-box-holders";
import { LOW_STOCK_UNITS, type DashboardKpis, type DashboardRow, type FigureSource } from "../contract/dashboard";
import type { HistoryPoint } from "../contract/history";
import type { Marketplace } from "../contract/marketplaces";
import { latestSourcePoints } from "../contract/same-source";
import { rankVelocity } from "../history/velocity";

/** What the store reads give for one tracked ASIN; every figure is a snapshot's, or null. */
export interface TrackedAsinData {
  asin: string;
  marketplace: Marketplace;
  details: { title: string | null; image: string | null; brand: string | null; category: string | null } | null;
  /** The 7-day window of daily points, oldest first. */
  points: HistoryPoint[];
  /** The latest seller snapshot of the ASIN, if any. */
  seller: SellerBuyBoxFields | null;
  /** capturedAt of the latest rank point (points carry days only). */
  rankCapturedAt: string | null;
}

/** The seller snapshot's fields a row shows (seller_snapshots; the two Buy Boxes apart since migration 0103). */
interface SellerBuyBoxFields extends BuyBoxColumns {
  source: string;
  fulfillableUnits: number | null;
  capturedAt: string;
}

// The mock serves demo accounts and every store without a live source (no partner tag of its own), paying accounts' too: not "demo".
export const RANK_SOURCE_LABEL = { live: "Amazon Creators API", mock: "Mock data (not live)" } as const;
export const SELLER_SOURCE_LABEL = { spapi: "Amazon SP-API (FBA Inventory, Product Pricing)", mock: "Mock seller API (demo)" } as const;
export const NO_SOURCE: FigureSource = { kind: null, label: "No snapshot yet", asOf: null };

/** A row's `buyBox` and `buyBoxes`. */
export function buyBoxFields(seller: TrackedAsinData["seller"]): Pick<DashboardRow, "buyBox" | "buyBoxes"> {
  const { shown, prime, nonPrime } = buyBoxHolders(seller);
  return { buyBox: shown, buyBoxes: { prime, nonPrime } };
}

/** One table row: the latest point's rank and price, the 7-day change and velocity, the seller's own data. */
export function dashboardRow(data: TrackedAsinData): DashboardRow {
  const latest = data.points.at(-1) ?? null;
  // Change and velocity compare ranks of the latest point's source only (mock and live never mixed).
  const comparable = latestSourcePoints(data.points);
  const ranked = comparable.filter((point) => point.rank !== null);
  const first = ranked[0];
  const last = ranked.at(-1);
  return {
    asin: data.asin,
    marketplace: data.marketplace,
    title: data.details?.title ?? null,
    image: data.details?.image ?? null,
    brand: data.details?.brand ?? null,
    category: data.details?.category ?? null,
    rank: latest?.rank ?? null,
    rankChange7d: first && last && ranked.length >= 2 ? last.rank! - first.rank! : null,
    velocity: rankVelocity(comparable),
    price: latest && latest.price !== null && latest.currency ? { amount: latest.price, currency: latest.currency } : null,
    ...(latest && latest.price !== null && latest.currency && latest.priceSource === "lowest_offer" ? { priceSource: "lowest_offer" as const } : {}),
    ...buyBoxFields(data.seller),
    fulfillableUnits: data.seller?.fulfillableUnits ?? null,
    // The web draws the sparkline as the row's source: the latest point's, so only its points.
    sparkline: comparable.map((point) => ({ day: point.day, rank: point.rank })),
    rankSource: latest ? { kind: latest.source, label: RANK_SOURCE_LABEL[latest.source], asOf: data.rankCapturedAt ?? latest.day } : NO_SOURCE,
    sellerSource: data.seller ? sellerSource(data.seller.source, data.seller.capturedAt) : NO_SOURCE,
  };
}

export function sellerSource(kind: string, asOf: string): FigureSource {
  return kind === "spapi" ? { kind: "spapi", label: SELLER_SOURCE_LABEL.spapi, asOf } : { kind: "mock", label: SELLER_SOURCE_LABEL.mock, asOf };
}

/**
 * The KPI cards over the rows:
 * - tracked: every row; average rank: mean of the rows' latest ranks, rounded (rows without one left out);
 * - Buy Box: rows "you" of rows with a known holder (suppressed is known: nobody holds it); low stock: rows with 0..LOW_STOCK_UNITS fulfillable units;
 * - biggest mover: the row with the largest absolute 7-day rank change %, ties to the first.
 * Each card's source is the newest capture among the rows it counts; mock if any of them is mock, "Mixed: …" beside live ones.
 */
export function dashboardKpis(rows: readonly DashboardRow[]): DashboardKpis {
  const ranked = rows.filter((row) => row.rank !== null);
  const knownBuyBox = rows.filter((row) => row.buyBox !== "unknown");
  const stocked = rows.filter((row) => row.fulfillableUnits !== null);
  let mover: DashboardRow | null = null;
  for (const row of rows) {
    const change = row.velocity.rankChangePercent;
    if (change === null || change === 0) continue;
    if (!mover || Math.abs(change) > Math.abs(mover.velocity.rankChangePercent!)) mover = row;
  }
  return {
    tracked: { value: rows.length, source: figureSource(rows.map((row) => row.rankSource)) },
    averageRank: {
      value: ranked.length ? Math.round(ranked.reduce((sum, row) => sum + row.rank!, 0) / ranked.length) : null,
      source: figureSource(ranked.map((row) => row.rankSource)),
    },
    buyBox: { held: knownBuyBox.filter((row) => row.buyBox === "you").length, of: knownBuyBox.length, source: figureSource(knownBuyBox.map((row) => row.sellerSource)) },
    lowStock: {
      // No ASIN with stock data: no count (null), as the average rank has none without ranks.
      value: stocked.length ? stocked.filter((row) => row.fulfillableUnits! <= LOW_STOCK_UNITS).length : null,
      source: figureSource(stocked.map((row) => row.sellerSource)),
    },
    biggestMover: mover ? { asin: mover.asin, marketplace: mover.marketplace, rankChangePercent: mover.velocity.rankChangePercent! } : null,
    biggestMoverSource: mover ? mover.rankSource : NO_SOURCE,
  };
}

/** The newest "as of" among sources; labelled mock when any of them is mock (never passed off as live). */
export function newest(sources: readonly FigureSource[]): FigureSource {
  const known = sources.filter((source) => source.kind !== null);
  if (known.length === 0) return NO_SOURCE;
  const latest = known.reduce((a, b) => ((b.asOf ?? "") > (a.asOf ?? "") ? b : a));
  const mock = known.find((source) => source.kind === "mock");
  return mock ? { ...mock, asOf: latest.asOf } : latest;
}

/**
 * The source of a figure over rows (a KPI card, a brand's average rank): `newest`, and when live
 * rows count beside mock ones, labelled as both. A paying account whose stores without a partner
 * tag of their own serve the mock is neither all mock nor all live.
 */
export function figureSource(sources: readonly FigureSource[]): FigureSource {
  const source = newest(sources);
  if (source.kind !== "mock") return source;
  const live = sources.find((entry) => entry.kind !== null && entry.kind !== "mock");
  return live ? { ...source, label: `Mixed: ${live.label} and ${source.label}` } : source;
}
