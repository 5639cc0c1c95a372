import { useCallback, useMemo, useState } from "react";
import type { HistoryResponse } from "@contract/history";
import { HISTORY_RANGE_DAYS, HISTORY_RANGES, type HistoryRange } from "@contract/history-ranges";
import type { Marketplace } from "@contract/marketplaces";
import { fetchHistory } from "../../api/history";
import { useResource } from "../../api/use-resource";
import { TimeChart } from "../../components/charts/TimeChart";
import { LoadFailed } from "../../components/LoadFailed";
import type { ChartSeries } from "../../components/charts/chart-data";
import { formatRank } from "../../lib/format";
import { BuyBoxShare } from "./BuyBoxShare";

/**
 * The compared products' rank history in one chart (Pro): 7, 30 or 90 days, as far as the
 * plan reaches, and their Buy Box share over the same days. Loaded only for Pro, with this module,
 * so Free visitors never fetch uPlot.
 */
export function CompareHistory({ asins, marketplace, historyDays }: { asins: readonly string[]; marketplace: Marketplace; historyDays: number }) {
  const ranges = HISTORY_RANGES.filter((range) => HISTORY_RANGE_DAYS[range] <= historyDays);
  const [range, setRange] = useState<HistoryRange>(ranges.includes("30d") ? "30d" : "7d");
  const key = asins.join(",");
  const fetcher = useCallback(
    (signal: AbortSignal) => Promise.all(key.split(",").map((asin) => fetchHistory({ asin, marketplace, range }, signal))),
    [key, marketplace, range],
  );
  const [histories, reload] = useResource(fetcher);

  return (
    <section className="card compare-history" aria-labelledby="compare-history-heading">
      <div className="compare-history__head">
        <h2 id="compare-history-heading">Rank history</h2>
        <div className="compare-history__ranges" role="group" aria-label="History range">
          {ranges.map((option) => (
            <button
              key={option}
              type="button"
              className="button button--secondary button--small"
              aria-pressed={option === range}
              onClick={() => setRange(option)}
            >
              {HISTORY_RANGE_DAYS[option]} days
            </button>
          ))}
        </div>
      </div>
      {histories.status === "loading" && <p role="status">Loading rank history…</p>}
      {histories.status === "error" && <LoadFailed message={histories.message ?? "Rank history is not available right now."} onRetry={reload} />}
      {histories.status === "success" && <HistoryChart histories={histories.data} days={HISTORY_RANGE_DAYS[range]} />}
      <BuyBoxShare asins={asins} marketplace={marketplace} range={range} />
    </section>
  );
}

function HistoryChart({ histories, days }: { histories: HistoryResponse[]; days: number }) {
  const series: ChartSeries[] = useMemo(
    () =>
      histories
        .filter((h) => h.points.some((p) => p.rank !== null))
        .map((h) => ({ label: h.asin, points: h.points.map((p) => ({ at: p.day, value: p.rank })) })),
    [histories],
  );
  const without = histories.filter((h) => !h.points.some((p) => p.rank !== null)).map((h) => h.asin);
  const sources = new Set(histories.flatMap((h) => h.points.map((p) => p.source)));
  return (
    <>
      {/* As on Rank Trends: whether the whole chart or only some of its points are the mock's. */}
      {sources.has("mock") && (
        <p className="compare-history__note">
          <span className="badge badge--mock">Mock Data</span> {sources.has("live") ? "Some points come" : "Every point comes"} from RankLayer&apos;s mock source, not from Amazon.
        </p>
      )}
      <TimeChart
        label={`Best Sellers Rank of ${series.map((s) => s.label).join(", ")} over ${days} days, best at the top`}
        series={series}
        days={days}
        invert
        formatValue={(value) => formatRank(Math.round(value))}
        emptyText="None of these products has rank history in this range yet."
      />
      {without.length > 0 && (
        <p className="compare-history__note">
          No rank history yet for {without.join(", ")}: RankLayer records a product&apos;s rank once a day after its first lookup.
        </p>
      )}
    </>
  );
}
