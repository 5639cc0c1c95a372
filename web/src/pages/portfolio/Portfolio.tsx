import { useCallback, useEffect, useId } from "react";
import { useSearchParams } from "react-router-dom";
import { Link } from "../../components/Link";
import type { PortfolioResponse } from "@contract/dashboard";
import { HISTORY_RANGES, type HistoryRange } from "@contract/history-ranges";
import { isMarketplace, readMarketplaceCode } from "@contract/marketplaces";
import { fetchPortfolio } from "../../api/dashboard";
import { LoadFailed } from "../../components/LoadFailed";
import { latestData, useResource } from "../../api/use-resource";
import { ExportButtons } from "../../components/ExportButtons";
import { formatPrice, formatRank } from "../../lib/format";
import { formatPercent, KpiCard, RankChangeNote, SourceLine, TableScroll } from "../dashboard/figures";
import { PortfolioEmpty } from "./PortfolioEmpty";
import { PortfolioHeatmap } from "./PortfolioHeatmap";
import { PortfolioClients, STATUS_TEXT } from "./PortfolioClients";
import { ConnectionPicker, useConnectionList, useConnectionParam } from "../../components/ConnectionPicker";
import { useWorkspaces } from "../../state/workspaces";
import "../../styles/dashboard.css";

const RANGE_TEXT: Record<HistoryRange, string> = { "7d": "Last 7 days", "30d": "Last 30 days", "90d": "Last 90 days" };

/** The portfolio of the signed-in user: filters, exports, KPIs, brand and category tables. */
export function Portfolio() {
  const [params, setParams] = useSearchParams();
  const marketplaceParam = readMarketplaceCode(params.get("marketplace") ?? "");
  const marketplace = isMarketplace(marketplaceParam) ? marketplaceParam : undefined;
  const brand = params.get("brand") ?? "";
  const category = params.get("category") ?? "";
  const rangeParam = params.get("range") ?? "7d";
  const range = (HISTORY_RANGES as readonly string[]).includes(rangeParam) ? (rangeParam as HistoryRange) : "7d";
  const connection = useConnectionParam();
  const connections = useConnectionList();
  const fetcher = useCallback(
    (signal: AbortSignal) => fetchPortfolio({ marketplace, brand: brand || undefined, category: category || undefined, range, connection }, signal),
    [marketplace, brand, category, range, connection],
  );
  const [portfolio, reload] = useResource(fetcher);
  const filtered = Boolean(marketplace || brand || category || range !== "7d" || connection);
  const loaded = portfolio.status === "success" ? portfolio.data : null;
  // While a changed filter's answer loads, the selects keep the last answer's options: emptied,
  // they dropped the value just chosen and offered nothing to choose next.
  const shown = latestData(portfolio) ?? null;

  // A brand or category the chosen marketplace does not have leaves the URL, so the page never
  // filters by a value its selects no longer show.
  useEffect(() => {
    if (!loaded) return;
    const stale = staleFilters(loaded, { brand, category });
    if (stale.length === 0) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of stale) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [loaded, brand, category, setParams]);

  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  // Exports need the `track` permission: a viewer reads the portfolio but downloads none of it.
  const canExport = !useWorkspaces().lacks("track");
  return (
    <div className="container seller-page portfolio">
      <h1>Portfolio</h1>
      <ConnectionPicker label="Client" connections={connections} />
      <Filters data={shown} values={{ marketplace: marketplace ?? shown?.marketplace ?? "", brand, category, range }} onChange={set} />
      {filtered && (
        <p>
          <button type="button" className="button button--secondary" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            Clear filters
          </button>
        </p>
      )}
      {portfolio.status === "loading" && <p className="seller-muted" role="status">Loading your portfolio...</p>}
      {portfolio.status === "error" && <LoadFailed message={portfolio.message ?? "Failed to load your portfolio."} onRetry={reload} />}
      {portfolio.status === "success" && (
        <>
          {canExport && (
            <ExportButtons
              dataset="portfolio"
              what="portfolio"
              disabled={portfolio.data.brandRows.length === 0}
              params={{
                range,
                ...(portfolio.data.marketplace && { marketplace: portfolio.data.marketplace }),
                ...(brand && { brand }),
                ...(category && { category }),
                ...(connection && { connection }),
              }}
            />
          )}
          {/* Above the clients block too: every figure of the demo is mock. */}
          {portfolio.data.demo && (
            <p className="seller-warning">
              <strong>Demo data.</strong> Ranks and revenue here are mock figures, labelled "Mock", never Amazon's.
            </p>
          )}
          {portfolio.data.clients && <PortfolioClients clients={portfolio.data.clients} drilledInto={portfolio.data.connection ?? null} />}
          <PortfolioBody data={portfolio.data} />
        </>
      )}
    </div>
  );
}

