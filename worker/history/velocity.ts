import type { RankVelocity } from "../contract/history";
import { DAY_MS } from "../contract/time";


/** One day of a rank series; days without a rank count as missing, never as zero. */
export interface RankPoint {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  rank: number | null;
}

const NO_VELOCITY: RankVelocity = { rankChangePercent: null, slopePerDay: null, best: null, worst: null };

/**
 * Rank change %, least-squares slope per day, best and worst over the ranked days of a
 * series. The slope's x axis is the day date, so a gap of three days weighs as three.
 * Fewer than two ranked days give no figures at all: one point is not a trend.
 */
export function rankVelocity(points: readonly RankPoint[]): RankVelocity {
  const ranked = points
    .filter((point): point is { day: string; rank: number } => typeof point.rank === "number" && Number.isFinite(point.rank))
    .map((point) => ({ x: Date.parse(`${point.day}T00:00:00Z`) / DAY_MS, rank: point.rank }))
    .sort((a, b) => a.x - b.x);
  const first = ranked[0];
  const last = ranked[ranked.length - 1];
  if (ranked.length < 2 || !first || !last) return NO_VELOCITY;

  const ranks = ranked.map((point) => point.rank);
  return {
    rankChangePercent: round(((last.rank - first.rank) / first.rank) * 100, 1),
    slopePerDay: leastSquaresSlope(ranked),
    best: Math.min(...ranks),
    worst: Math.max(...ranks),
  };
}

function leastSquaresSlope(points: readonly { x: number; rank: number }[]): number | null {
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.rank, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const point of points) {
    covariance += (point.x - meanX) * (point.rank - meanY);
    variance += (point.x - meanX) ** 2;
  }
  // Every point on one day: no slope can be drawn.
  return variance === 0 ? null : round(covariance / variance, 2);
}

/** Rounds half away from zero, and never answers -0. */
function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
  return rounded === 0 ? 0 : rounded;
}
