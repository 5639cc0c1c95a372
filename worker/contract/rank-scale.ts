/**
 * How ranks read, on screen, in exports and in emails alike: a rank number that grew is a worse
 * rank; and a rank chart's axis is logarithmic when the worst rank shown is ten times the best
 * or more, so a #900 product's moves are not a flat line beside a #200,000 one's, linear otherwise.
 */

/** Which way a rank moved. */
export function rankDirection(change: number): "worse" | "better" | "unchanged" {
  return change > 0 ? "worse" : change < 0 ? "better" : "unchanged";
}

export const LOG_RANK_SPREAD = 10;

export interface RankRange {
  /** The best (smallest) rank shown. */
  min: number;
  /** The worst rank shown. */
  max: number;
}

export function usesLogRanks(range: RankRange | null): boolean {
  return range !== null && range.min >= 1 && range.max / range.min >= LOG_RANK_SPREAD;
}

/** Where `rank` sits on the axis, from the best rank shown (0) to the worst (1); the middle when they are one rank. */
export function rankPosition(rank: number, range: RankRange): number {
  if (range.max <= range.min) return 0.5;
  if (usesLogRanks(range)) return Math.log(rank / range.min) / Math.log(range.max / range.min);
  return (rank - range.min) / (range.max - range.min);
}