interface FilterValues {
  marketplace: string;
  brand: string;
  category: string;
  range: HistoryRange;
}

function Filters({ data, values, onChange }: { data: PortfolioResponse | null; values: FilterValues; onChange: (name: string, value: string) => void }) {
  const id = useId();
  const markets = marketplaceOptions(data?.marketplaces ?? [], values.marketplace);
  const select = (name: keyof FilterValues, label: string, options: readonly string[], all: string | null, text: (option: string) => string = String, disabled = false) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select id={`${id}-${name}`} value={values[name]} disabled={disabled} onChange={(event) => onChange(name, event.target.value)}>
        {all !== null && <option value="">{all}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {text(option)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form className="filters" aria-label="Portfolio filters" onSubmit={(event) => event.preventDefault()}>
      {/* Without a choice the page shows the default marketplace: the select names it once, as itself. */}
      {select("marketplace", "Marketplace", markets, markets.length ? null : data ? "None with data yet" : "Default", String, Boolean(data) && markets.length === 0)}
      {select("brand", "Brand", data?.brands ?? [], "All brands")}
      {select("category", "Category", data?.categories ?? [], "All categories")}
      {select("range", "Date range", HISTORY_RANGES, null, (option) => RANGE_TEXT[option as HistoryRange])}
    </form>
  );
}

function PortfolioBody({ data }: { data: PortfolioResponse }) {
  const { kpis } = data;
  if (data.marketplaces.length === 0) return <PortfolioEmpty data={data} rangeText={RANGE_TEXT[data.range]} />;
  return (
    <>
      {/* The cards' titles are h3s: without this, the page would skip from its h1 to them. */}
      <h2 className="visually-hidden">Key figures</h2>
      <div className="kpi-grid">
        <KpiCard
          title="Total revenue"
          value={kpis.totalRevenue ? formatPrice(kpis.totalRevenue) : "—"}
          detail={kpis.revenueNote ?? `Ordered product sales, ${RANGE_TEXT[data.range].toLowerCase()}`}
          source={kpis.revenueSource}
          missingDays={kpis.revenueMissingDays}
        />
        <KpiCard title="Average portfolio rank" value={kpis.averageRank === null ? "—" : formatRank(kpis.averageRank)} source={kpis.rankSource} />
        <KpiCard title="Top performers" value={String(kpis.topPerformers)} detail="Brands" source={kpis.rankSource} />
        <KpiCard title="Needs attention" value={String(kpis.needsAttention)} detail="Brands" source={kpis.rankSource} />
      </div>
      <section className="card" aria-labelledby="brand-table-title">
        <h2 id="brand-table-title">Brands</h2>
        <TableScroll label="Brands table">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Brand</th>
                <th scope="col">Products</th>
                <th scope="col">Average rank</th>
                <th scope="col">Rank change</th>
                <th scope="col">Revenue</th>
                <th scope="col">Status</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {data.brandRows.map((row) => (
                <tr key={row.brand}>
                  <th scope="row">
                    <Link to={`/dashboard?brand=${encodeURIComponent(row.brand)}`}>{row.brand}</Link>
                  </th>
                  <td>{row.products}</td>
                  <td>{row.averageRank === null ? "—" : formatRank(row.averageRank)}</td>
                  <td>{formatPercent(row.rankChangePercent)}</td>
                  <td>{row.revenue ? formatPrice(row.revenue) : <span title={row.revenueNote ?? undefined}>— <span className="seller-muted">{row.revenueNote}</span></span>}</td>
                  <td>
                    <span className={`badge status-badge status-badge--${row.status}`}>{STATUS_TEXT[row.status]}</span>
                  </td>
                  <td className="data-table__source">
                    <SourceLine source={row.source} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        {data.brandRows.length === 0 ? <p>No tracked ASINs match these filters.</p> : <RankChangeNote />}
      </section>
      <PortfolioHeatmap cells={data.heatmap} source={data.kpis.rankSource} />
    </>
  );
}

/** The marketplaces with data, and the one chosen even without (a client's drill-down): the select never shows another than the page. */
function marketplaceOptions(withData: readonly string[], chosen: string): readonly string[] {
  return chosen && !withData.includes(chosen) ? [...withData, chosen] : withData;
}

/** The brand and category filters the loaded portfolio has no option for (another marketplace's). */
export function staleFilters(data: Pick<PortfolioResponse, "brands" | "categories">, values: { brand: string; category: string }): ("brand" | "category")[] {
  return [
    ...(values.brand && !data.brands.includes(values.brand) ? (["brand"] as const) : []),
    ...(values.category && !data.categories.includes(values.category) ? (["category"] as const) : []),
  ];
}
