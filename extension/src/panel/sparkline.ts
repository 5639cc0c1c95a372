/**
 * The rank chart: a small SVG line drawn with DOM calls. Not uPlot: the site's chart library is
 * ~45 kB and draws on a canvas, while a 30- or 90-point line needs a few dozen lines of SVG that
 * keep the content script small, scale with the panel, and carry a text summary for screen readers.
 */
import type { HistoryPoint } from "../../../worker/contract/history";
import { formatRank } from "./format";

const SVG = "http://www.w3.org/2000/svg";
export const CHART_WIDTH = 300;
export const CHART_HEIGHT = 72;
const PAD = 4;

const DAY_MS = 86_400_000;

/** The ranked points of the last `days` days ending `today` (YYYY-MM-DD), oldest first. */
export function pointsWithin(points: HistoryPoint[], days: number, today: string): { day: string; rank: number }[] {
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return points.filter((point): point is HistoryPoint & { rank: number } => point.rank !== null && point.day >= first && point.day <= today);
}

/**
 * SVG path data: x by day across the range, y by rank with the best (lowest number) at the top.
 * A day without a snapshot leaves a gap in the line rather than a straight bridge over it.
 */
export function sparklinePath(ranked: { day: string; rank: number }[], days: number, today: string): string {
  if (ranked.length === 0) return "";
  const end = Date.parse(`${today}T00:00:00Z`);
  const ranks = ranked.map((point) => point.rank);
  const best = Math.min(...ranks);
  const worst = Math.max(...ranks);
  const span = Math.max(1, days - 1);
  const x = (day: string) => PAD + ((span - (end - Date.parse(`${day}T00:00:00Z`)) / DAY_MS) / span) * (CHART_WIDTH - 2 * PAD);
  const y = (rank: number) => (worst === best ? CHART_HEIGHT / 2 : PAD + ((rank - best) / (worst - best)) * (CHART_HEIGHT - 2 * PAD));
  let path = "";
  let previous: number | null = null;
  for (const point of ranked) {
    const dayIndex = Math.round((Date.parse(`${point.day}T00:00:00Z`) - end) / DAY_MS);
    const command = previous !== null && dayIndex === previous + 1 ? "L" : "M";
    // A tiny h after each M lets round line caps show a lone day as a dot.
    path += `${command}${x(point.day).toFixed(1)} ${y(point.rank).toFixed(1)} ${command === "M" ? "h0.01 " : ""}`;
    previous = dayIndex;
  }
  return path.trim();
}

/** "Rank over 30 days: from #120 to #95, best #90, worst #130." */
export function chartSummary(ranked: { rank: number }[], days: number): string {
  if (ranked.length === 0) return `No rank history in the last ${days} days yet.`;
  const ranks = ranked.map((point) => point.rank);
  return `Rank over ${days} days: from ${formatRank(ranks[0]!)} to ${formatRank(ranks.at(-1)!)}, best ${formatRank(Math.min(...ranks))}, worst ${formatRank(Math.max(...ranks))}.`;
}

/** The end of the path (today's rank, or the latest known): where the chart puts its marker. */
export function lastPointOf(path: string): { x: number; y: number } | null {
  const points = [...path.matchAll(/[ML]([\d.]+) ([\d.]+)/g)];
  const last = points.at(-1);
  return last ? { x: Number(last[1]), y: Number(last[2]) } : null;
}

export function sparklineSvg(path: string, label: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  const line = document.createElementNS(SVG, "path");
  line.setAttribute("d", path);
  line.setAttribute("class", "chart__line");
  svg.append(line);
  const last = lastPointOf(path);
  if (last) {
    const marker = document.createElementNS(SVG, "circle");
    marker.setAttribute("cx", String(last.x));
    marker.setAttribute("cy", String(last.y));
    marker.setAttribute("r", "3.5");
    marker.setAttribute("class", "chart__marker");
    svg.append(marker);
  }
  return svg;
}
