import type { FigureSource, HeatmapCell } from "@contract/dashboard";
import { formatPercent, SourceLine } from "../dashboard/figures";

const BAND_TEXT = { high: "High", medium: "Medium", low: "Low" } as const;

/** The user's categories banded by rank velocity (mean rank change % over the range), and where those ranks come from. */
export function PortfolioHeatmap({ cells, source }: { cells: readonly HeatmapCell[]; source: FigureSource }) {
  return (
    <section className="card" aria-labelledby="heatmap-title">
      <h2 id="heatmap-title">Categories by rank velocity</h2>
      <p className="seller-muted">High: ranks moved 10% or more over the range; medium: 3% or more; low: less.</p>
      <ul className="heatmap">
        {cells.map((cell) => (
          <li key={cell.category} className={`heatmap__cell heatmap__cell--${cell.band ?? "none"}`}>
            <strong>{cell.category}</strong>
            <br />
            {cell.band ? `${BAND_TEXT[cell.band]} velocity, ${cell.direction}` : "Not enough snapshots yet"} · {formatPercent(cell.rankChangePercent)} ·{" "}
            {cell.products} {cell.products === 1 ? "product" : "products"}
          </li>
        ))}
      </ul>
      <SourceLine source={source} />
    </section>
  );
}
