import { useCallback, useId, useRef, useState } from "react";
import { Link } from "../../components/Link";
import type { ConnectionList } from "@contract/connections";
import type { DashboardResponse } from "@contract/dashboard";
import type { Marketplace } from "@contract/marketplaces";
import { fetchDashboard } from "../../api/dashboard";
import { useResource, type Resource } from "../../api/use-resource";
import { LoadFailed } from "../../components/LoadFailed";
import { rankDirection } from "@contract/rank-scale";
import { formatCount, formatRank } from "../../lib/format";
import { WatchlistSection } from "../alerts/WatchlistSection";
import { EmptyClient } from "./EmptyClient";
import { formatPercent, KpiCard } from "./figures";
import { RefreshNowButton } from "./RefreshNowButton";
import { SampleProductsOffer } from "./SampleProductsOffer";
import { TABLE_PAGE_SIZE } from "./table-page";
import { TrackedTable, type TableSort } from "./TrackedTable";
import "../../styles/seller.css";
import "../../styles/dashboard.css";

/**
 * KPI cards and the tracked-ASIN table of the signed-in user, optionally for one brand or one of
 * `connections` (the page's list, for its picker).
 */
export function DashboardOverview({ brand, connection, connections }: { brand?: string; connection?: string; connections: Resource<ConnectionList> }) {
  const id = useId();
  const [marketplace, setMarketplace] = useState<Marketplace | "">("");
  const [sort, setSort] = useState<TableSort>({ key: "rank", ascending: true });
  const [pageIndex, setPageIndex] = useState(0);
  // The server sends one sorted page of the rows (a 10,000-ASIN watchlist is not megabytes), with the KPIs over all of them.
  const fetcher = useCallback(
    (signal: AbortSignal) =>
      fetchDashboard(
        { brand, marketplace: marketplace || undefined, connection, sort: sort.key, order: sort.ascending ? "asc" : "desc", page: String(pageIndex + 1), pageSize: String(TABLE_PAGE_SIZE) },
        signal,
      ),
    [brand, marketplace, connection, sort, pageIndex],
  );
  const [dashboard, reload] = useResource(fetcher);
  // While another page, sort or filter loads, the screen keeps what it shows (no flash back to "Loading").
  const shown = useRef<DashboardResponse | null>(null);
  if (dashboard.status === "success") shown.current = dashboard.data;

  if (dashboard.status === "error") return <LoadFailed message={dashboard.message ?? "Failed to load your dashboard."} onRetry={reload} />;
  const data = dashboard.status === "success" ? dashboard.data : shown.current;
  if (!data) return <p className="seller-muted dashboard-loading" role="status">Loading your dashboard...</p>;

  const none = (data.page?.total ?? data.rows.length) === 0 && !marketplace && !brand;
  // One client with no rows is not an empty workspace: the onboarding would list every client's ASINs.
  if (none && connection) return <EmptyClient connection={connection} connections={connections} />;
  if (none) return <EmptyDashboard demo={data.demo} onRefreshed={reload} />;
  return (
    <section className="dashboard" aria-labelledby={`${id}-title`} aria-busy={dashboard.status === "loading"}>
      <div className="dashboard__head">
        <h2 id={`${id}-title`}>{brand ? `${brand}: tracked ASINs` : "Your tracked ASINs"}</h2>
        <RefreshNowButton onRefreshed={reload} />
      </div>
      {data.demo && (
        <p className="seller-warning">
          <strong>Demo data.</strong> Every figure below comes from mock data, labelled "Mock", never from Amazon.
        </p>
      )}
      <Kpis data={data} />
      <TrackedTable
        rows={data.rows}
        serverPage={data.page}
        marketplaces={data.marketplaces}
        marketplace={marketplace}
        onMarketplace={setMarketplace}
        sort={sort}
        onSort={setSort}
        pageIndex={pageIndex}
        onPage={setPageIndex}
      />
    </section>
  );
}

function Kpis({ data }: { data: DashboardResponse }) {
  const { kpis } = data;
  const mover = kpis.biggestMover;
  return (
    <div className="kpi-grid">
      <KpiCard title="ASINs tracked" value={formatCount(kpis.tracked.value)} detail="Watchlist and alerts" source={kpis.tracked.source} />
      <KpiCard title="Average rank" value={kpis.averageRank.value === null ? "—" : formatRank(kpis.averageRank.value)} source={kpis.averageRank.source} />
      <KpiCard title="Buy Box held" value={kpis.buyBox.of ? `${kpis.buyBox.held} of ${kpis.buyBox.of}` : "—"} source={kpis.buyBox.source} />
      {/* The source is that of the ASINs with stock data: none means nothing to count, not zero low. */}
      <KpiCard title="Low stock" value={kpis.lowStock.value === null ? "—" : formatCount(kpis.lowStock.value)} detail="20 or fewer fulfillable FBA units" source={kpis.lowStock.source} />
      <KpiCard
        title="Biggest 7-day mover"
        value={mover ? mover.asin : "—"}
        asin={mover !== null}
        detail={mover ? `${formatPercent(mover.rankChangePercent)} rank, ${rankDirection(mover.rankChangePercent)} (${mover.marketplace})` : noMoverText(data)}
        // Without a mover the snapshots that do exist are named (the ranks'), not "No snapshot yet".
        source={mover ? kpis.biggestMoverSource : kpis.averageRank.source}
      />
    </div>
  );
}

/** Why there is no mover: no ASIN has two days yet, or none moved (over every row, not only the page shown). */
export function noMoverText(data: Pick<DashboardResponse, "rows" | "anyRankChange">): string {
  const anyChange = data.anyRankChange ?? data.rows.some((row) => row.rankChange7d !== null);
  return anyChange ? "No rank moved in the last 7 days" : "No 7-day change yet: needs two days of snapshots";
}

function EmptyDashboard({ demo, onRefreshed }: { demo: boolean; onRefreshed: () => void }) {
  // The watchlist below says when ASINs were added here, so the heading never says "none" beside a list of them.
  const [watched, setWatched] = useState(0);
  return (
    <section className="card dashboard-empty" aria-labelledby="dashboard-empty-title">
      <h2 id="dashboard-empty-title">{watched === 0 ? "No tracked ASINs yet" : `You now track ${watched} ASIN${watched === 1 ? "" : "s"}`}</h2>
      {watched === 0 ? (
        <p>
          Add an ASIN to your watchlist below (or create an alert on <Link to="/alerts">Alerts</Link>). Every tracked ASIN gets a
          snapshot in the nightly 02:00 UTC run; "Refresh now" takes one straight away.
        </p>
      ) : (
        <p>
          Each gets a snapshot in the nightly 02:00 UTC run; "Refresh now" takes one straight away.{" "}
          <button type="button" className="button button--secondary" onClick={onRefreshed}>
            Show the dashboard
          </button>
        </p>
      )}
      {demo && watched === 0 && <SampleProductsOffer onAdded={onRefreshed} />}
      <RefreshNowButton onRefreshed={onRefreshed} />
      <WatchlistSection onCount={setWatched} />
    </section>
  );
}
