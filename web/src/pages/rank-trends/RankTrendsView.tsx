import { useCallback, useId, useMemo, useState } from "react";
import type { DashboardResponse, IntradayResponse } from "@contract/dashboard";
import type { HistoryResponse } from "@contract/history";
import { BILLING_PATH } from "@contract/billing";
import { HISTORY_RANGE_DAYS, HISTORY_RANGES, type HistoryRange } from "@contract/history-ranges";
import { fetchDashboard, fetchIntraday } from "../../api/dashboard";
import { fetchHistory } from "../../api/history";
import { useResource } from "../../api/use-resource";
import { TimeChart } from "../../components/charts/TimeChart";
import { LimitMessage } from "../../components/LimitMessage";
import { LoadFailed } from "../../components/LoadFailed";
import { formatRank } from "../../lib/format";
import { formatPercent, formatSigned, RankChangeNote, TableScroll } from "../dashboard/figures";
import { PriceChart } from "./PriceChart";
import { merged, velocityBasisText } from "./trend-series";
import "../../styles/seller.css";
import "../../styles/dashboard.css";

/** The most ASINs one chart draws. */
export const MAX_TREND_ASINS = 10;
const RANGE_TEXT: Record<HistoryRange, string> = { "7d": "7 days", "30d": "30 days", "90d": "90 days" };
/** One function for every render, so picking a currency does not redraw the rank chart. */
const rankLabel = (value: number) => formatRank(Math.round(value));

/** /rank-trends signed in: rank and price over 7/30/90 days (the plan's limit) for up to 10 tracked ASINs. */
export function RankTrendsView() {
  const [dashboard, reload] = useResource(useCallback((signal: AbortSignal) => fetchDashboard({}, signal), []));
  return (
    <div className="container seller-page">
      <h1>Rank Trends</h1>
      {dashboard.status === "loading" && <p className="seller-muted" role="status">Loading your ASINs...</p>}
      {dashboard.status === "error" && <LoadFailed message={dashboard.message ?? "Failed to load your ASINs."} onRetry={reload} />}
      {dashboard.status === "success" && <Trends rows={dashboard.data.rows} intraday={dashboard.data.intraday} demo={dashboard.data.demo} />}
    </div>
  );
}

