import { rgb, type Color, type PDFPage } from "pdf-lib";
import { rankPosition, usesLogRanks } from "../contract/rank-scale";
import { DAY_MS } from "../contract/time";
import type { ChartSeries } from "./export-table";
import { fitText } from "./pdf-text";
import type { PdfTypeface } from "./pdf-typeface";

const COLORS = [
  rgb(0.15, 0.39, 0.92), rgb(0.86, 0.15, 0.15), rgb(0.09, 0.64, 0.29), rgb(0.85, 0.47, 0.02), rgb(0.49, 0.23, 0.93),
  rgb(0.02, 0.59, 0.71), rgb(0.86, 0.15, 0.47), rgb(0.4, 0.4, 0.4), rgb(0.52, 0.8, 0.09), rgb(0.55, 0.27, 0.07),
];

export interface ChartBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const time = (at: string) => Date.parse(at.length === 10 ? `${at}T00:00:00Z` : at);

/**
 * Rank over time as lines on one set of axes, the best rank at the top (lower is better) and the
 * axis logarithmic as on screen when ranks span ten times or more (contract/rank-scale.ts), with
 * a legend under the plot. Days without a rank, or without a point at all (a missed day), break the line rather than joining across them. The
 * time axis spans `span` when given (the export's range), else the days that have a rank.
 */
export function drawRankChart(
  page: PDFPage,
  font: PdfTypeface,
  box: ChartBox,
  series: readonly ChartSeries[],
  firstColor?: Color,
  span?: { from?: string; to?: string },
): void {
  const legendHeight = 12 * Math.ceil(series.length / 3);
  const plot = { x: box.x + 44, y: box.y + legendHeight + 18, width: box.width - 50, height: box.height - legendHeight - 24 };
  const points = series.flatMap((s) => s.points.filter((p) => p.value !== null).map((p) => ({ t: time(p.at), v: p.value! })));
  page.drawRectangle({ ...plot, borderColor: rgb(0.7, 0.7, 0.7), borderWidth: 0.5 });
  if (points.length === 0) {
    font.draw(page, "No rank history in this range.", { x: plot.x + 8, y: plot.y + plot.height / 2, size: 9 });
    return;
  }
  // The range asked for, as the app's charts span it: two days of ranks in a 30-day export sit at its right end.
  const tMin = Math.min(...points.map((p) => p.t), ...(span?.from ? [time(span.from)] : []));
  const tMax = Math.max(...points.map((p) => p.t), ...(span?.to ? [time(span.to)] : []));
  const ranks = { min: Math.min(...points.map((p) => p.v)), max: Math.max(...points.map((p) => p.v)) };
  const xOf = (t: number) => plot.x + (tMax === tMin ? plot.width / 2 : ((t - tMin) / (tMax - tMin)) * plot.width);
  // Inverted: the best (smallest) rank at the top.
  const yOf = (v: number) => plot.y + plot.height - rankPosition(v, ranks) * plot.height;

  const axis = (text: string, x: number, y: number) => font.draw(page, text, { x, y, size: 7, color: rgb(0.3, 0.3, 0.3) });
  axis(`#${ranks.min.toLocaleString("en-US")}`, box.x, plot.y + plot.height - 7);
  axis(`#${ranks.max.toLocaleString("en-US")}`, box.x, plot.y);
  if (usesLogRanks(ranks)) axis("log scale", box.x, plot.y + plot.height / 2);
  axis(new Date(tMin).toISOString().slice(0, 10), plot.x, plot.y - 10);
  axis(new Date(tMax).toISOString().slice(0, 10), plot.x + plot.width - 40, plot.y - 10);

  series.forEach((s, index) => {
    // A workspace's accent colour draws the first line (its brand); the rest keep the palette.
    const color = index === 0 && firstColor ? firstColor : COLORS[index % COLORS.length]!;
    let previous: { x: number; y: number; t: number } | null = null;
    for (const point of s.points) {
      if (point.value === null) {
        previous = null;
        continue;
      }
      const t = time(point.at);
      // A whole UTC day with no point between two is a missed day: no line is drawn across it.
      if (previous && Math.floor(t / DAY_MS) - Math.floor(previous.t / DAY_MS) > 1) previous = null;
      const here = { x: xOf(t), y: yOf(point.value), t };
      if (previous) page.drawLine({ start: { x: previous.x, y: previous.y }, end: { x: here.x, y: here.y }, thickness: 1.2, color });
      else page.drawCircle({ x: here.x, y: here.y, size: 1.2, color });
      previous = here;
    }
    const column = index % 3;
    const row = Math.floor(index / 3);
    const lx = box.x + column * (box.width / 3);
    const ly = box.y + legendHeight - 10 - row * 12;
    page.drawRectangle({ x: lx, y: ly, width: 8, height: 3, color });
    font.draw(page, fitText(s.label, font, 7.5, box.width / 3 - 14), { x: lx + 11, y: ly - 1, size: 7.5 });
  });
}
