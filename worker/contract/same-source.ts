/**
 * The points of the latest point's source, oldest first: a mock rank and a live one measure nothing
 * together, so a change, a velocity or a chart reads one source (the dashboard, the history
 * answer, the extension's chart).
 */
export function latestSourcePoints<T extends { source: string | null }>(points: readonly T[]): T[] {
  const latest = points.at(-1);
  return points.filter((point) => point.source === latest?.source);
}