function Trends({ rows, intraday: planHasIntraday, demo }: { rows: DashboardResponse["rows"]; intraday: boolean; demo: boolean }) {
  const id = useId();
  const keys = rows.map((row) => `${row.marketplace}:${row.asin}`);
  const [picked, setPicked] = useState<string[]>(() => keys.slice(0, MAX_TREND_ASINS));
  const [range, setRange] = useState<HistoryRange>("7d");
  const [currency, setCurrency] = useState<string | null>(null);
  const fetcher = useCallback(
    async (signal: AbortSignal) => {
      const keys = picked.map((key) => key.split(":") as [HistoryResponse["marketplace"], string]);
      const daily = await Promise.all(keys.map(([marketplace, asin]) => fetchHistory({ asin, marketplace, range }, signal)));
      // Pro's extra refreshes add hourly points; Free charts the daily points only (and is not asked).
      const marketplaces = planHasIntraday ? [...new Set(keys.map(([marketplace]) => marketplace))] : [];
      const intraday = await Promise.all(
        marketplaces.map((marketplace) =>
          fetchIntraday(marketplace, keys.filter(([m]) => m === marketplace).map(([, asin]) => asin), range, signal).catch(() => ({ series: [] })),
        ),
      );
      return { daily, intraday: intraday.flatMap((answer) => answer.series) };
    },
    [picked, range, planHasIntraday],
  );
  const [history, reloadHistory] = useResource(fetcher);

  if (rows.length === 0) {
    return (
      <p className="card">
        No tracked ASINs yet: add some on Seller Central or Alerts to chart their ranks.
        {demo && " Seller Central also offers the demo's sample products, with 90 days of history."}
      </p>
    );
  }
  const toggle = (key: string, on: boolean) => setPicked((current) => (on ? [...current, key].slice(0, MAX_TREND_ASINS) : current.filter((k) => k !== key)));

  return (
    <>
      <div className="filters">
        <div className="field">
          <label htmlFor={`${id}-range`}>Range</label>
          <select id={`${id}-range`} value={range} onChange={(event) => setRange(event.target.value as HistoryRange)}>
            {HISTORY_RANGES.map((option) => (
              <option key={option} value={option}>
                {RANGE_TEXT[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="trends__pick">
        <legend>ASINs to chart (up to {MAX_TREND_ASINS})</legend>
        {keys.map((key) => (
          <label key={key}>
            <input type="checkbox" checked={picked.includes(key)} disabled={!picked.includes(key) && picked.length >= MAX_TREND_ASINS} onChange={(event) => toggle(key, event.target.checked)} />{" "}
            {key.replace(":", " ")}
          </label>
        ))}
      </fieldset>
      {picked.length === 0 ? (
        <p className="card">Pick at least one ASIN above to chart its rank and price.</p>
      ) : (
        <>
          {history.status === "loading" && <p className="seller-muted" role="status">Loading rank history...</p>}
          {history.status === "error" &&
            // A plan's refusal names /billing, the way past it; anything else (a 429, an upstream down) passes, so it can be asked again.
            (history.message?.includes(BILLING_PATH) ? (
              <LimitMessage inline text={history.message} />
            ) : (
              <LoadFailed message={history.message ?? "Failed to load rank history."} onRetry={reloadHistory} />
            ))}
          {history.status === "success" && <Charts series={history.data.daily} intraday={history.data.intraday} range={range} currency={currency} onCurrency={setCurrency} />}
        </>
      )}
    </>
  );
}

interface ChartsProps {
  series: HistoryResponse[];
  intraday: IntradayResponse["series"];
  range: HistoryRange;
  currency: string | null;
  onCurrency: (currency: string) => void;
}

function Charts({ series, intraday, range, currency, onCurrency }: ChartsProps) {
  const ranks = useMemo(() => merged(series, intraday, "rank"), [series, intraday]);
  const sources = new Set([...series, ...intraday].flatMap((s) => s.points.map((p) => p.source)));
  return (
    <>
      {sources.has("mock") && (
        <p className="seller-warning">
          <strong>Mock data.</strong> {sources.has("live") ? "Some points come" : "Every point comes"} from RankLayer's mock source, not from Amazon.
        </p>
      )}
      <section className="card" aria-labelledby="rank-chart-title">
        <h2 id="rank-chart-title">Rank, {RANGE_TEXT[range]}</h2>
        <TimeChart label={`Best Sellers Rank over ${RANGE_TEXT[range]}`} series={ranks} days={HISTORY_RANGE_DAYS[range]} invert formatValue={rankLabel} />
      </section>
      <PriceChart series={series} intraday={intraday} rangeText={RANGE_TEXT[range]} days={HISTORY_RANGE_DAYS[range]} currency={currency} onCurrency={onCurrency} />
      <section className="card" aria-labelledby="velocity-title">
        <h2 id="velocity-title">Velocity</h2>
        <TableScroll label="Velocity table">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">ASIN</th>
                <th scope="col">Rank change</th>
                <th scope="col">Slope per day</th>
                <th scope="col">Best</th>
                <th scope="col">Worst</th>
                <th scope="col">Based on</th>
              </tr>
            </thead>
            <tbody>
              {series.map((s) => (
                <tr key={`${s.marketplace}-${s.asin}`}>
                  <th scope="row">
                    {s.asin} ({s.marketplace})
                  </th>
                  <td>{formatPercent(s.velocity.rankChangePercent)}</td>
                  <td>{formatSigned(s.velocity.slopePerDay)}</td>
                  <td>{s.velocity.best === null ? "—" : formatRank(s.velocity.best)}</td>
                  <td>{s.velocity.worst === null ? "—" : formatRank(s.velocity.worst)}</td>
                  <td className="velocity-basis">{velocityBasisText(s)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <RankChangeNote />
      </section>
    </>
  );
}
