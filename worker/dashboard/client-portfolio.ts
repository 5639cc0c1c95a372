import type { ClientRow, ClientsOverview, FigureSource, Money } from "../contract/dashboard";
import { brandStatus } from "./portfolio";

/**
 * The aggregated portfolio across a workspace's seller connections (issue 28 point 4). Pure:
 * the loader reads the rows. Revenue stays in each marketplace's currency: totals are per
 * currency and never converted (no exchange rate is invented). Ranks come from the per-ASIN
 * summaries (one row per ASIN, any marketplace); a client's ASINs are the tracked ones its
 * seller has its own data on in the range.
 */

export interface ClientConnection {
  id: string;
  name: string;
  region: string;
}

/** One tracked ASIN's rank figures from asin_summaries. */
export interface AsinFigures {
  rank: number | null;
  rankChangePercent: number | null;
}

export interface ClientPortfolioInput {
  connections: readonly ClientConnection[];
  /** Which connection has data on which tracked ASIN ("<marketplace>:<asin>" keys). */
  assets: readonly { connectionId: string; key: string }[];
  /** Every tracked ASIN's figures, by key. */
  figures: ReadonlyMap<string, AsinFigures>;
  /** Summed ok revenue per connection and currency over the range. */
  revenue: readonly { connectionId: string; currency: string; amount: number }[];
  /** Where the revenue and the ranks come from, over every client and marketplace in scope (the loader's). */
  sources: { revenue: FigureSource; rank: FigureSource };
}

export function aggregateClients(input: ClientPortfolioInput): ClientsOverview {
  const rows: ClientRow[] = input.connections.map((connection) => {
    const keys = [...new Set(input.assets.filter((asset) => asset.connectionId === connection.id).map((asset) => asset.key))];
    const figures = keys.map((key) => input.figures.get(key)).filter((figure): figure is AsinFigures => figure !== undefined);
    const averageRank = meanRounded(figures.map((figure) => figure.rank));
    const rankChangePercent = meanChange(figures.map((figure) => figure.rankChangePercent));
    return {
      connectionId: connection.id,
      name: connection.name,
      region: connection.region,
      products: keys.length,
      averageRank,
      rankChangePercent,
      revenue: totalsByCurrency(input.revenue.filter((row) => row.connectionId === connection.id)),
      status: brandStatus(averageRank, rankChangePercent),
    };
  });
  return {
    revenueByCurrency: totalsByCurrency(input.revenue.filter((row) => input.connections.some((connection) => connection.id === row.connectionId))),
    revenueSource: input.sources.revenue,
    averageRank: meanRounded([...input.figures.values()].map((figure) => figure.rank)),
    rankSource: input.sources.rank,
    topPerformers: rows.filter((row) => row.status === "top-performer").length,
    needsAttention: rows.filter((row) => row.status === "needs-attention").length,
    rows,
  };
}

/** One total per currency, largest first (ties by currency code), rounded to cents. */
export function totalsByCurrency(parts: readonly { currency: string; amount: number }[]): Money[] {
  const totals = new Map<string, number>();
  for (const part of parts) totals.set(part.currency, (totals.get(part.currency) ?? 0) + part.amount);
  return [...totals]
    .map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 }))
    .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
}

function meanRounded(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length ? Math.round(known.reduce((a, b) => a + b, 0) / known.length) : null;
}

function meanChange(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) return null;
  const mean = Math.round((known.reduce((a, b) => a + b, 0) / known.length) * 10) / 10;
  return mean === 0 ? 0 : mean;
}
